import BatonTestServer

extension TestServer {
  /// Points Rick's origin at `location` (a record key such as `Location:20`).
  func retargetRicksOrigin(to location: String) async throws {
    try await control(["command": "set", "target": "Character:1.origin", "value": .string(location)])
  }
}
