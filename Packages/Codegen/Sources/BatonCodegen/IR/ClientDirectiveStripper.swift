import GraphQLSyntax

/// Removes the directives only the client understands (`@required`, `@catch`,
/// `@throwOnFieldError`) from the text sent: the server does not know them, and their
/// meaning is in the generated types and metadata.
enum ClientDirectiveStripper {
  static let clientDirectives: Set<String> = ["required", "catch", "throwOnFieldError"]

  static func strip(_ definition: Definition) -> Definition {
    switch definition {
    case .operation(var node):
      node.directives = kept(node.directives)
      node.selectionSet = strip(node.selectionSet)
      return .operation(node)
    case .fragment(var node):
      node.directives = kept(node.directives)
      node.selectionSet = strip(node.selectionSet)
      return .fragment(node)
    default:
      return definition
    }
  }

  private static func strip(_ set: SelectionSet) -> SelectionSet {
    var copy = set
    copy.selections = set.selections.map { selection in
      switch selection {
      case .field(var field):
        field.directives = kept(field.directives)
        field.selectionSet = field.selectionSet.map(strip)
        return .field(field)
      case .inlineFragment(var fragment):
        fragment.directives = kept(fragment.directives)
        fragment.selectionSet = strip(fragment.selectionSet)
        return .inlineFragment(fragment)
      case .fragmentSpread:
        return selection
      }
    }
    return copy
  }

  private static func kept(_ directives: [Directive]) -> [Directive] {
    directives.filter { !clientDirectives.contains($0.name.value) }
  }
}
