/// Emits `<Namespace>.swift`: the namespace enum and the small runtime support generated
/// code needs (`Input`, `FieldErrors`, `CustomScalar` and how a builder adds one, the empty
/// object behind zero values).
/// It is generated rather than shipped in a runtime module so that runtime modules never
/// depend on code generation.
struct SupportEmitter {
  let context: EmitContext

  func emit() -> String {
    let access = context.access
    var writer = SwiftWriter()
    writer.line(Generator.header)
    writer.line()
    writer.line("import BatonNormalizer")
    writer.line()
    writer.line("/// The types generated from this target's GraphQL documents.")
    writer.line("nonisolated \(access)enum \(context.namespace) {}")
    writer.line()
    writer.block(context.namespaceExtension) { writer in
      writer.line("/// A value a request may leave out (`absent`), send as `null`, or send.")
      writer.block("\(access)indirect enum Input<Wrapped: Swift.Sendable & Swift.Hashable>: Swift.Sendable, Swift.Hashable {") { writer in
        writer.line("case absent")
        writer.line("case null")
        writer.line("case value(Wrapped)")
        writer.line()
        writer.line("/// The JSON sent, or `nil` when the value is left out.")
        writer.block("func encoded(_ encode: (Wrapped) -> BatonNormalizer.JSONValue) -> BatonNormalizer.JSONValue? {") { writer in
          writer.line("switch self {")
          writer.line("case .absent: nil")
          writer.line("case .null: .null")
          writer.line("case .value(let value): encode(value)")
          writer.line("}")
        }
      }
      writer.line()
      writer.line("/// The field errors a `@catch` field caught, the same from cache as from network.")
      writer.block("\(access)struct FieldErrors: BatonNormalizer.CaughtFieldErrors, Swift.Sendable, Swift.Hashable {") { writer in
        writer.line("\(access)let errors: [BatonNormalizer.FieldError]")
        writer.line()
        writer.line("/// Errors as a `@catch(to: RESULT)` field catches them: `.failure(FieldErrors(errors: ...))` in a builder.")
        writer.block("\(access)init(errors: [BatonNormalizer.FieldError]) {") { writer in
          writer.line("self.errors = errors")
        }
      }
      if !context.sharesSchemaTypes { customScalarSupport(into: &writer) }
      writer.line()
      writer.line("/// What a non-null object reads as when the store cannot give it: every field reads its")
      writer.line("/// zero value, and the read's events say why.")
      writer.line("static let emptyObject = BatonNormalizer.DataObject(typename: \"\", id: \"client:placeholder\", fields: [])")
      if context.config.generatesSchemaTypes { possibleTypes(into: &writer) }
      if !context.sharesSchemaTypes { maxAges(into: &writer) }
    }
    InputLiteralsEmitter(context: context).emit(into: &writer)
    return writer.text
  }

  /// `CustomScalar` and how a builder adds one. A schema module's builder wrapper is as
  /// visible as its types, for the feature modules' builders.
  private func customScalarSupport(into writer: inout SwiftWriter) {
    let access = context.access
    let shared = context.config.generatesSchemaTypes ? access : ""
    writer.line()
    writer.line("/// A custom scalar's Swift type: made from the JSON the server sent (any JSON: decide")
    writer.line("/// what a value you cannot read means) and encoded back for variables and builders.")
    // It refines no protocol of another module, so a type of Foundation's or the app's
    // conforms without a retroactive conformance, and at any access level.
    writer.block("\(access)protocol CustomScalar: Swift.Sendable, Swift.Hashable {") { writer in
      writer.line("init(jsonValue: BatonNormalizer.JSONValue)")
      writer.line("var jsonValue: BatonNormalizer.JSONValue { get }")
    }
    writer.line()
    writer.line("/// A custom scalar as a builder adds it to the response: its JSON.")
    writer.block("\(shared)struct CustomScalarResponse<Scalar: CustomScalar>: BatonNormalizer.DataResponseConvertible {") { writer in
      writer.line("\(shared)let scalar: Scalar")
      writer.line()
      writer.line("\(shared)init(_ scalar: Scalar) {")
      writer.line("  self.scalar = scalar")
      writer.line("}")
      writer.line()
      writer.line("\(shared)var __response: BatonNormalizer.DataResponse { BatonNormalizer.DataResponse(scalar.jsonValue) }")
    }
  }

  /// The max ages the schema extension declares (`@maxAge`, `@maxAgeField`), keyed
  /// `"Type.field"` as `MaxAges(fields:)` takes them; nothing when it declares none.
  private func maxAges(into writer: inout SwiftWriter) {
    let entries = context.schema.types.flatMap { type in
      type.fields.compactMap { field in field.maxAgeSeconds.map { ("\(type.name).\(field.name)", $0) } }
    }.sorted { $0.0 < $1.0 }
    guard !entries.isEmpty else { return }
    writer.line()
    writer.line("/// The max ages the schema extension declares, for `MaxAges(fields:)`.")
    writer.block("\(context.access)static let maxAges: [Swift.String: Swift.Duration] = [", closing: "]") { writer in
      for (key, seconds) in entries { writer.line("\(SwiftNames.stringLiteral(key)): .seconds(\(seconds)),") }
    }
  }

  /// A schema module's map from each interface and union to the object types a value of
  /// it may have.
  private func possibleTypes(into writer: inout SwiftWriter) {
    let abstract = context.schema.types
      .filter { ($0.kind == .interface || $0.kind == .union) && !$0.name.hasPrefix("__") }
      .map(\.name).sorted()
    let entries = abstract.map { name in
      let members = context.schema.possibleTypes(of: name).sorted().map(SwiftNames.stringLiteral).joined(separator: ", ")
      return "\(SwiftNames.stringLiteral(name)): [\(members)]"
    }
    writer.line()
    writer.line("/// The object types a value of each interface and union of the schema may have.")
    let declaration = "\(context.access)static let possibleTypes: [Swift.String: Swift.Set<Swift.String>] = "
    if entries.isEmpty {
      writer.line(declaration + "[:]")
      return
    }
    writer.array(declaration, entries)
  }
}
