/// The slots of an object being read, written straight into the storage its `DataObject`
/// keeps: a read makes one object per record it reaches, and filling an array, moving the
/// slots out of it and emptying it again cost more per object than the slots did.
///
/// Not copyable: two writers of one storage would each think its slots their own.
struct ReadSlots: ~Copyable {
  private var storage: DataSlots
  /// The storage's header and slots: their addresses do not move while the writer holds
  /// the storage, and writing through them asks for no exclusive access at run time, as
  /// setting the class's `header` does.
  private var header: UnsafeMutablePointer<DataSlots.Header>
  private var slots: UnsafeMutablePointer<DataValue>
  private var capacity: Int
  private var count = 0

  /// Storage with room for `capacity` slots, the object's selections' count: it grows only
  /// when a caller does not know the count.
  init(typename: String, id: RecordID, capacity: Int) {
    self.capacity = capacity
    storage = DataSlots.make(DataSlots.Header(typename: typename, id: id, increments: [:], count: 0), capacity: capacity)
    (header, slots) = storage.withUnsafeMutablePointers { ($0, $1) }
  }

  mutating func append(_ value: consuming DataValue) {
    if count == capacity { grow() }
    (slots + count).initialize(to: value)
    count += 1
    // The storage frees what its header counts, should the read drop the object.
    header.pointee.count = count
  }

  /// Appends `count` slots of `.absent`.
  mutating func appendAbsent(_ count: Int) {
    for _ in 0..<count { append(.absent) }
  }

  /// The object the slots make, with the deferred and streamed parts not yet complete.
  consuming func object(increments: [String: IncrementState] = [:]) -> DataObject {
    if !increments.isEmpty { header.pointee.increments = increments }
    return DataObject(filled: storage)
  }

  private mutating func grow() {
    let larger = DataSlots.make(
      DataSlots.Header(typename: header.pointee.typename, id: header.pointee.id, increments: [:], count: 0),
      capacity: max(2 * capacity, 4))
    let (largerHeader, largerSlots) = larger.withUnsafeMutablePointers { ($0, $1) }
    largerSlots.moveInitialize(from: slots, count: count)
    largerHeader.pointee.count = count
    header.pointee.count = 0
    storage = larger
    (header, slots) = (largerHeader, largerSlots)
    capacity = max(2 * capacity, 4)
  }
}
