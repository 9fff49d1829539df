import BatonNormalizer

/// Where the store keeps its image between launches. `BatonImage` implements it
/// with a file; a test passes its own.
///
/// The environment calls `load()` once, when it is made, and `save(_ change:)` after every
/// change it commits, before any handle hears of it, with an `ImageChange`: the whole image
/// (a value: the records are shared copy-on-write, so handing it over costs nothing) and
/// the records written and removed since the change it handed over before. An
/// implementation that writes whole images implements `save(_ image:)` alone (the default
/// `save(_ change:)` calls it); one that writes what changed implements `save(_ change:)`.
/// An implementation may write each change at once or keep the latest and write it later
/// (a save delays the handles' updates, so it should be quick); `flush()` must not return
/// before the latest image given to a save is durable.
///
/// Methods are called from any thread, never two saves at once for one environment, but
/// `flush()` may come from another thread while a save runs.
public protocol Persistence: Sendable {
  /// The stored image, or `nil` when there is none yet. Throws when an image exists but
  /// cannot be used (damaged, foreign, another version); the environment logs the error
  /// and starts empty, so an implementation that sets such a file aside should do it
  /// before throwing.
  func load() throws -> StoreImage?

  /// Keeps `image` as the latest state. A thrown error is logged; the store goes on.
  func save(_ image: StoreImage) throws

  /// Keeps `change.image` as the latest state, knowing which records changed since the
  /// change before. A thrown error is logged; the store goes on.
  func save(_ change: ImageChange) throws

  /// Blocks until the latest saved image is durable.
  func flush()

  /// Where to report what an image leaves out. The environment calls it once, before
  /// `load()`; an implementation that keeps everything need not implement it.
  func report(to events: PersistenceEvents)

  /// Removes the stored image and any image saved but not yet written, for a sign-out: a
  /// crash during it must leave the old image or none, never part of one. The environment
  /// calls it from `reset()`, after which it saves no image older than the reset.
  func erase() throws

  /// The byte budget the store keeps within when the environment is given none of its own
  /// (`GraphQLEnvironment.init(maximumBytes:)`); `nil`, the default, for none.
  var maximumBytes: Int? { get }
}

extension Persistence {
  /// Saves the whole image: what a persistence that writes whole images does.
  public func save(_ change: ImageChange) throws {
    try save(change.image)
  }

  /// Saves an empty image: what a persistence without a file of its own can do.
  public func erase() throws {
    try save(StoreImage(records: RecordSource(), operations: []))
    flush()
  }

  /// Reports nothing: an implementation that keeps everything has nothing to say.
  public func report(to events: PersistenceEvents) {}

  /// No budget: the store keeps what its release buffer keeps.
  public var maximumBytes: Int? { nil }
}
