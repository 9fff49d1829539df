import BatonNormalizer

/// The work a change to the store leaves for after its lock is released: handles to
/// notify, events to log, an image to save, fetches to start, heals to ask about.
struct StoreChanges {
  /// A fetch the store has marked in flight; the environment starts its task.
  struct FetchStart {
    let key: String
    let id: Int
    let request: GraphQLRequest
    let reader: OperationRead
  }

  /// An operation whose fetched data reads as missing, for the heal policy.
  struct HealCandidate {
    let key: String
    let request: HealRequest
  }

  var deliveries: [any HandleSink] = []
  /// Every handle the store took a strong reference to while locked. Kept until the lock
  /// is released, so a handle whose holder dropped it meanwhile runs its `deinit` (which
  /// takes the lock) outside.
  var retained: [any HandleSink] = []
  var logs: [LogEvent] = []
  var image: (version: Int, image: StoreImage)?
  var fetches: [FetchStart] = []
  var heals: [HealCandidate] = []
}
