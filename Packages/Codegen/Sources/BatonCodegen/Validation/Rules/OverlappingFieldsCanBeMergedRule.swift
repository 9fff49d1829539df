import GraphQLSyntax

/// Fields of one response name in a selection set, directly or through fragments, can
/// be merged: same field, same arguments, compatible types (spec §5.3.2).
package final class OverlappingFieldsCanBeMergedRule: ValidationRule {
  private let context: ValidationContext
  private let finder: FieldConflictFinder
  /// The offsets of inline fragments' selection sets, which their parent's check covers.
  private var inlineFragmentSets: Set<Int> = []

  package init(context: ValidationContext) {
    self.context = context
    self.finder = FieldConflictFinder(context: context)
  }

  package func enterInlineFragment(_ fragment: InlineFragment) -> VisitAction {
    if let start = fragment.selectionSet.loc?.start { inlineFragmentSets.insert(start) }
    return .continue
  }

  package func enterSelectionSet(_ selectionSet: SelectionSet) -> VisitAction {
    if let start = selectionSet.loc?.start, inlineFragmentSets.remove(start) != nil { return .continue }
    let selections = selectionSet.selections
    if selections.count <= 1 {
      guard case .inlineFragment = selections.first else { return .continue }
    }
    do {
      let conflicts = try finder.conflictsWithin(selectionSet, parentType: context.typeInfo.parentType)
      for conflict in conflicts {
        context.report(
          "Fields '\(finder.abbreviate(conflict.responseName))' conflict because \(conflict.reason). Use different aliases on the fields to fetch both if this was intentional.",
          (conflict.fields1 + conflict.fields2).map(\.loc))
      }
    } catch {
      context.abort()
    }
    return .continue
  }
}
