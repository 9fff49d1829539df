import Foundation

/// Reads baton.json's keys out of a `JSONSerialization` object, naming the key in every error.
struct ConfigReader {
  static let knownKeys: Set<String> = [
    "schema", "documents", "output", "namespace", "onError", "scalars", "keyFields", "staleAfter",
    "accessLevel", "persistedOperations", "module", "dependencies", "uploadScalar",
  ]

  let file: String
  let root: [String: Any]
  /// Where each value starts, by the key paths errors name.
  let locations: [String: DiagnosticLocation]

  func rejectUnknownKeys() throws(ConfigError) {
    for key in root.keys.sorted() where !Self.knownKeys.contains(key) {
      throw fail(key, "unknown key; expected one of \(Self.knownKeys.sorted().joined(separator: ", ")).")
    }
  }

  func string(_ key: String) throws(ConfigError) -> String {
    guard let value = root[key] else { throw fail(key, "missing; it is required.") }
    guard let text = value as? String, !text.isEmpty else { throw fail(key, "expected a non-empty string.") }
    return text
  }

  func optionalString(_ key: String) throws(ConfigError) -> String? {
    root[key] == nil ? nil : try string(key)
  }

  /// `stringList`, or empty when the key is absent.
  func optionalStringList(_ key: String) throws(ConfigError) -> [String] {
    root[key] == nil ? [] : try stringList(key)
  }

  /// A string or an array of strings, at least one.
  func stringList(_ key: String) throws(ConfigError) -> [String] {
    guard let value = root[key] else { throw fail(key, "missing; it is required.") }
    if let text = value as? String, !text.isEmpty { return [text] }
    guard let items = value as? [Any], !items.isEmpty else {
      throw fail(key, "expected a string or a non-empty array of strings.")
    }
    var strings: [String] = []
    for (index, item) in items.enumerated() {
      guard let text = item as? String, !text.isEmpty else {
        throw fail("\(key)[\(index)]", "expected a non-empty string.")
      }
      strings.append(text)
    }
    return strings
  }

  func optionalEnum<Value: RawRepresentable & CaseIterable>(
    _ key: String, _ type: Value.Type
  ) throws(ConfigError) -> Value? where Value.RawValue == String {
    guard let value = root[key] else { return nil }
    let allowed = Value.allCases.map(\.rawValue).joined(separator: ", ")
    guard let text = value as? String, let parsed = Value(rawValue: text) else {
      throw fail(key, "expected one of \(allowed).")
    }
    return parsed
  }

  func optionalSeconds(_ key: String) throws(ConfigError) -> Int? {
    guard let value = root[key] else { return nil }
    guard let number = value as? NSNumber, !Self.isBoolean(number),
      let seconds = Int(exactly: number.doubleValue), seconds >= 0
    else {
      throw fail(key, "expected a whole number of seconds, 0 or more.")
    }
    return seconds
  }

  func scalars() throws(ConfigError) -> [String: String] {
    guard let value = root["scalars"] else { return [:] }
    guard let object = value as? [String: Any] else { throw fail("scalars", "expected an object.") }
    var scalars: [String: String] = [:]
    for (name, target) in object {
      guard let text = target as? String, SwiftNames.isQualifiedTypeName(text) else {
        throw fail("scalars.\(name)", "expected a Swift type name such as \"Foundation.Date\".")
      }
      scalars[name] = text
    }
    return scalars
  }

  func keyFields() throws(ConfigError) -> [String: [String]] {
    guard let value = root["keyFields"] else { return [:] }
    guard let object = value as? [String: Any] else { throw fail("keyFields", "expected an object.") }
    var keys: [String: [String]] = [:]
    for (type, fields) in object {
      guard let names = fields as? [String], !names.isEmpty, !names.contains(where: \.isEmpty) else {
        throw fail("keyFields.\(type)", "expected a non-empty array of field names.")
      }
      keys[type] = names
    }
    return keys
  }

  /// `persistedOperations`: an object with `path`, and optionally `format` (`apollo` or
  /// `relay`) and `includeText`.
  func persistedOperations() throws(ConfigError) -> PersistedOperationsSetting? {
    guard let value = root["persistedOperations"] else { return nil }
    let key = "persistedOperations"
    guard let object = value as? [String: Any] else { throw fail(key, "expected an object with \"path\".") }
    for name in object.keys.sorted() where !["path", "format", "includeText"].contains(name) {
      throw fail("\(key).\(name)", "unknown key; expected format, includeText or path.")
    }
    guard let path = object["path"] as? String, !path.isEmpty else {
      throw fail("\(key).path", "expected the manifest's path, a non-empty string.")
    }
    var format = PersistedOperationsSetting.Format.apollo
    if let value = object["format"] {
      guard let text = value as? String, let parsed = PersistedOperationsSetting.Format(rawValue: text) else {
        throw fail("\(key).format", "expected apollo or relay.")
      }
      format = parsed
    }
    var includesText = true
    if let value = object["includeText"] {
      guard let number = value as? NSNumber, Self.isBoolean(number) else {
        throw fail("\(key).includeText", "expected true or false.")
      }
      includesText = number.boolValue
    }
    return PersistedOperationsSetting(path: path, format: format, includesText: includesText)
  }

  private func fail(_ key: String, _ message: String) -> ConfigError {
    ConfigError(file: file, key: key, message: message, location: locations[key] ?? locations[""])
  }

  /// `JSONSerialization` gives booleans as `NSNumber`; `true` is no number of seconds.
  private static func isBoolean(_ number: NSNumber) -> Bool {
    number.objCType.pointee == CChar(UInt8(ascii: "c"))
  }
}
