import GraphQLSyntax

/// One generation run over a validated document: builds the IR, decides every Swift name,
/// and emits the files in a fixed order.
///
/// With dependencies, the document holds their documents too: every definition's IR is
/// built (an operation's text holds the fragments it uses wherever they are defined), but
/// only the target's own are emitted; a dependency's fragment is named as its own
/// generation names it, in its namespace.
struct Emission {
  let schema: Schema
  let document: Document
  let documents: DocumentSet
  let config: BatonConfig
  let keyFields: [String: [String]]
  var dependencies: [DependencyFiles] = []

  func files() throws(CodegenErrors) -> [GeneratedFile] {
    try generation().files
  }

  /// The Swift files, and the persisted-operations manifest when baton.json asks for one.
  func generation() throws(CodegenErrors) -> Generation {
    let inserter = StoreFieldInserter(schema: schema, keyFields: keyFields)
    let labeler = DeferLabeler()
    // Which module defines each definition: 0 the target, i + 1 `dependencies[i]`.
    var homes: [String: Int] = [:]
    for (index, dependency) in dependencies.enumerated() {
      for file in dependency.documents { homes[file.name] = index + 1 }
    }
    func home(_ location: Location?) -> Int {
      documents.locate(location).first.flatMap { homes[$0.file] } ?? 0
    }
    var fragmentNodes: [String: FragmentDefinition] = [:]
    var fragmentHomes: [String: Int] = [:]
    var operationNodes: [OperationDefinition] = []
    var operationHomes: [Int] = []
    for definition in document.definitions {
      switch definition {
      case .fragment(let node):
        fragmentNodes[node.name.value] = inserter.fragment(labeler.fragment(node))
        fragmentHomes[node.name.value] = home(node.loc)
      case .operation(let node):
        operationNodes.append(inserter.operation(labeler.operation(node)))
        operationHomes.append(home(node.loc))
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
    for (index, node) in operationNodes.enumerated() {
      do {
        let operation = try builder.operation(node, text: text(of: node, fragments: fragmentNodes))
        // A `@refetchable` fragment's query, which has no place in a file, is its fragment's module's.
        if let fragment = fragments.values.first(where: { $0.refetchQueryName == operation.name }) {
          operationHomes[index] = fragmentHomes[fragment.name] ?? 0
        }
        operations.append(operation)
      } catch {
        errors += error.errors
      }
    }
    if !errors.isEmpty { throw CodegenErrors(errors) }
    if config.generatesSchemaTypes { return schemaModuleGeneration() }

    let ownOperations = operations.indices.filter { operationHomes[$0] == 0 }.map { operations[$0] }
    let ownFragments = fragments.keys.filter { fragmentHomes[$0] == 0 }
    let schemaModule = dependencies.first { $0.config.generatesSchemaTypes }
    let usedTypes = schemaModule == nil
      ? SchemaTypeUsage(schema: schema).usedTypes(operations: ownOperations, fragments: ownFragments.compactMap { fragments[$0] })
      : []
    let names = TypeNames(namespace: config.namespace, schemaTypes: usedTypes, operations: ownOperations, fragments: ownFragments)
    var fragmentTypeNames = names.fragments
    var fragmentNamespaces: [String: String] = [:]
    var fragmentOnError: [String: OnErrorSetting] = [:]
    for (index, dependency) in dependencies.enumerated() where !dependency.config.generatesSchemaTypes {
      let theirFragments = fragments.keys.filter { fragmentHomes[$0] == index + 1 }
      let theirOperations = operations.indices.filter { operationHomes[$0] == index + 1 }.map { operations[$0] }
      let theirTypes = dependency.usesSchemaModule
        ? [] : SchemaTypeUsage(schema: schema).usedTypes(operations: theirOperations, fragments: theirFragments.compactMap { fragments[$0] })
      let theirNames = TypeNames(
        namespace: dependency.config.namespace, schemaTypes: theirTypes, operations: theirOperations, fragments: theirFragments)
      for name in theirFragments {
        fragmentTypeNames[name] = theirNames.fragments[name]
        fragmentNamespaces[name] = dependency.config.namespace
        fragmentOnError[name] = dependency.config.onError
      }
    }
    let schemaTypeNames = schemaModule.map { module in
      TypeNames(namespace: module.config.namespace, schemaTypes: TypeNames.allSchemaTypes(schema), operations: [], fragments: [])
        .schemaTypes
    } ?? names.schemaTypes
    let context = EmitContext(
      schema: schema, config: config, schemaTypeNames: schemaTypeNames, fragmentTypeNames: fragmentTypeNames,
      fragments: fragments, keyFields: keyFields, schemaNamespace: schemaModule?.config.namespace ?? config.namespace,
      fragmentNamespaces: fragmentNamespaces, fragmentOnError: fragmentOnError, imports: dependencies.map(\.module))
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
    for (index, operation) in ownOperations.enumerated() {
      let typeName = names.operations[index]
      files.append(GeneratedFile(path: prefix + typeName + ".swift", contents: emitter.operation(operation, typeName: typeName)))
    }
    for name in ownFragments.sorted() {
      guard let fragment = fragments[name], let typeName = fragmentTypeNames[name] else { continue }
      let refetchQuery = fragment.refetchQueryName.flatMap { name in
        ownOperations.firstIndex { $0.name == name }.map { names.operations[$0] }
      }
      files.append(GeneratedFile(
        path: prefix + typeName + ".swift", contents: emitter.fragment(fragment, typeName: typeName, refetchQuery: refetchQuery)))
    }
    let manifest = config.persistedOperations.map { setting in
      GeneratedFile(path: setting.path, contents: PersistedManifest.text(ownOperations, format: setting.format))
    }
    return Generation(files: files.sorted { $0.path < $1.path }, manifest: manifest)
  }

  /// A schema module's files: the support file, with the possible types of each abstract
  /// type, and every enum, input object and custom scalar of the schema.
  private func schemaModuleGeneration() -> Generation {
    let allTypes = TypeNames.allSchemaTypes(schema)
    let names = TypeNames(namespace: config.namespace, schemaTypes: allTypes, operations: [], fragments: [])
    let context = EmitContext(
      schema: schema, config: config, schemaTypeNames: names.schemaTypes, fragmentTypeNames: [:], fragments: [:],
      keyFields: keyFields)
    var files = [GeneratedFile(path: config.namespace + ".swift", contents: SupportEmitter(context: context).emit())]
    let typeEmitter = SchemaTypeEmitter(context: context)
    for name in allTypes {
      guard let type = schema.type(named: name), let text = typeEmitter.emit(type), let swiftName = names.schemaTypes[name] else {
        continue
      }
      files.append(GeneratedFile(path: config.namespace + "." + swiftName + ".swift", contents: text))
    }
    return Generation(files: files.sorted { $0.path < $1.path })
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
