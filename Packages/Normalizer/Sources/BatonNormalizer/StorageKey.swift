/// The key a field is stored under: its name, then its arguments with variables applied,
/// sorted by name, each value as canonical JSON: `issues(last:100,states:["OPEN"])`.
///
/// An argument whose variable was not provided is left out (absent is not null); a field
/// without arguments is stored under its bare name.
package enum StorageKey {
  package static func make(name: String, arguments: [Argument], variables: [String: JSONValue]) -> String {
    var parts: [(String, JSONValue)] = []
    for argument in arguments {
      if let value = argument.value.resolved(with: variables) { parts.append((argument.name, value)) }
    }
    guard !parts.isEmpty else { return name }
    parts.sort { $0.0 < $1.0 }
    var bytes = Array(name.utf8)
    bytes.append(UInt8(ascii: "("))
    for (index, part) in parts.enumerated() {
      if index > 0 { bytes.append(UInt8(ascii: ",")) }
      bytes.append(contentsOf: part.0.utf8)
      bytes.append(UInt8(ascii: ":"))
      JSONWriter.write(part.1, sortedKeys: true, into: &bytes)
    }
    bytes.append(UInt8(ascii: ")"))
    return String(decoding: bytes, as: UTF8.self)
  }
}
