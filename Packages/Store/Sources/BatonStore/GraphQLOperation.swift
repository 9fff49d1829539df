import BatonNormalizer
import BatonTransport

/// What the runtime needs of an operation; generated code conforms, one type per
/// operation, and a test can conform by hand.
///
/// The static members describe the operation (they are the same for every instance); an
/// instance is one request: the operation with its variables.
public protocol GraphQLOperation: Sendable {
  /// The typed data generated code reads out of a `DataObject`.
  associatedtype Data: Sendable

  /// The selections, name, kind, `onError` and `@throwOnFieldError` the normalizer and
  /// reader work from.
  static var operation: BatonNormalizer.OperationDescriptor { get }
  /// The operation's text, sent as `query`, with the fragments it uses.
  static var document: String { get }
  /// A stable id for the text (the SHA-256 of `document`, hex); with the variables it
  /// names the request in the store and in the image.
  static var operationID: String { get }
  /// How long a fetch stays fresh for this operation, overriding the environment's
  /// `staleAfter`; `nil` (the default) uses the environment's.
  static var staleAfter: Duration? { get }

  /// The variables as sent: explicit nulls kept, absent ones left out unless the operation
  /// declares a default, which is then sent (as Relay's `getOperationVariables` fills it in)
  /// so that the store keys a field the same whether its variable was defaulted or given.
  var variables: [String: JSONValue] { get }

  /// The files the operation sends, by the path of the variable each fills
  /// (`variables.file`, `variables.files.0`), whose value in `variables` is `null`; empty
  /// (the default) for an operation without any. Generated code fills it for variables of
  /// the upload scalar.
  var uploads: [String: GraphQLUpload] { get }

  /// Makes the typed data from the root object a read gave. `source` is the store as the
  /// read saw it, for reading fragment spreads (`read(_:fragment:at:)`) from the same
  /// consistent snapshot; keep it only when the data has fragments to read, since data
  /// holding it makes the store's next write copy its record table. A thrown error fails
  /// the phase with `.data(_:)`. Called with the store locked, once per changed read: it
  /// must not call the environment.
  static func makeData(_ root: DataObject, in source: RecordSource) throws -> Data
}

extension GraphQLOperation {
  /// The environment's `staleAfter` applies.
  public static var staleAfter: Duration? { nil }

  /// No files.
  public var uploads: [String: GraphQLUpload] { [:] }
}
