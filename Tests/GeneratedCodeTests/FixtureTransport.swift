import BatonStore
import Foundation

/// A transport that answers every request with one recorded response, so a test can watch
/// a generated operation through an environment and read the handle's phase and log.
struct FixtureTransport: Transport {
  let fixture: String

  func send(_ request: GraphQLRequest) async throws -> [UInt8] {
    [UInt8](try Data(contentsOf: RepositoryRoot.url.appendingPathComponent("Tests/GeneratedCodeTests/Fixtures/\(fixture).json")))
  }
}
