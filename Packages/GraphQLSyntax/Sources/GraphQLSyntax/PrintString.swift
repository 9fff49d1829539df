/// A string as a quoted GraphQL `StringValue`, the way graphql-js's `printString` prints
/// it: `"` and `\` escaped, control characters and U+007F–U+009F as escapes. (Block
/// strings: `BlockString.print`.)
public func printString(_ value: String) -> String {
  var output: [UInt8] = [0x22]
  output.reserveCapacity(value.utf8.count + 2)
  for scalar in value.unicodeScalars {
    switch scalar.value {
    case 0x08: output.append(contentsOf: Array("\\b".utf8))
    case 0x09: output.append(contentsOf: Array("\\t".utf8))
    case 0x0A: output.append(contentsOf: Array("\\n".utf8))
    case 0x0C: output.append(contentsOf: Array("\\f".utf8))
    case 0x0D: output.append(contentsOf: Array("\\r".utf8))
    case 0x22: output.append(contentsOf: Array("\\\"".utf8))
    case 0x5C: output.append(contentsOf: Array("\\\\".utf8))
    case 0x00...0x1F, 0x7F...0x9F:
      let hex = String(scalar.value, radix: 16, uppercase: true)
      output.append(contentsOf: Array("\\u".utf8))
      output.append(contentsOf: Array(String(repeating: "0", count: 4 - hex.count).utf8))
      output.append(contentsOf: Array(hex.utf8))
    default:
      UTF8.encode(scalar) { output.append($0) }
    }
  }
  output.append(0x22)
  return String(decoding: output, as: UTF8.self)
}
