/// `onError` in baton.json: the error behavior every operation of the target requests.
public enum OnErrorSetting: String, Sendable, CaseIterable {
  case null = "NULL"
  case propagate = "PROPAGATE"
  case halt = "HALT"
}
