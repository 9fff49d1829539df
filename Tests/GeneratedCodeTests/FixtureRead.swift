@_spi(Development) import BatonNormalizer
import BatonStore
import Foundation
import TestPrerequisites

/// A recorded response read through generated types: normalized with the operation's
/// metadata, read back from the records, and made into the operation's `Data`.
struct FixtureRead<Request: GraphQLOperation> {
  let records: RecordSource
  let result: ReadResult
  let data: Request.Data?

  /// The recorded response body `Fixtures/<fixture>.json`.
  static func bytes(_ fixture: String) throws -> [UInt8] {
    [UInt8](try Data(contentsOf: RepositoryRoot.url.appendingPathComponent("Tests/GeneratedCodeTests/Fixtures/\(fixture).json")))
  }

  init(_ operation: Request, fixture: String) throws {
    let bytes = try Self.bytes(fixture)
    let payload = try normalize(response: bytes, for: Request.operation, variables: operation.variables)
    records = payload.records
    result = read(payload.records, operation: Request.operation, variables: operation.variables)
    data = try result.data.map { try Request.makeData($0, in: payload.records) }
  }

  /// The uncaught field errors' messages, in the order the read met them.
  var fieldErrorMessages: [String] {
    result.events.flatMap { event -> [String] in
      if case .fieldError(let errors) = event.kind { return errors.map(\.message) }
      return []
    }
  }

  var requiredFieldMissingEvents: [ReadEvent] {
    result.events.filter { if case .requiredFieldMissing = $0.kind { true } else { false } }
  }
}
