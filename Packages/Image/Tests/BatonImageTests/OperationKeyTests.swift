import BatonNormalizer
import BatonStore
import Foundation
import Testing

@testable import BatonImage

/// A version 6 image holds each operation's variables as its key writes them, and an open
/// joins the id and them instead of writing every key again; version 5, which writes the
/// variables value by value, still loads.
@Suite struct OperationKeyTests {
  static let operation = OperationImage(
    operationID: "abc", name: "Search",
    variables: ["term": "baton", "first": .number("10"), "filter": .object([JSONMember("open", true)])])

  /// An image with `operation` and nothing else.
  static var image: StoreImage { StoreImage(records: RecordSource(), operations: [operation]) }

  /// The variables as the key ends with them.
  static var variablesText: String { String(Substring(operation.key.utf8.dropFirst("abc:".utf8.count))) }

  @Test func theKeysVariablesAreWrittenAndTheRequestReadOutOfThem() throws {
    let file = FileImage.encode(Self.image)
    #expect(Self.version(of: file) == 6)
    #expect(Self.variablesText == #"{"filter":{"open":true},"first":10,"term":"baton"}"#)
    #expect(Self.offset(of: Self.variablesText, in: file) != nil)
    let loaded = try FileImage.decode(file)
    #expect(loaded == Self.image)
    #expect(loaded.operations.first?.key == Self.operation.key)
  }

  /// A variable exactly as deep as an image keeps survives the key's one level of object
  /// around it, in both layouts.
  @Test(arguments: [ImageFormat.sectionsVersion, ImageFormat.keyVersion])
  func aVariableAsDeepAsAllowedRoundTrips(version: UInt32) throws {
    var image = Self.image
    image.operations.append(OperationImage(
      operationID: "deep", name: "Deep", variables: ["filter": DeepValues.json(depth: ImageFormat.maximumDepth)]))
    let (file, dropped) = ImageEncoder.encode(image, version: version)
    #expect(dropped.isEmpty)
    #expect(Self.version(of: file) == version)
    #expect(try FileImage.decode(file) == image)
  }

  /// A version 5 file (variables value by value) loads as its version 6 twin does.
  @Test func aVersionFiveFileStillLoads() throws {
    for image in [Self.image, SampleImages.everyKind()] {
      let file = ImageEncoder.encode(image, version: ImageFormat.sectionsVersion).file
      #expect(Self.version(of: file) == 5)
      #expect(try FileImage.decode(file) == image)
    }
    #expect(Self.offset(of: Self.variablesText, in: ImageEncoder.encode(Self.image, version: 5).file) == nil)
  }

  /// Variables that are not JSON, or not an object, are damage that says which operation,
  /// checksums or not.
  @Test(arguments: ["not JSON", "not an object"])
  func variablesThatDoNotNameARequestAreDamage(part: String) throws {
    var file = FileImage.encode(Self.image)
    let text = Array(Self.variablesText.utf8)
    let start = try #require(Self.offset(of: Self.variablesText, in: file))
    if part == "not JSON" {
      file[start] = UInt8(ascii: "[")
    } else {
      // A JSON string as long as the object.
      let string = [UInt8(ascii: "\"")] + Array(repeating: UInt8(ascii: "x"), count: text.count - 2) + [UInt8(ascii: "\"")]
      file.replaceSubrange(start..<(start + text.count), with: string)
    }
    let layout = try file.withUnsafeBytes { try ImageDecoder.directory($0) }
    LazyImageTests.resign(&file, layout)
    #expect {
      try FileImage.decode(file)
    } throws: { error in
      guard case .damaged(let reason, _)? = error as? ImageError else { return false }
      return reason.contains("operation Search's variables are")
    }
  }

  static func version(of file: [UInt8]) -> UInt32 {
    file.withUnsafeBytes { UInt32(littleEndianBytes: $0, at: 8) }
  }

  static func offset(of text: String, in file: [UInt8]) -> Int? {
    let needle = Array(text.utf8)
    guard needle.count <= file.count else { return nil }
    return (0...(file.count - needle.count)).first { file[$0..<($0 + needle.count)].elementsEqual(needle) }
  }
}
