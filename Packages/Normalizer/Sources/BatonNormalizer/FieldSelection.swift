/// A field in a selection set, with everything the normalizer and reader need to know.
///
/// Meant to be a static value in generated code: storage keys of fields whose arguments
/// use no variables are computed once, when the value is made. A class, so that walking a
/// selection set copies a reference rather than every property.
public final class FieldSelection: Sendable {
  public let alias: String?
  public let name: String
  public let arguments: [Argument]
  public let type: TypeReference
  /// The selection set of an object, interface or union field; empty for leaves. Every
  /// object selection carries `__typename`.
  public let selections: [Selection]
  /// For composite fields, the key fields of each concrete type that has them
  /// (`["User": ["id"]]`); objects of other types are named by their path.
  public let keyFields: [String: [String]]
  public let conditions: [Condition]
  public let required: RequiredAction?
  public let catchTo: CatchTarget?

  /// The key the response uses: the alias, else the name.
  public let responseKey: String
  let constantStorageKey: String?

  public init(
    alias: String? = nil, name: String, arguments: [Argument] = [], type: TypeReference,
    selections: [Selection] = [], keyFields: [String: [String]] = [:], conditions: [Condition] = [],
    required: RequiredAction? = nil, catchTo: CatchTarget? = nil
  ) {
    self.alias = alias
    self.name = name
    self.arguments = arguments
    self.type = type
    self.selections = selections
    self.keyFields = keyFields
    self.conditions = conditions
    self.required = required
    self.catchTo = catchTo
    self.responseKey = alias ?? name
    self.constantStorageKey = arguments.contains { $0.value.usesVariables }
      ? nil : StorageKey.make(name: name, arguments: arguments, variables: [:])
  }

  /// The field's storage key for a request's variables.
  public func storageKey(_ variables: [String: JSONValue]) -> String {
    constantStorageKey ?? StorageKey.make(name: name, arguments: arguments, variables: variables)
  }

  var isTypename: Bool { name == "__typename" }
}
