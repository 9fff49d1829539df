/// What a parent reads for a fragment spread (data masking): which fragment, on which
/// record, under which request. Reading the fragment with `read(_:fragment:at:)` gives its fields.
public struct FragmentReference: Sendable, Hashable {
  public let fragment: String
  public let record: RecordID
  /// The operation the reference was read under, whose variables and `onError` apply.
  public let owner: ReadOwner
  public let variables: [String: JSONValue]
  public let onError: OnErrorMode
}
