import Foundation

/// The persisted-operations manifest of a generation, as `PersistedOperationsSetting`
/// describes: Apollo's persisted query manifest or Relay's id-to-text map, operations in
/// name order, keys sorted, one line per value, so a diff of two manifests reads well.
enum PersistedManifest {
  /// The file's text for `operations` in `format`.
  static func text(_ operations: [IROperation], format: PersistedOperationsSetting.Format) -> String {
    let sorted = operations.sorted { ($0.name, $0.text) < ($1.name, $1.text) }
    switch format {
    case .apollo:
      let entries = sorted.map { operation in
        let members = [
          ("body", operation.text), ("id", SHA256.hex(operation.text)), ("name", operation.name),
          ("type", operation.kind.rawValue),
        ].map { "      \(quoted($0.0)): \(quoted($0.1))" }
        return "    {\n" + members.joined(separator: ",\n") + "\n    }"
      }
      return """
        {
          "format": "apollo-persisted-query-manifest",
          "operations": [
        \(entries.joined(separator: ",\n"))
          ],
          "version": 1
        }

        """
    case .relay:
      let entries = sorted.map { "  \(quoted(SHA256.hex($0.text))): \(quoted($0.text))" }
      return "{\n" + entries.joined(separator: ",\n") + "\n}\n"
    }
  }

  /// `text` as a JSON string.
  private static func quoted(_ text: String) -> String {
    var result = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": result += "\\\""
      case "\\": result += "\\\\"
      case "\n": result += "\\n"
      case "\r": result += "\\r"
      case "\t": result += "\\t"
      case _ where scalar.value < 0x20: result += String(format: "\\u%04x", scalar.value)
      default: result.unicodeScalars.append(scalar)
      }
    }
    return result + "\""
  }
}
