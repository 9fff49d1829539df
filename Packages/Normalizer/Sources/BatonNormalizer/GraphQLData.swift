/// Generated data that knows the response it stands for, and can be built from one: what
/// generated builders, typed writes (`commit(_:for:)`, a typed optimistic response) and
/// previews go through. Every generated data struct conforms.
///
/// The members are `__`-prefixed (a prefix GraphQL reserves, so no field can take it) and
/// meant for Baton's own modules; an app builds data with the generated initializers.
/// `__response` (from `DataResponseConvertible`) is the response the data stands for:
/// `data` by response key and the errors it read.
public protocol GraphQLData: Sendable, Hashable, DataResponseConvertible {
  /// The selections the data reads, from its own object.
  static var __selections: [Selection] { get }

  /// Data read from `response` normalized into a source of its own, as a fetch of it reads.
  init(__response: DataResponse)
}

extension GraphQLData {
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
