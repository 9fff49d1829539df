/// A list of generated data, as a list field of objects reads: it holds the list the read
/// gave and makes each element when it is asked for, so reading the property costs no
/// array of its own (and `data.characters[3]` makes one element, not all of them).
///
/// A `RandomAccessCollection` (so `ForEach(data.characters)` takes it when its elements are
/// `Identifiable`, and `Array(data.characters)` copies it out), `Hashable` by its elements'
/// values as generated data is, and `Sendable`. Builders take an `Array` of the elements.
public struct DataList<Element: DataListElement>: RandomAccessCollection, Hashable, Sendable {
  // Inlinable, with what they read: an app's module specializes them for its element
  // types, where a call each would look up the element type's metadata at run time.
  @usableFromInline let items: DataItems
  @usableFromInline let source: RecordSource

  /// The list `items` (slots of a read), whose objects' spread fragments read from `source`.
  @inlinable public init(__items items: DataItems, in source: RecordSource) {
    self.items = items
    self.source = source
  }

  /// The list `items` (slots of a read), whose objects' spread fragments read from `source`.
  public init(__items items: [DataValue], in source: RecordSource) {
    self.init(__items: DataItems(items), in: source)
  }

  /// `0`.
  @inlinable public var startIndex: Int { items.startIndex }

  /// The number of elements.
  @inlinable public var endIndex: Int { items.endIndex }

  /// The element at `position`, made from the item the read gave.
  @inlinable public subscript(position: Int) -> Element {
    Element(__item: items[position], in: source) ?? Element.__missing
  }

  /// Equal when the elements are, one by one.
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.count == rhs.count && lhs.indices.allSatisfy { lhs[$0] == rhs[$0] }
  }

  /// Hashes the elements, as `==` compares them.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(count)
    for element in self { hasher.combine(element) }
  }
}

extension DataList: CustomDebugStringConvertible {
  /// The elements, as an array prints them.
  public var debugDescription: String {
    "[" + map { String(reflecting: $0) }.joined(separator: ", ") + "]"
  }
}

extension DataList: DataResponseConvertible where Element: DataResponseConvertible {
  /// The list, as an `Array` of the same elements stands for it.
  public var __response: DataResponse { Array(self).__response }
}

/// What a `DataList` holds: generated data (an object item), an optional of one (a null
/// item is `nil`), or a list of them (a list item).
public protocol DataListElement: Hashable, Sendable {
  /// The element `item` holds, or `nil` when it holds none of this kind (a null, or a
  /// value the read could not give).
  init?(__item item: DataValue, in source: RecordSource)

  /// What a non-null item the read could not give reads as: an object without fields,
  /// whose accessors give zero values, or an empty list.
  static var __missing: Self { get }
}

/// Generated data that a list field holds declares `DataListElement` (and only such data,
/// since every conformance is witnesses to compile); its members are these.
extension DataListElement where Self: GraphQLData {
  /// The object `item` holds.
  @inlinable public init?(__item item: DataValue, in source: RecordSource) {
    guard let object = item.objectValue else { return nil }
    self.init(_data: object, _source: source)
  }

  /// An object without fields.
  @inlinable public static var __missing: Self { Self(_data: .placeholder, _source: RecordSource()) }
}

extension DataObject {
  /// What a non-null object reads as when the store cannot give it (the same object each
  /// namespace's generated `emptyObject` is).
  @usableFromInline static let placeholder = DataObject(typename: "", id: "client:placeholder", fields: [])
}

extension Optional: DataListElement where Wrapped: DataListElement {
  /// The wrapped element, or `nil` for an item that holds none.
  public init?(__item item: DataValue, in source: RecordSource) {
    self = Wrapped(__item: item, in: source)
  }

  /// `nil`.
  public static var __missing: Self { nil }
}

extension DataList: DataListElement {
  /// The list `item` holds.
  public init?(__item item: DataValue, in source: RecordSource) {
    guard let items = item.listValue else { return nil }
    self.init(__items: items, in: source)
  }

  /// An empty list.
  public static var __missing: Self { Self(__items: DataItems(), in: RecordSource()) }
}
