/// Generated data that knows the response it stands for, and can be built from one: what
/// generated builders, typed writes (`commit(_:for:)`, a typed optimistic response) and
/// previews go through. Every generated data struct conforms.
///
/// A generated struct declares only its stored state (one `DataRead`: the object a read
/// gave and the source it was read from), its layout and its accessors (and, when it is
/// a list's element, its `DataListElement` conformance, whose members are here too); `==`, `hash(into:)`,
/// `debugDescription`, `init(__response:)` and `__response` are this protocol's, written
/// once here rather than once a struct, which keeps generated code cheaper to compile
/// (structs with their own `==` and `hash(into:)` cost far more to compile than the same
/// structs using one protocol extension's; see BENCHMARKS.md, codegen compile time).
///
/// The members are `_`- or `__`-prefixed (`__` is a prefix GraphQL reserves, and the
/// generator renames a field called `_data` or `_source`) and meant for Baton's own
/// modules; an app builds data with the generated initializers. `__response` (from
/// `DataResponseConvertible`) is the response the data stands for: `data` by response key
/// and the errors it read.
public protocol GraphQLData: Sendable, Hashable, CustomDebugStringConvertible, DataResponseConvertible {
  /// The selections the data reads and the slot of `_data` where their values start.
  /// One requirement for the two (not one each): every requirement is a witness a
  /// generated struct compiles.
  static var __layout: DataLayout { get }

  /// The object a read gave and the source it was read from.
  var __read: DataRead { get }

  /// Data over a read object and its source.
  init(__read: DataRead)
}

extension GraphQLData {
  /// The selections the data reads, from its own object.
  public static var __selections: [Selection] { __layout.selections }

  /// The object a read gave, one slot per selection.
  public var _data: DataObject { __read.object }

  /// The records the read came from, which spread fragments read from.
  public var _source: RecordSource { __read.source }

  /// Data over a read object and its source.
  @inlinable public init(_data: DataObject, _source: RecordSource) {
    self.init(__read: DataRead(_data, in: _source))
  }

  /// Equal by the values read, fragments' included, not by the records they came from,
  /// so two reads of the same data from two stores are equal.
  public static func == (lhs: Self, rhs: Self) -> Bool {
    let layout = __layout
    return lhs._data.hasSameValues(as: rhs._data, selections: layout.selections, base: layout.base, in: lhs._source, rhs._source)
  }

  /// Hashes the values `==` compares (spread fragments' fields left out: equal values still
  /// hash alike).
  public func hash(into hasher: inout Hasher) {
    let layout = Self.__layout
    _data.hashValues(selections: layout.selections, base: layout.base, into: &hasher)
  }

  /// The hash of the values `==` compares. Written here, so the compiler does not make one
  /// a struct (one function and one property descriptor fewer each to compile).
  public var hashValue: Int {
    var hasher = Hasher()
    hash(into: &hasher)
    return hasher.finalize()
  }

  /// The fields read, as `Name(key: value, ...)`, rather than slots and records.
  public var debugDescription: String {
    let layout = Self.__layout
    return _data.debugDescription(named: String(describing: Self.self), selections: layout.selections, base: layout.base, in: _source)
  }

  /// Data read from `response` normalized into a source of its own, as a fetch of it reads.
  public init(__response: DataResponse) {
    let layout = Self.__layout
    let built = __response.built(selections: layout.selections, base: layout.base)
    self.init(_data: built.data, _source: built.source)
  }

  /// The response the data stands for.
  public var __response: DataResponse {
    let layout = Self.__layout
    return _data.response(selections: layout.selections, base: layout.base, in: _source)
  }

  /// This data with a field error at `path` (response keys and list indices from this
  /// data's top): the field reads null (or, when it is non-null, its nearest nullable
  /// parent does, as a server nulls it), and its `@catch`, if any, catches the error.
  public func withFieldError(_ message: String, at path: [PathComponent], extensions: JSONValue? = nil) -> Self {
    Self(__response: __response.settingFieldError(
      FieldError(message: message, path: path, extensions: extensions), selections: Self.__selections))
  }
}

extension PathComponent: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral {
  /// A key: `["shelf", "books", 0, "title"]`.
  public init(stringLiteral value: String) { self = .key(value) }
  /// A list index.
  public init(integerLiteral value: Int) { self = .index(value) }
}
