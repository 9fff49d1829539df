/// Emits a `@oneOf` input object (graphql-spec 2025) as a Swift enum with one case per
/// field, its value non-null: exactly one field, never null, is all the type admits, so
/// an invalid input cannot be built. It encodes to the one-field object.
///
/// `indirect`, as a `@oneOf` type may hold itself (`input Filter @oneOf { not: Filter }`).
struct OneOfInputEmitter {
  let context: EmitContext

  func emit(_ type: SchemaType, _ name: String, into writer: inout SwiftWriter) {
    let access = context.access
    let encoder = InputEncoder(context: context)
    var taken: Set<String> = ["jsonValue"]
    let cases = type.inputFields.map { field -> (SchemaInputValue, String) in
      let candidate = SwiftNames.unusableMembers.contains(field.name) ? field.name + "_" : field.name
      let caseName = SwiftNames.unique(candidate, in: taken)
      taken.insert(caseName)
      return (field, SwiftNames.escaped(caseName))
    }
    writer.block("\(access)indirect enum \(name): Swift.Sendable, Swift.Hashable {") { writer in
      for (field, caseName) in cases {
        if let description = field.description {
          writer.documentation(description)
          writer.line("///")
        }
        writer.line("/// `\(field.name)`")
        writer.line("case \(caseName)(\(encoder.swiftType(.nonNull(field.type.nullable))))")
      }
      writer.line()
      writer.line("/// The value as sent: an object with the one field.")
      writer.block("\(access)var jsonValue: BatonNormalizer.JSONValue {") { writer in
        writer.line("switch self {")
        for (field, caseName) in cases {
          let value = encoder.encode("value", field.type.nullable)
          writer.line("case .\(caseName)(let value): .object([BatonNormalizer.JSONMember(\(SwiftNames.stringLiteral(field.name)), \(value))])")
        }
        writer.line("}")
      }
    }
  }
}
