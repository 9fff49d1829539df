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
///
/// An object a read found plain is a lens over its record instead (`RecordLens`): its
/// slots are looked up when asked for, equal to the ones the eager read would have filled.
public struct DataObject: @unchecked Sendable, Hashable {  // its storage is never changed once made, only read
  private enum Storage {
    case slots(DataSlots)
    case lens(RecordLens)
  }

  private let storage: Storage

  /// The object's `__typename` (its record's).
  public var typename: String {
    switch storage {
    case .slots(let slots): slots.header.typename
    case .lens(let lens): lens.record.typename ?? ""
    }
  }
  /// The record the object was read from.
  public var id: RecordID {
    switch storage {
    case .slots(let slots): slots.header.id
    case .lens(let lens): lens.record.id
    }
  }
  /// The slots, as an array (a copy of the object's storage; a subscript reads one slot).
  public var fields: [DataValue] {
    switch storage {
    case .slots(let storage):
      storage.withUnsafeMutablePointers { header, slots in
        Array(UnsafeBufferPointer(start: slots, count: header.pointee.count))
      }
    case .lens(let lens): (0..<lens.slotCount).map(lens.slot)
    }
  }
  /// The deferred fragments and streamed lists of this object that are not complete, by
  /// label; their slots read `.absent` (see `deferred(_:_:)`, `streamed(_:_:)`).
  public var increments: [String: IncrementState] {
    switch storage {
    case .slots(let slots): slots.header.increments
    // A read with an increment pending is never a lens.
    case .lens: [:]
    }
  }

  /// An object with a copy of `fields` as its slots.
  public init(typename: String, id: RecordID, fields: [DataValue], increments: [String: IncrementState] = [:]) {
    storage = .slots(
      DataSlots.make(DataSlots.Header(typename: typename, id: id, increments: increments, count: fields.count)) {
        slots in
        fields.withUnsafeBufferPointer { buffer in
          guard let base = buffer.baseAddress else { return }
          slots.initialize(from: base, count: buffer.count)
        }
      })
  }

  /// An object over `storage`, which a read filled (`ReadSlots`).
  init(filled storage: DataSlots) {
    self.storage = .slots(storage)
  }

  /// An object whose slots `lens` looks up.
  init(lens: RecordLens) {
    storage = .lens(lens)
  }

  /// The context of the lens the object is, or `nil` for an object of slots.
  var lensContext: LensContext? {
    guard case .lens(let lens) = storage else { return nil }
    return lens.context
  }

  /// How many slots the object has: with the subscript, a walk over them that copies none
  /// (`fields` makes an array of them).
  public var slotCount: Int {
    switch storage {
    case .slots(let slots): slots.header.count
    case .lens(let lens): lens.slotCount
    }
  }

  /// Calls `body` with each slot that holds more data (an object, a list, a spread's
  /// reference), in order; the scalars and nulls that make up most slots are passed over
  /// without being copied out.
  package func forEachNestedSlot(_ body: (DataValue) -> Void) {
    switch storage {
    case .slots(let storage):
      storage.withUnsafeMutablePointers { header, slots in
        for index in 0..<header.pointee.count where slots[index].isNested { body(slots[index]) }
      }
    case .lens(let lens):
      for index in 0..<lens.slotCount {
        let slot = lens.slot(index)
        if slot.isNested { body(slot) }
      }
    }
  }

  /// The slot at `index`, or `.absent` outside the selection (never a trap).
  public subscript(index: Int) -> DataValue {
    switch storage {
    case .slots(let storage):
      storage.withUnsafeMutablePointers { header, slots in
        0 <= index && index < header.pointee.count ? slots[index] : .absent
      }
    case .lens(let lens): lens.slot(index)
    }
  }

  /// The scalar slot `index` holds, or `nil` for any other slot: what a scalar's accessor
  /// reads, without copying the slot out around it (a lens looks it up in place).
  func scalar(at index: Int) -> JSONValue? {
    switch storage {
    case .slots(let storage):
      storage.withUnsafeMutablePointers { header, slots in
        guard 0 <= index && index < header.pointee.count, case .scalar(let scalar) = slots[index] else { return nil }
        return scalar
      }
    case .lens(let lens): lens.scalar(index)
    }
  }

  public static func == (lhs: DataObject, rhs: DataObject) -> Bool {
    switch (lhs.storage, rhs.storage) {
    case (.slots(let left), .slots(let right)) where left === right: return true
    case (.lens(let left), .lens(let right)) where left === right: return true
    default: break
    }
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

extension DataValue {
  /// Whether the value holds more data: an object, a list or a spread's reference.
  fileprivate var isNested: Bool {
    switch self {
    case .object, .list, .fragment: true
    case .absent, .null, .scalar, .caught, .requiredFieldMissing: false
    }
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
