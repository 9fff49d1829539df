/// Emits the file of one operation (a `GraphQLOperation` with its variables, text, id,
/// metadata and data types) or one fragment (its data type and `Fragment` metadata).
struct DefinitionEmitter {
  let context: EmitContext

  func operation(_ operation: IROperation, typeName: String) -> String {
    var writer = SwiftWriter()
    let access = context.access
    let encoder = InputEncoder(context: context)
    let sendsFiles = operation.variables.contains { encoder.holdsUploads($0.type) }
    header(&writer, importingTransport: sendsFiles)
    writer.block(context.namespaceExtension) { writer in
      writer.line("/// `\(operation.kind.rawValue) \(operation.name)`.")
      writer.block("\(access)struct \(typeName): BatonStore.GraphQLOperation {") { writer in
        // Without the text (persistedOperations.includeText false), only the id goes.
        let document = context.config.persistedOperations?.includesText == false ? "" : operation.text
        writer.line("\(access)static let document = \(SwiftNames.stringLiteral(document))")
        writer.line("\(access)static let operationID = \(SwiftNames.stringLiteral(SHA256.hex(operation.text)))")
        writer.line("\(access)static let operation = BatonNormalizer.OperationDescriptor(")
        let dataStruct = operation.catchTo == nil ? "Data" : "Response"
        writer.line(
          "  name: \(SwiftNames.stringLiteral(operation.name)), kind: .\(operation.kind.rawValue), selections: \(dataStruct).selections,")
        writer.line(
          "  onError: .\(onError), throwOnFieldError: \(operation.throwOnFieldError)"
            + (operation.catchTo.map { ", catchTo: \(MetadataRenderer.catchTarget($0)))" } ?? ")"))
        if let seconds = context.config.staleAfter {
          writer.line("\(access)static var staleAfter: Swift.Duration? { .seconds(\(seconds)) }")
        }
        let names = variableNames(operation.variables)
        if !operation.variables.isEmpty { writer.line() }
        for (index, variable) in operation.variables.enumerated() {
          let omittable = !variable.type.isNonNull || variable.hasDefault
          writer.line("\(access)var \(SwiftNames.escaped(names[index])): \(encoder.declaredType(variable.type, omittable: omittable))")
        }
        writer.line()
        let parameters = operation.variables.enumerated().map { index, variable in
          let omittable = !variable.type.isNonNull || variable.hasDefault
          return "\(SwiftNames.escaped(names[index])): \(encoder.declaredType(variable.type, omittable: omittable))"
            + (omittable ? " = .absent" : "")
        }
        writer.block("\(access)init(\(parameters.joined(separator: ", "))) {") { writer in
          for name in names { writer.line("self.\(SwiftNames.escaped(name)) = \(SwiftNames.escaped(name))") }
        }
        writer.line()
        writer.block("\(access)var variables: [Swift.String: BatonNormalizer.JSONValue] {") { writer in
          if operation.variables.isEmpty {
            writer.line("[:]")
            return
          }
          writer.line("var variables: [Swift.String: BatonNormalizer.JSONValue] = [:]")
          for (index, variable) in operation.variables.enumerated() {
            let omittable = !variable.type.isNonNull || variable.hasDefault
            writer.line(encoder.assignment(
              variable.name, "self.\(SwiftNames.escaped(names[index]))", variable.type, omittable: omittable, dictionary: true))
            if let defaultValue = variable.defaultValue {
              let key = SwiftNames.stringLiteral(variable.name)
              writer.line("if variables[\(key)] == nil { variables[\(key)] = \(MetadataRenderer(context: context).json(defaultValue)) }")
            }
          }
          writer.line("return variables")
        }
        if sendsFiles {
          writer.line()
          emitUploads(operation.variables, names: names, into: &writer)
        }
        writer.line()
        emitMakeData(operation, dataStruct: dataStruct, into: &writer)
        writer.line()
        DataStructEmitter(context: context).emit(
          operation.selectionSet, declaration: "\(access)struct \(dataStruct)", typeName: dataStruct, base: 0,
          into: &writer)
      }
    }
    return writer.text
  }

  /// `uploads`: the files of the variables that hold any, by their paths in the request.
  private func emitUploads(_ variables: [IRVariable], names: [String], into writer: inout SwiftWriter) {
    let encoder = InputEncoder(context: context)
    let type = "[Swift.String: BatonTransport.GraphQLUpload]"
    writer.block("\(context.access)var uploads: \(type) {") { writer in
      writer.line("var uploads: \(type) = [:]")
      for (index, variable) in variables.enumerated() where encoder.holdsUploads(variable.type) {
        let omittable = !variable.type.isNonNull || variable.hasDefault
        writer.line(encoder.uploadStatements(
          "self.\(SwiftNames.escaped(names[index]))", variable.type, omittable: omittable,
          path: SwiftNames.stringLiteral("variables.\(variable.name)")))
      }
      writer.line("return uploads")
    }
  }

  /// `makeData`, and under `@catch` on the operation the `Data` it makes: the `Response`
  /// struct as a `Result` (`to: NULL`: optional), a failure when the read caught errors.
  private func emitMakeData(_ operation: IROperation, dataStruct: String, into writer: inout SwiftWriter) {
    let access = context.access
    let hasSpreads = Self.hasSpreads(operation.selectionSet)
    let source = hasSpreads ? "source" : "BatonNormalizer.RecordSource()"
    let signature = "\(access)static func makeData(_ root: BatonNormalizer.DataObject, in source: BatonNormalizer.RecordSource) -> Data {"
    guard let catchTo = operation.catchTo else {
      writer.line(signature)
      if !hasSpreads {
        writer.line("  // No fragment spreads to read: keeping the store's records would make its next write copy them.")
      }
      writer.line("  Data(_data: root, _source: \(source))")
      writer.line("}")
      return
    }
    let errors = context.qualified("FieldErrors")
    switch catchTo {
    case .result:
      writer.line("/// `@catch` on the operation: the data, or the field errors it caught.")
      writer.line("\(access)typealias Data = Swift.Result<Response, \(errors)>")
    case .null:
      writer.line("/// `@catch(to: NULL)` on the operation: the data, or `nil` when it caught field errors.")
      writer.line("\(access)typealias Data = Response?")
    }
    writer.line()
    let data = "Response(_data: data, _source: \(source))"
    writer.block(signature) { writer in
      writer.line("switch root.caughtOperation {")
      writer.line("case .data(let data): \(catchTo == .result ? ".success(\(data))" : data)")
      writer.line(catchTo == .result ? "case .caught(let caught): .failure(\(errors)(errors: caught))" : "case .caught: nil")
      writer.line("}")
    }
  }

  /// `refetchQuery`: the Swift name of the query `@refetchable` generated for the fragment.
  func fragment(_ fragment: IRFragment, typeName: String, refetchQuery: String? = nil) -> String {
    var writer = SwiftWriter()
    header(&writer)
    let access = context.access
    let possible = MetadataRenderer(context: context).stringSet(fragment.selectionSet.possibleTypes)
    writer.block(context.namespaceExtension) { writer in
      writer.line("/// `fragment \(fragment.name) on \(fragment.typeCondition)`, read through its spreads.")
      DataStructEmitter(context: context).emit(
        fragment.selectionSet, declaration: "\(access)struct \(typeName)", typeName: typeName, base: 0,
        statics: [
          "\(access)static let fragment = BatonNormalizer.Fragment(",
          "  name: \(SwiftNames.stringLiteral(fragment.name)), on: \(SwiftNames.stringLiteral(fragment.typeCondition)),",
          "  possibleTypes: \(possible), selections: selections, throwOnFieldError: \(fragment.throwOnFieldError)"
            + (fragment.catchTo.map { ", catchTo: \(MetadataRenderer.catchTarget($0))" } ?? "")
            + (fragment.argumentDefinitions.isEmpty
              ? "" : ", argumentDefinitions: \(MetadataRenderer(context: context).argumentDefinitions(fragment.argumentDefinitions))")
            + ")",
          "",
        ] + fragmentOnError + (refetchQuery.map { query in
          [
            "/// The query `@refetchable` generated to fetch this fragment again (and page its connection).",
            "\(access)typealias RefetchQuery = \(context.qualified(query))",
            "",
          ]
        } ?? []),
        conformance: refetchQuery == nil ? "BatonStore.GraphQLFragment" : "BatonStore.RefetchableFragment",
        into: &writer)
    }
    if fragment.isUpdatable {
      writer.line()
      UpdatableViewEmitter(context: context).emit(fragment, typeName: typeName, into: &writer)
    }
    return writer.text
  }

  /// A fragment's `onError` when the configuration's is not the protocol's default
  /// (`PROPAGATE`), for reading the fragment by id with no operation to say.
  private var fragmentOnError: [String] {
    switch context.config.onError {
    case .null, .halt:
      [
        "/// How field errors read when the fragment is read by id: the configuration's `onError`.",
        "\(context.access)static let onError = BatonNormalizer.OnErrorMode.\(onError)",
        "",
      ]
    case .propagate, nil: []
    }
  }

  private static func hasSpreads(_ set: IRSelectionSet) -> Bool {
    !set.spreads.isEmpty || set.fields.contains { $0.selectionSet.map(hasSpreads) == true }
      || set.typeCases.contains { hasSpreads($0.selectionSet) }
  }

  private var onError: String {
    switch context.config.onError {
    case .null: "null"
    case .halt: "halt"
    case .propagate, nil: "propagate"
    }
  }

  private func variableNames(_ variables: [IRVariable]) -> [String] {
    var taken: Set<String> = ["variables", "document", "operation", "operationID", "staleAfter", "Data", "Response", "makeData"]
    return variables.map { variable in
      let base = SwiftNames.unusableMembers.contains(variable.name) ? variable.name + "_" : variable.name
      let name = SwiftNames.unique(base, in: taken)
      taken.insert(name)
      return name
    }
  }

  /// The header and imports: the runtime's modules, and the modules of the Swift types
  /// baton.json maps scalars to (`Foundation` for `Foundation.Date`), whose conformances a
  /// file using the type must see (a variable's `Hashable`, for one).
  func header(_ writer: inout SwiftWriter, importingTransport: Bool = false) {
    writer.line(Generator.header)
    writer.line()
    writer.line("import BatonNormalizer")
    writer.line("import BatonStore")
    if importingTransport { writer.line("import BatonTransport") }
    for module in context.scalarModules + context.imports { writer.line("import \(module)") }
    writer.line()
  }
}
