/// The traversal behind `visit(_:_:)`. Each function returns false once the visitor has
/// asked to stop, so that the walk unwinds without further callbacks.
enum ASTWalker {
  /// Calls `enter`, the children unless skipped, then `leave`; false when stopped.
  @inline(__always)
  private static func around<V: ASTVisitor>(
    _ action: VisitAction, _ visitor: inout V, children: (inout V) -> Bool,
    leave: (inout V) -> Void
  ) -> Bool {
    switch action {
    case .stop: return false
    case .skipChildren: break
    case .continue: if !children(&visitor) { return false }
    }
    leave(&visitor)
    return true
  }

  static func walk<V: ASTVisitor>(_ node: Document, _ visitor: inout V) -> Bool {
    around(visitor.enter(node), &visitor) { visitor in
      node.definitions.allSatisfy { walk($0, &visitor) }
    } leave: { $0.leave(node) }
  }

  static func walk<V: ASTVisitor>(_ node: Definition, _ visitor: inout V) -> Bool {
    around(visitor.enter(node), &visitor) { visitor in
      walkChildren(node, &visitor)
    } leave: { $0.leave(node) }
  }

  private static func walkChildren<V: ASTVisitor>(
    _ node: Definition, _ visitor: inout V
  ) -> Bool {
    switch node {
    case .operation(let operation):
      return walk(operation, &visitor)
    case .fragment(let fragment):
      return walk(fragment, &visitor)
    case .schema(let schema):
      return walk(schema.directives, &visitor)
    case .scalarType(let scalar):
      return walk(scalar.directives, &visitor)
    case .objectType(let object):
      return walk(object.interfaces, &visitor) && walk(object.directives, &visitor)
        && walk(object.fields, &visitor)
    case .interfaceType(let interface):
      return walk(interface.interfaces, &visitor) && walk(interface.directives, &visitor)
        && walk(interface.fields, &visitor)
    case .unionType(let union):
      return walk(union.directives, &visitor) && walk(union.types, &visitor)
    case .enumType(let enumType):
      return walk(enumType.directives, &visitor) && walk(enumType.values, &visitor)
    case .inputObjectType(let input):
      return walk(input.directives, &visitor) && walk(input.fields, &visitor)
    case .directive(let directive):
      return walk(directive.arguments, &visitor) && walk(directive.directives, &visitor)
    case .schemaExtension(let schema):
      return walk(schema.directives, &visitor)
    case .scalarTypeExtension(let scalar):
      return walk(scalar.directives, &visitor)
    case .objectTypeExtension(let object):
      return walk(object.interfaces, &visitor) && walk(object.directives, &visitor)
        && walk(object.fields, &visitor)
    case .interfaceTypeExtension(let interface):
      return walk(interface.interfaces, &visitor) && walk(interface.directives, &visitor)
        && walk(interface.fields, &visitor)
    case .unionTypeExtension(let union):
      return walk(union.directives, &visitor) && walk(union.types, &visitor)
    case .enumTypeExtension(let enumType):
      return walk(enumType.directives, &visitor) && walk(enumType.values, &visitor)
    case .inputObjectTypeExtension(let input):
      return walk(input.directives, &visitor) && walk(input.fields, &visitor)
    case .directiveExtension(let directive):
      return walk(directive.directives, &visitor)
    }
  }

  static func walk<V: ASTVisitor>(_ node: OperationDefinition, _ visitor: inout V) -> Bool {
    around(visitor.enter(node), &visitor) { visitor in
      node.variableDefinitions.allSatisfy { walk($0, &visitor) }
        && walk(node.directives, &visitor) && walk(node.selectionSet, &visitor)
    } leave: { $0.leave(node) }
  }

  static func walk<V: ASTVisitor>(_ node: FragmentDefinition, _ visitor: inout V) -> Bool {
    around(visitor.enter(node), &visitor) { visitor in
      node.variableDefinitions.allSatisfy { walk($0, &visitor) }
        && walk(.named(node.typeCondition), &visitor) && walk(node.directives, &visitor)
        && walk(node.selectionSet, &visitor)
    } leave: { $0.leave(node) }
  }

  static func walk<V: ASTVisitor>(_ node: VariableDefinition, _ visitor: inout V) -> Bool {
    around(visitor.enter(node), &visitor) { visitor in
      walk(.variable(node.variable), &visitor) && walk(node.type, &visitor)
        && (node.defaultValue.map { walk($0, &visitor) } ?? true)
        && walk(node.directives, &visitor)
    } leave: { $0.leave(node) }
  }

  static func walk<V: ASTVisitor>(_ node: SelectionSet, _ visitor: inout V) -> Bool {
    around(visitor.enter(node), &visitor) { visitor in
      node.selections.allSatisfy { selection in
        switch selection {
        case .field(let field): walk(field, &visitor)
        case .fragmentSpread(let spread): walk(spread, &visitor)
        case .inlineFragment(let fragment): walk(fragment, &visitor)
        }
      }
    } leave: { $0.leave(node) }
  }

  static func walk<V: ASTVisitor>(_ node: Field, _ visitor: inout V) -> Bool {
    around(visitor.enter(node), &visitor) { visitor in
      walk(node.arguments, &visitor) && walk(node.directives, &visitor)
        && (node.selectionSet.map { walk($0, &visitor) } ?? true)
    } leave: { $0.leave(node) }
  }

  static func walk<V: ASTVisitor>(_ node: FragmentSpread, _ visitor: inout V) -> Bool {
    around(visitor.enter(node), &visitor) { visitor in
      walk(node.arguments, &visitor) && walk(node.directives, &visitor)
    } leave: { $0.leave(node) }
  }

  static func walk<V: ASTVisitor>(_ node: InlineFragment, _ visitor: inout V) -> Bool {
    around(visitor.enter(node), &visitor) { visitor in
      (node.typeCondition.map { walk(.named($0), &visitor) } ?? true)
        && walk(node.directives, &visitor) && walk(node.selectionSet, &visitor)
    } leave: { $0.leave(node) }
  }

  static func walk<V: ASTVisitor>(_ nodes: [Argument], _ visitor: inout V) -> Bool {
    nodes.allSatisfy { node in
      around(visitor.enter(node), &visitor) { visitor in
        walk(node.value, &visitor)
      } leave: { $0.leave(node) }
    }
  }

  static func walk<V: ASTVisitor>(_ nodes: [Directive], _ visitor: inout V) -> Bool {
    nodes.allSatisfy { node in
      around(visitor.enter(node), &visitor) { visitor in
        walk(node.arguments, &visitor)
      } leave: { $0.leave(node) }
    }
  }

  static func walk<V: ASTVisitor>(_ node: Value, _ visitor: inout V) -> Bool {
    around(visitor.enter(node), &visitor) { visitor in
      switch node {
      case .list(let list):
        return list.values.allSatisfy { walk($0, &visitor) }
      case .object(let object):
        return object.fields.allSatisfy { field in
          around(visitor.enter(field), &visitor) { visitor in
            walk(field.value, &visitor)
          } leave: { $0.leave(field) }
        }
      default:
        return true
      }
    } leave: { $0.leave(node) }
  }

  static func walk<V: ASTVisitor>(_ node: TypeReference, _ visitor: inout V) -> Bool {
    around(visitor.enter(node), &visitor) { visitor in
      switch node {
      case .named: true
      case .list(let list): walk(list.type, &visitor)
      case .nonNull(let nonNull): walk(nonNull.type, &visitor)
      }
    } leave: { $0.leave(node) }
  }

  static func walk<V: ASTVisitor>(_ nodes: [NamedType], _ visitor: inout V) -> Bool {
    nodes.allSatisfy { walk(.named($0), &visitor) }
  }

  static func walk<V: ASTVisitor>(_ nodes: [FieldDefinition], _ visitor: inout V) -> Bool {
    nodes.allSatisfy { node in
      around(visitor.enter(node), &visitor) { visitor in
        walk(node.arguments, &visitor) && walk(node.type, &visitor)
          && walk(node.directives, &visitor)
      } leave: { $0.leave(node) }
    }
  }

  static func walk<V: ASTVisitor>(_ nodes: [InputValueDefinition], _ visitor: inout V) -> Bool {
    nodes.allSatisfy { node in
      around(visitor.enter(node), &visitor) { visitor in
        walk(node.type, &visitor) && (node.defaultValue.map { walk($0, &visitor) } ?? true)
          && walk(node.directives, &visitor)
      } leave: { $0.leave(node) }
    }
  }

  static func walk<V: ASTVisitor>(_ nodes: [EnumValueDefinition], _ visitor: inout V) -> Bool {
    nodes.allSatisfy { node in
      around(visitor.enter(node), &visitor) { visitor in
        walk(node.directives, &visitor)
      } leave: { $0.leave(node) }
    }
  }
}
