/// Emits the schema types generated code uses: enums with an `__unknown(String)` case, input
/// objects whose optional fields tell absent from null (`@oneOf` ones are enums), and custom
/// scalars.
struct SchemaTypeEmitter {
  let context: EmitContext

  func emit(_ type: SchemaType) -> String? {
    guard let swiftName = context.schemaTypeNames[type.name] else { return nil }
    var writer = SwiftWriter()
    writer.line(Generator.header)
    writer.line()
    writer.line("import BatonNormalizer")
    if type.name == context.config.uploadScalar || (type.kind == .inputObject && holdsUploads(type)) {
      writer.line("import BatonTransport")
    }
    if type.kind == .scalar, type.name != context.config.uploadScalar, let target = context.config.scalars[type.name], let module = target.split(separator: ".").first,
      target.contains(".")
    {
      writer.line("import \(module)")
    }
    writer.line()
    writer.block(context.namespaceExtension) { writer in
      if let description = type.description { writer.documentation(description) }
      switch type.kind {
      case .enumeration: enumeration(type, swiftName, into: &writer)
      case .inputObject where type.isOneOf: OneOfInputEmitter(context: context).emit(type, swiftName, into: &writer)
      case .inputObject: inputObject(type, swiftName, into: &writer)
      default: scalar(type, swiftName, into: &writer)
      }
    }
    return writer.text
  }

  /// The fallback is `__unknown`, a name GraphQL reserves, so no schema value can take it;
  /// conforming to `RawRepresentable` brings `Codable` of the raw value from the standard
  /// library, so only `allCases` is written out.
  private func enumeration(_ type: SchemaType, _ name: String, into writer: inout SwiftWriter) {
    let access = context.access
    var taken: Set<String> = ["__unknown", "rawValue", "init", "allCases"]
    let cases = type.enumValues.map { value -> (String, String) in
      let candidate = SwiftNames.lowerCamel(value.name)
      let caseName = SwiftNames.unique(SwiftNames.unusableMembers.contains(candidate) ? candidate + "_" : candidate, in: taken)
      taken.insert(caseName)
      return (value.name, SwiftNames.escaped(caseName))
    }
    // `DataResponseConvertible` by the raw value (the runtime's default), for builders.
    let conformances = "Swift.Sendable, Swift.Hashable, Swift.RawRepresentable, Swift.CaseIterable, Swift.Codable, "
      + "BatonNormalizer.DataResponseConvertible"
    writer.block("\(access)enum \(name): \(conformances) {") { writer in
      for (graphQLName, caseName) in cases { writer.line("case \(caseName) // \(graphQLName)") }
      writer.line("/// A value this client was built without: the server's schema grew.")
      writer.line("case __unknown(Swift.String)")
      writer.line()
      writer.line("/// The schema's values, without `__unknown`.")
      writer.line("\(access)static let allCases: [Self] = [\(cases.map { "." + $0.1 }.joined(separator: ", "))]")
      writer.line()
      writer.block("\(access)init(rawValue: Swift.String) {") { writer in
        writer.line("switch rawValue {")
        for (graphQLName, caseName) in cases { writer.line("case \(SwiftNames.stringLiteral(graphQLName)): self = .\(caseName)") }
        writer.line("default: self = .__unknown(rawValue)")
        writer.line("}")
      }
      writer.line()
      writer.block("\(access)var rawValue: Swift.String {") { writer in
        writer.line("switch self {")
        for (graphQLName, caseName) in cases { writer.line("case .\(caseName): \(SwiftNames.stringLiteral(graphQLName))") }
        writer.line("case .__unknown(let value): value")
        writer.line("}")
      }
    }
  }

  private func inputObject(_ type: SchemaType, _ name: String, into writer: inout SwiftWriter) {
    let access = context.access
    let encoder = InputEncoder(context: context)
    var taken: Set<String> = ["jsonValue"]
    let fields = type.inputFields.map { field -> (SchemaInputValue, String, Bool) in
      let base = SwiftNames.unusableMembers.contains(field.name) ? field.name + "_" : field.name
      let swiftName = SwiftNames.unique(base, in: taken)
      taken.insert(swiftName)
      return (field, swiftName, !field.type.isNonNull || field.defaultValue != nil)
    }
    writer.block("\(access)struct \(name): Swift.Sendable, Swift.Hashable {") { writer in
      for (field, swiftName, omittable) in fields {
        if let description = field.description { writer.documentation(description) }
        writer.line("\(access)var \(SwiftNames.escaped(swiftName)): \(encoder.declaredType(field.type, omittable: omittable))")
      }
      writer.line()
      let parameters = fields.map { field, swiftName, omittable in
        "\(SwiftNames.escaped(swiftName)): \(encoder.declaredType(field.type, omittable: omittable))" + (omittable ? " = .absent" : "")
      }
      writer.block("\(access)init(\(parameters.joined(separator: ", "))) {") { writer in
        for (_, swiftName, _) in fields { writer.line("self.\(SwiftNames.escaped(swiftName)) = \(SwiftNames.escaped(swiftName))") }
      }
      writer.line()
      writer.line("/// The value as sent: absent fields left out, explicit nulls kept.")
      writer.block("\(access)var jsonValue: BatonNormalizer.JSONValue {") { writer in
        writer.line("var fields: [BatonNormalizer.JSONMember] = []")
        for (field, swiftName, omittable) in fields {
          writer.line(encoder.assignment(
            field.name, "self.\(SwiftNames.escaped(swiftName))", field.type, omittable: omittable, dictionary: false))
        }
        writer.line("return .object(fields)")
      }
      guard holdsUploads(type) else { return }
      writer.line()
      writer.line("/// The files in the fields, by their paths below this value (`file`, `files.0`).")
      let uploadsType = "[Swift.String: BatonTransport.GraphQLUpload]"
      writer.block("\(access)var __uploads: \(uploadsType) {") { writer in
        writer.line("var uploads: \(uploadsType) = [:]")
        for (field, swiftName, omittable) in fields where encoder.holdsUploads(field.type) {
          writer.line(encoder.uploadStatements(
            "self.\(SwiftNames.escaped(swiftName))", field.type, omittable: omittable,
            path: SwiftNames.stringLiteral(field.name)))
        }
        writer.line("return uploads")
      }
    }
  }

  private func holdsUploads(_ type: SchemaType) -> Bool {
    InputEncoder(context: context).holdsUploads(.named(type.name))
  }

  private func scalar(_ type: SchemaType, _ name: String, into writer: inout SwiftWriter) {
    let access = context.access
    if type.name == context.config.uploadScalar {
      writer.line("/// The upload scalar (`uploadScalar` in baton.json): a file, sent as a part of a multipart request.")
      writer.line("\(access)typealias \(name) = BatonTransport.GraphQLUpload")
      return
    }
    if let target = context.config.scalars[type.name] {
      writer.line("/// Mapped in baton.json; `\(target)` conforms to `\(context.qualified("CustomScalar"))`.")
      writer.line("\(access)typealias \(name) = \(target)")
      return
    }
    writer.block("\(access)struct \(name): \(context.qualified("CustomScalar")) {") { writer in
      writer.line("\(access)var jsonValue: BatonNormalizer.JSONValue")
      writer.line()
      writer.block("\(access)init(jsonValue: BatonNormalizer.JSONValue) {") { writer in
        writer.line("self.jsonValue = jsonValue")
      }
    }
  }
}
