import BatonCLI
import BatonImage
import BatonStore
import BatonNormalizer
import Foundation
import Testing

/// `baton inspect` reads untrusted files: every damaged image ends in a sentence saying
/// what is wrong and exit code 1, never a crash.
struct DamagedImageTests {
  static func sampleImage() -> [UInt8] {
    let records = RecordSource([
      StoreRecord(id: .root, fields: ["character(id:\"1\")": RecordField(.link("Character:1"))]),
      StoreRecord(id: "Character:1", typename: "Character", fields: [
        "name": RecordField(.scalar(.string("Rick </script> & <b>"))),
        "species": RecordField(.null, errors: [FieldError(message: "species unavailable", path: [.key("x"), .index(0)])]),
      ]),
    ])
    let operation = OperationImage(
      operationID: "abc", name: "CharacterDetail", variables: ["id": .string("1")], fetchedAt: Date(timeIntervalSince1970: 0),
      seenRecords: [.root, "Character:1"])
    return FileImage.encode(StoreImage(records: records, operations: [operation]))
  }

  static func inspect(_ bytes: [UInt8], _ arguments: [String] = []) throws -> (CommandOutput, ExitCode) {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("damaged-\(UUID().uuidString).image")
    try Data(bytes).write(to: url)
    defer { try? FileManager.default.removeItem(at: url) }
    var output = CommandOutput()
    let code = Baton.run(["inspect", url.path] + arguments, output: &output)
    return (output, code)
  }

  static let damages: [(String, @Sendable ([UInt8]) -> [UInt8], String)] = [
    ("empty", { _ in [] }, "The image file is empty."),
    ("foreign", { _ in Array("{\"data\":{}}".utf8) }, "not a Baton image"),
    ("truncated", { Array($0.prefix($0.count - 5)) }, "its header says"),
    ("a flipped payload byte", { bytes in
      var bytes = bytes
      bytes[40] ^= 0xff
      return bytes
    }, "checksum does not match"),
    ("a header only", { Array($0.prefix(32)) }, "its header says"),
  ]

  @Test(arguments: damages.indices)
  func aDamagedImageIsReportedNotCrashedOn(_ index: Int) throws {
    let (name, damage, message) = Self.damages[index]
    let (output, code) = try Self.inspect(damage(Self.sampleImage()))
    #expect(code == .inputError, "\(name)")
    #expect(output.standardError.contains(message), "\(name): \(output.standardError)")
    #expect(output.standardOutput.isEmpty)
  }

  @Test func everyTruncationOfAnImageIsReported() throws {
    let bytes = Self.sampleImage()
    for length in stride(from: 0, to: bytes.count, by: 7) {
      let (output, code) = try Self.inspect(Array(bytes.prefix(length)))
      #expect(code == .inputError && !output.standardError.isEmpty, "length \(length)")
    }
  }

  @Test func aMissingFileAndABadOptionAreReported() throws {
    var output = CommandOutput()
    #expect(Baton.run(["inspect", "/nonexistent/store.image"], output: &output) == .inputError)
    #expect(output.standardError == "baton inspect: cannot read '/nonexistent/store.image'.\n")
    output = CommandOutput()
    #expect(Baton.run(["inspect"], output: &output) == .usageError)
    let (badOption, code) = try Self.inspect(Self.sampleImage(), ["--stale-after", "soon"])
    #expect(code == .usageError)
    #expect(badOption.standardError.hasPrefix("baton inspect: --stale-after takes a whole number of seconds, not 'soon'."))
  }

  @Test func theJSONParsesAndSaysWhatTheTextSays() throws {
    let (output, code) = try Self.inspect(Self.sampleImage(), ["--json", "--stale-after", "300"])
    #expect(code == .success)
    let json = try #require(try JSONSerialization.jsonObject(with: Data(output.standardOutput.utf8)) as? [String: Any])
    #expect(json["format"] as? String == "baton-inspection")
    #expect(json["version"] as? Int == 1)
    let operation = try #require((json["operations"] as? [[String: Any]])?.first)
    #expect(operation["name"] as? String == "CharacterDetail")
    #expect(operation["stale"] as? Bool == true)
    #expect((operation["staleReasons"] as? [String])?.first?.hasPrefix("Fetched ") == true)
    #expect(operation["seenRecords"] as? [String] == ["Character:1", "client:root"])
    let records = try #require(json["records"] as? [[String: Any]])
    #expect(records.map { $0["id"] as? String } == ["Character:1", "client:root"])
    let fields = try #require(records[0]["fields"] as? [String: [String: Any]])
    #expect((fields["name"]?["value"] as? [String: Any])?["scalar"] as? String == "Rick </script> & <b>")
    let error = try #require((fields["species"]?["errors"] as? [[String: Any]])?.first)
    #expect(error["message"] as? String == "species unavailable")
    #expect((error["path"] as? [Any])?.count == 2)
    let link = try #require((records[1]["fields"] as? [String: [String: Any]])?["character(id:\"1\")"]?["value"] as? [String: Any])
    #expect(link["link"] as? String == "Character:1")
    // Markup characters are escaped, so the same bytes sit safely inside the page's <script>.
    #expect(!output.standardOutput.contains("</script>"))
  }

  @Test func thePageIsOneFileWithNothingToFetch() throws {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("page-\(UUID().uuidString).html")
    defer { try? FileManager.default.removeItem(at: url) }
    let (output, code) = try Self.inspect(Self.sampleImage(), ["--html", url.path])
    #expect(code == .success)
    #expect(output.standardOutput == "Wrote the inspector page of 2 records to \(url.path).\n")
    let page = try String(contentsOf: url, encoding: .utf8)
    #expect(page.hasPrefix("<!doctype html>"))
    #expect(page.contains("default-src 'none'"))
    // One closing script tag per script element (head, script, records, their hand-off):
    // the data cannot end its element early.
    #expect(page.components(separatedBy: "</script>").count == 5)
    #expect(page.contains("<script type=\"text/plain\" id=\"baton-records\">\n{\"fields\":{\"name\":{\"value\":{\"scalar\":\"Rick \\u003c/script\\u003e"))
    for external in ["src=", "href=", "@import", "url(", "http://", "https://"] {
      #expect(!page.contains(external), "the page refers to something outside: \(external)")
    }
  }
}
