import GraphQLSyntax

/// One generation run over a validated document: builds the IR, decides every Swift name,
/// and emits the files in a fixed order.
struct Emission {
  let schema: Schema
  let document: Document
  let documents: DocumentSet
  let config: BatonConfig
  let keyFields: [String: [String]]

  func files() throws(CodegenErrors) -> [GeneratedFile] {
    try generation().files
  }

  /// The Swift files, and the persisted-operations manifest when baton.json asks for one.
  func generation() throws(CodegenErrors) -> Generation {
    let inserter = StoreFieldInserter(schema: schema, keyFields: keyFields)
    let labeler = DeferLabeler()
    var fragmentNodes: [String: FragmentDefinition] = [:]
    var operationNodes: [OperationDefinition] = []
    for definition in document.definitions {
      switch definition {
      case .fragment(let node): fragmentNodes[node.name.value] = inserter.fragment(labeler.fragment(node))
      case .operation(let node): operationNodes.append(inserter.operation(labeler.operation(node)))
      default: break
      }
    }
    let builder = IRBuilder(schema: schema, fragments: fragmentNodes, locate: documents.locate)
    var errors: [CodegenError] = []
    var fragments: [String: IRFragment] = [:]
    for name in fragmentNodes.keys.sorted() {
      guard let node = fragmentNodes[name] else { continue }
      do { fragments[name] = try builder.fragment(node) } catch { errors += error.errors }
    }
    var operations: [IROperation] = []
    for node in operationNodes {
      do {
        operations.append(try builder.operation(node, text: text(of: node, fragments: fragmentNodes)))
      } catch {
        errors += error.errors
      }
    }
    if !errors.isEmpty { throw CodegenErrors(errors) }

    var taken = EmitContext.supportNames.union(SwiftNames.keywords).union([config.namespace])
    var schemaTypeNames: [String: String] = [:]
    let usedTypes = SchemaTypeUsage(schema: schema).usedTypes(operations: operations, fragments: Array(fragments.values))
    for name in usedTypes {
      let swiftName = SwiftNames.unique(name, in: taken)
      taken.insert(swiftName)
      schemaTypeNames[name] = swiftName
    }
    var operationTypeNames: [String] = []
    for operation in operations {
      let suffix = SwiftNames.upperCamel(operation.kind.rawValue)
      let base = operation.name.hasSuffix(suffix) ? operation.name : operation.name + suffix
      let swiftName = SwiftNames.unique(SwiftNames.upperCamel(base) == base ? base : base, in: taken)
      taken.insert(swiftName)
      operationTypeNames.append(swiftName)
    }
    var fragmentTypeNames: [String: String] = [:]
    for name in fragments.keys.sorted() {
      let swiftName = SwiftNames.unique(name, in: taken)
      taken.insert(swiftName)
      fragmentTypeNames[name] = swiftName
    }
    let context = EmitContext(
      schema: schema, config: config, schemaTypeNames: schemaTypeNames, fragmentTypeNames: fragmentTypeNames,
      fragments: fragments, keyFields: keyFields)
    let prefix = config.namespace + "."
    var files = [GeneratedFile(path: config.namespace + ".swift", contents: SupportEmitter(context: context).emit())]
    let typeEmitter = SchemaTypeEmitter(context: context)
    for name in usedTypes {
      guard let type = schema.type(named: name), let text = typeEmitter.emit(type), let swiftName = schemaTypeNames[name] else {
        continue
      }
      files.append(GeneratedFile(path: prefix + swiftName + ".swift", contents: text))
    }
    let emitter = DefinitionEmitter(context: context)
    for (index, operation) in operations.enumerated() {
      let typeName = operationTypeNames[index]
      files.append(GeneratedFile(path: prefix + typeName + ".swift", contents: emitter.operation(operation, typeName: typeName)))
    }
    for name in fragments.keys.sorted() {
      guard let fragment = fragments[name], let typeName = fragmentTypeNames[name] else { continue }
      let refetchQuery = fragment.refetchQueryName.flatMap { name in
        operations.firstIndex { $0.name == name }.map { operationTypeNames[$0] }
      }
      files.append(GeneratedFile(
        path: prefix + typeName + ".swift", contents: emitter.fragment(fragment, typeName: typeName, refetchQuery: refetchQuery)))
    }
    let manifest = config.persistedOperations.map { setting in
      GeneratedFile(path: setting.path, contents: PersistedManifest.text(operations, format: setting.format))
    }
    return Generation(files: files.sorted { $0.path < $1.path }, manifest: manifest)
  }

  /// The text sent for an operation: it and every fragment it uses, printed canonically,
  /// fragments in name order, fragment arguments inlined (`FragmentArgumentInliner`).
  ///
  /// Under an `onError` setting the text opens with a comment naming it: a target asking
  /// for NULL and one leaving the server's default send different requests, so their texts,
  /// and with them the ids (the SHA-256 of the text), must differ too, or the store and a
  /// persisted-operations manifest would take the two for one. Servers ignore the comment,
  /// and an automatic persisted query's hash still matches the text it is sent with.
  private func text(of operation: OperationDefinition, fragments: [String: FragmentDefinition]) -> String {
    let definitions = FragmentArgumentInliner.definitions(of: operation, fragments: fragments, schema: schema)
    let printed = Printer.print(Document(definitions: ClientOnlyStripper(schema: schema).strip(definitions)))
    return config.onError.map { "# onError: \($0.rawValue)\n" + printed } ?? printed
  }
}
