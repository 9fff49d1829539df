import Testing

@testable import GraphQLSyntax

/// A parse makes each name over 15 bytes once and shares it. Names that hash alike, names
/// one byte apart, and more names than the table first holds must all come back as the
/// bytes they were read from.
@Suite("Long names: one string for each, shared within a parse")
struct LongNamesTests {
  /// Names of 16 to 90 bytes that share their first sixteen and last eight bytes (what
  /// the hash reads) and differ only in between, or only in length.
  private static func collidingNames(_ count: Int) -> [String] {
    (0..<count).map { index in
      let middle = String(repeating: "m", count: index % 7) + String(index, radix: 36)
      return "abcdefghijklmnop" + middle + String(repeating: "z", count: index % 60) + "_suffix_"
    }
  }

  @Test("Every name reads back as its bytes, first time and again, as the table grows")
  func namesReadBack() {
    let names = Self.collidingNames(700)
    // Each name twice, the second time in reverse order, in one small source: the table
    // starts at 64 slots and grows several times.
    let order = names + names.reversed()
    let bytes = Array((order.joined(separator: " ") + String(repeating: " ", count: 16)).utf8)
    var table = LongNames()
    defer { table.close() }
    bytes.withUnsafeBufferPointer { buffer in
      var offset = 0
      var read: [String] = []
      for name in order {
        let end = offset + name.utf8.count
        read.append(table.string(buffer, offset, end))
        offset = end + 1
      }
      #expect(read == order)
    }
  }

  @Test("Names one byte apart, or one byte longer, stay apart")
  func nearNames() {
    let base = "averyveryverylongname"
    let names = [
      base, base + "s", String(base.dropLast()) + "E", "A" + base.dropFirst(), base, base + "s",
    ]
    let text = names.joined(separator: " ") + String(repeating: " ", count: 16)
    var table = LongNames()
    defer { table.close() }
    Array(text.utf8).withUnsafeBufferPointer { buffer in
      var offset = 0
      for name in names {
        let end = offset + name.utf8.count
        #expect(table.string(buffer, offset, end) == name)
        offset = end + 1
      }
    }
  }

  @Test("A parsed document's long names equal the source's, wherever they stand")
  func parsedNames() throws {
    let names = Self.collidingNames(150)
    let fields = names.map { "\($0): \($0)(\($0): \"x\") @\($0)" }.joined(separator: "\n")
    let document = try parse(
      Source("query \(names[0]) { \(fields) }\ntype \(names[1]) { \(names[2]): \(names[3]) }"))
    guard case .operation(let operation) = document.definitions.first,
      case .objectType(let type) = document.definitions.last
    else {
      Issue.record("Not an operation and a type")
      return
    }
    #expect(operation.name?.value == names[0])
    for (name, selection) in zip(names, operation.selectionSet.selections) {
      guard case .field(let field) = selection else {
        Issue.record("Not a field")
        continue
      }
      #expect(field.alias?.value == name && field.name.value == name)
      #expect(field.arguments.map(\.name.value) == [name])
      #expect(field.directives.map(\.name.value) == [name])
    }
    #expect(type.name.value == names[1])
    #expect(type.fields.map(\.name.value) == [names[2]])
    #expect(type.fields.first?.type.namedType.name.value == names[3])
  }
}
