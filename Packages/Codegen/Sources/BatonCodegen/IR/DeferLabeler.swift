import GraphQLSyntax

/// Gives every `@defer` written without a label one in the text sent, as Relay's compiler
/// does: a server's `pending` entry names a deferred fragment by its path and label only, so
/// two unlabelled fragments at one path could not be told apart (which part failed, which
/// arrived). The label is the definition's kind, name and the fragment's place in it
/// (`query Hero #2`), so it is unique in any operation that includes the definition.
///
/// A label the compiler made carries `generatedDirective` beside it: the Swift member keeps
/// the name it would have without one (`deferred2`, the fragment's name), and the text sent
/// leaves the directive out.
struct DeferLabeler {
  /// Marks a `@defer` whose label the compiler wrote; a name no document can use (`__` is reserved).
  static let generatedDirective = "__batonLabelled"

  func operation(_ node: OperationDefinition) -> OperationDefinition {
    var copy = node
    let prefix = ([node.operation.rawValue] + (node.name.map { [$0.value] } ?? [])).joined(separator: " ")
    var labels = Labels(prefix: prefix, selections: node.selectionSet.selections)
    copy.selectionSet = labels.label(node.selectionSet)
    return copy
  }

  func fragment(_ node: FragmentDefinition) -> FragmentDefinition {
    var copy = node
    var labels = Labels(prefix: "fragment \(node.name.value)", selections: node.selectionSet.selections)
    copy.selectionSet = labels.label(node.selectionSet)
    return copy
  }

  /// The labels of one definition: those its author wrote, and the count of those made.
  private struct Labels {
    let prefix: String
    var taken: Set<String> = []
    var made = 0

    init(prefix: String, selections: SelectionList) {
      self.prefix = prefix
      Self.collectWritten(selections, into: &taken)
    }

    mutating func label(_ set: SelectionSet) -> SelectionSet {
      var copy = set
      copy.selections = SelectionList(set.selections.map { selection in
        switch selection {
        case .field(var field):
          field.selectionSet = field.selectionSet.map { label($0) }
          return .field(field)
        case .inlineFragment(var fragment):
          fragment.directives = label(fragment.directives)
          fragment.selectionSet = label(fragment.selectionSet)
          return .inlineFragment(fragment)
        case .fragmentSpread(var spread):
          spread.directives = label(spread.directives)
          return .fragmentSpread(spread)
        }
      })
      return copy
    }

    private mutating func label(_ directives: [Directive]) -> [Directive] {
      guard let index = directives.firstIndex(where: { $0.name.value == "defer" }),
        !directives[index].arguments.contains(where: { $0.name.value == "label" })
      else { return directives }
      var label: String
      repeat {
        made += 1
        label = "\(prefix) #\(made)"
      } while taken.contains(label)
      var labelled = directives
      labelled[index].arguments.append(Argument(name: Name("label"), value: .string(StringValue(label))))
      labelled.insert(Directive(name: Name(DeferLabeler.generatedDirective)), at: index + 1)
      return labelled
    }

    private static func collectWritten(_ selections: SelectionList, into taken: inout Set<String>) {
      for selection in selections {
        switch selection {
        case .field(let field):
          if let set = field.selectionSet { collectWritten(set.selections, into: &taken) }
        case .inlineFragment(let fragment):
          taken.formUnion(writtenLabels(fragment.directives))
          collectWritten(fragment.selectionSet.selections, into: &taken)
        case .fragmentSpread(let spread):
          taken.formUnion(writtenLabels(spread.directives))
        }
      }
    }

    private static func writtenLabels(_ directives: [Directive]) -> [String] {
      directives.filter { $0.name.value == "defer" }.compactMap { directive in
        guard case .string(let value)? = directive.arguments.first(where: { $0.name.value == "label" })?.value else { return nil }
        return value.value
      }
    }
  }
}
