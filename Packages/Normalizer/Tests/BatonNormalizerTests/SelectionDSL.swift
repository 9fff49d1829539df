import BatonNormalizer

// A terse way to write selections by hand, the way generated code will write them as literals.

let typenameField = Selection.field(FieldSelection(name: "__typename", type: TypeReference("String", .scalar, [.nonNull])))

func scalar(
  _ name: String, _ typeName: String = "String", _ levels: [Nullability] = [.nullable], alias: String? = nil,
  arguments: [Argument] = [], conditions: [Condition] = [], required: RequiredAction? = nil, catchTo: CatchTarget? = nil,
  kind: TypeReference.Kind = .scalar
) -> Selection {
  .field(FieldSelection(
    alias: alias, name: name, arguments: arguments, type: TypeReference(typeName, kind, levels),
    conditions: conditions, required: required, catchTo: catchTo))
}

func object(
  _ name: String, _ typeName: String, _ levels: [Nullability] = [.nullable], kind: TypeReference.Kind = .object,
  alias: String? = nil, arguments: [Argument] = [], keys: [String: [String]] = [:], possibleTypes: Set<String>? = nil, conditions: [Condition] = [],
  required: RequiredAction? = nil, catchTo: CatchTarget? = nil, _ selections: [Selection]
) -> Selection {
  .field(FieldSelection(
    alias: alias, name: name, arguments: arguments, type: TypeReference(typeName, kind, levels),
    selections: [typenameField] + selections, keyFields: keys, possibleTypes: possibleTypes, conditions: conditions, required: required,
    catchTo: catchTo))
}

func on(_ typeCondition: String, possibleTypes: Set<String>? = nil, _ selections: [Selection]) -> Selection {
  .inlineFragment(InlineFragment(on: typeCondition, possibleTypes: possibleTypes, selections: selections))
}

func query(
  _ name: String, onError: OnErrorMode = .propagate, throwOnFieldError: Bool = false, _ selections: [Selection]
) -> OperationDescriptor {
  OperationDescriptor(name: name, selections: selections, onError: onError, throwOnFieldError: throwOnFieldError)
}

extension DataObject {
  /// The slot of the first field with this response key, for tests that do not count slots.
  func value(_ responseKey: String, in selections: [Selection]) -> DataValue {
    guard let index = slotIndex(of: responseKey, in: selections) else { return .absent }
    return self[index]
  }
}

func slotIndex(of responseKey: String, in selections: [Selection]) -> Int? {
  var index = 0
  func search(_ selections: [Selection]) -> Int? {
    for selection in selections {
      switch selection {
      case .field(let field):
        if field.responseKey == responseKey { return index }
        index += 1
      case .fragmentSpread(let spread):
        if spread.fragment.name == responseKey { return index }
        index += 1
      case .inlineFragment(let fragment):
        if let found = search(fragment.selections) { return found }
      }
    }
    return nil
  }
  return search(selections)
}

func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }
