import BatonNormalizer

/// The outbox as the store keeps it: the entries in the order they were made, the layer
/// each pending one shows, the operations it can replay, and whether a replay is running.
///
/// Only one entry is sent at a time, the oldest pending one: a replay stops at the first
/// that fails in transit and starts again when the network is back, at the next launch or
/// when the app asks (`GraphQLEnvironment.sendOutbox()`).
struct StoreOutbox {
  /// Every entry of this session, oldest first: the pending ones (kept in the image) and
  /// the settled ones, until the app removes them.
  private(set) var entries: [OutboxEntry] = []
  /// The optimistic layer of each pending entry that has one, by entry id.
  private(set) var layers: [String: Int] = [:]
  /// The operations whose replies the store can write, by operation id: those the app
  /// named when it made the environment, and every one enqueued since.
  var operations: [String: BatonNormalizer.OperationDescriptor] = [:]
  /// Whether a replay task is running; at most one is.
  var isSending = false
  /// Whether a replay was asked for while one ran (the network came back during a try):
  /// the running one then goes on past a try that fails in transit, once, rather than
  /// stopping with the request lost.
  var isAskedAgain = false

  /// The entry `id`, if the outbox has it.
  subscript(id: String) -> OutboxEntry? {
    entries.first { $0.id == id }
  }

  /// The pending entries, as the image keeps them.
  var pending: [OutboxEntry] { entries.filter(\.state.isPending) }

  /// Adds `entry` last, showing layer `layer`.
  mutating func append(_ entry: OutboxEntry, layer: Int?) {
    entries.append(entry)
    if let layer { layers[entry.id] = layer }
  }

  /// Sets the state of entry `id`; returns its layer when the new state settles it (the
  /// layer is then forgotten here, for the caller to remove).
  mutating func setState(_ state: OutboxState, of id: String) -> Int? {
    guard let position = entries.firstIndex(where: { $0.id == id }) else { return nil }
    entries[position].state = state
    return state.isPending ? nil : layers.removeValue(forKey: id)
  }

  /// Removes entry `id`; returns its layer, for the caller to remove.
  mutating func remove(_ id: String) -> Int? {
    entries.removeAll { $0.id == id }
    return layers.removeValue(forKey: id)
  }

  /// The oldest pending entry, if it is queued (not on its way already).
  var next: OutboxEntry? {
    guard let first = entries.first(where: \.state.isPending), first.state == .queued else { return nil }
    return first
  }

  /// Forgets every entry and layer (the layers go with the records in a reset).
  mutating func removeAll() {
    entries = []
    layers = [:]
    isSending = false
    isAskedAgain = false
  }
}
