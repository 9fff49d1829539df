/// A read object: its type, the record it came from, and one value per selection.
///
/// `fields` holds one slot per field or fragment spread of the selection set, in document
/// order, with inline fragments flattened in place (but for an aliased one under `@catch`,
/// which takes one slot holding an object of its own); generated accessors read a slot by
/// its static index, so reading a property is an index into the object's storage.
///
/// The object and its slots are one allocation (`DataSlots`), shared by its copies: a read
/// of a large response makes one object per record it reaches, and a box for the object
/// plus an array for its slots took two, with two headers.
public struct DataObject: @unchecked Sendable, Hashable {  // its storage is never changed once made, only read
  private let storage: DataSlots

  /// The object's `__typename` (its record's).
  public var typename: String { storage.header.typename }
  /// The record the object was read from.
  public var id: RecordID { storage.header.id }
  /// The slots, as an array (a copy of the object's storage; a subscript reads one slot).
  public var fields: [DataValue] {
    storage.withUnsafeMutablePointers { header, slots in
      Array(UnsafeBufferPointer(start: slots, count: header.pointee.count))
    }
  }
  /// The deferred fragments and streamed lists of this object that are not complete, by
  /// label; their slots read `.absent` (see `deferred(_:_:)`, `streamed(_:_:)`).
  public var increments: [String: IncrementState] { storage.header.increments }

  /// An object with a copy of `fields` as its slots.
  public init(typename: String, id: RecordID, fields: [DataValue], increments: [String: IncrementState] = [:]) {
    storage = DataSlots.make(DataSlots.Header(typename: typename, id: id, increments: increments, count: fields.count)) {
      slots in
      fields.withUnsafeBufferPointer { buffer in
        guard let base = buffer.baseAddress else { return }
        slots.initialize(from: base, count: buffer.count)
      }
    }
  }

  /// An object over `storage`, which a read filled (`ReadSlots`).
  init(filled storage: DataSlots) {
    self.storage = storage
  }

  /// How many slots the object has: with the subscript, a walk over them that copies none
  /// (`fields` makes an array of them).
  public var slotCount: Int { storage.header.count }

  /// Calls `body` with each slot that holds more data (an object, a list, a spread's
  /// reference), in order; the scalars and nulls that make up most slots are passed over
  /// without being copied out.
  package func forEachNestedSlot(_ body: (DataValue) -> Void) {
    storage.withUnsafeMutablePointers { header, slots in
      for index in 0..<header.pointee.count {
        switch slots[index] {
        case .object, .list, .fragment: body(slots[index])
        case .absent, .null, .scalar, .caught, .requiredFieldMissing: continue
        }
      }
    }
  }

  /// The slot at `index`, or `.absent` outside the selection (never a trap).
  public subscript(index: Int) -> DataValue {
    storage.withUnsafeMutablePointers { header, slots in
      0 <= index && index < header.pointee.count ? slots[index] : .absent
    }
  }

  public static func == (lhs: DataObject, rhs: DataObject) -> Bool {
    if lhs.storage === rhs.storage { return true }
    guard lhs.slotCount == rhs.slotCount, lhs.id == rhs.id, lhs.typename == rhs.typename,
      lhs.increments == rhs.increments
    else { return false }
    for index in 0..<lhs.slotCount where lhs[index] != rhs[index] { return false }
    return true
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(typename)
    hasher.combine(id)
    hasher.combine(slotCount)
    for index in 0..<slotCount { hasher.combine(self[index]) }
    hasher.combine(increments)
  }
}

/// A `DataObject`'s header and its slots in one allocation, never changed once `make` has
/// filled it.
final class DataSlots: ManagedBuffer<DataSlots.Header, DataValue> {
  struct Header {
    var typename: String
    var id: RecordID
    var increments: [String: IncrementState]
    /// How many slots are initialized (the capacity may be more).
    var count: Int
  }

  /// Storage for `header.count` slots, which `fill` initializes, every one of them.
  static func make(_ header: Header, fill: (UnsafeMutablePointer<DataValue>) -> Void) -> DataSlots {
    let storage = make(header, capacity: header.count)
    storage.withUnsafeMutablePointerToElements(fill)
    return storage
  }

  /// Storage with room for `capacity` slots, of which the first `header.count` are to be
  /// initialized before the storage is used or freed.
  static func make(_ header: Header, capacity: Int) -> DataSlots {
    unsafeDowncast(create(minimumCapacity: capacity) { _ in header }, to: DataSlots.self)
  }

  deinit {
    _ = withUnsafeMutablePointers { header, slots in slots.deinitialize(count: header.pointee.count) }
  }
}

extension [Selection] {
  /// How many slots a `DataObject` read for these selections has.
  public var slotCount: Int {
    reduce(0) { count, selection in
      switch selection {
      case .field, .fragmentSpread: count + 1
      case .inlineFragment(let fragment): count + fragment.slotCount
      }
    }
  }
}
