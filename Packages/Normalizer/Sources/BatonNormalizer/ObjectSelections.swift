/// The selection sets that apply to one object of a response: those of the field that
/// reached it and, where other fields with the same response key select into the same
/// object (the operation's `crew { id name }` beside a fragment's `crew { role }`), theirs.
///
/// GraphQL merges such fields into one (the spec's CollectFields), so the response has one
/// object there; the normalizer must make one record of it, whichever of the fields
/// selected its key, or the second write repoints the link and the first's fields read as
/// missing.
///
/// A class: a composite field keeps its own (`FieldSelection.objectSelections`), which each
/// object it holds is normalized with, shared rather than made and copied per object.
final class ObjectSelections: Sendable {
  let selections: SelectionSteps
  /// The selection sets of the other fields merged into this object; empty nearly always.
  let merged: [SelectionSteps]
  /// Whether two composite fields of these sets may share a response key, so that each
  /// composite field has to look for the others.
  let mayOverlap: Bool
  /// At most how many fields the object's record stores (`[Selection].storedFieldBound`).
  let fieldBound: Int

  /// The selections of a payload's root or a composite field, whose overlap and bound are
  /// worked out here.
  convenience init(_ selections: SelectionSteps) {
    self.init(selections, mayOverlap: selections.selections.mayRepeatCompositeKey)
  }

  /// `fieldBound` is the selections' `storedFieldBound` when the caller has it at hand.
  init(_ selections: SelectionSteps, merged: [SelectionSteps] = [], mayOverlap: Bool, fieldBound: Int? = nil) {
    self.selections = selections
    self.merged = merged
    self.mayOverlap = mayOverlap || !merged.isEmpty
    self.fieldBound =
      (fieldBound ?? selections.selections.storedFieldBound) + merged.reduce(0) { $0 + $1.selections.storedFieldBound }
  }

  /// These selection sets, none merged into them yet, with those of `others` merged in.
  func merging(_ others: [FieldSelection]) -> ObjectSelections {
    ObjectSelections(selections, merged: others.map(\.steps), mayOverlap: mayOverlap, fieldBound: fieldBound)
  }

  /// The fields that select `responseKey` on an object of type `typename`, in the order the
  /// normalizer meets them: the first of them writes the merged value. Given whether the
  /// object has a member (`present`), a deferred fragment whose fields are not among its
  /// members is left out: its fields come in a later payload, and those under the shared
  /// key with them.
  func fields(
    sharing responseKey: String, typename: String?, variables: [String: JSONValue],
    present: ((String) -> Bool)? = nil
  ) -> [FieldSelection] {
    var found: [FieldSelection] = []
    let context = (typename: typename, variables: variables, present: present)
    Self.collect(responseKey, in: selections.selections, context, into: &found)
    for set in merged { Self.collect(responseKey, in: set.selections, context, into: &found) }
    return found
  }

  private static func collect(
    _ responseKey: String, in selections: [Selection],
    _ context: (typename: String?, variables: [String: JSONValue], present: ((String) -> Bool)?),
    into found: inout [FieldSelection]
  ) {
    let (typename, variables) = (context.typename, context.variables)
    for selection in selections {
      switch selection {
      case .field(let field):
        if field.responseKey == responseKey && field.conditions.pass(variables) {
          found.append(field)
        }
      case .inlineFragment(let fragment):
        guard fragment.conditions.pass(variables), fragment.matches(typename),
          arrived(fragment.deferred, fragment.selections, context)
        else { continue }
        collect(responseKey, in: fragment.selections, context, into: &found)
      case .fragmentSpread(let spread):
        guard spread.conditions.pass(variables), spread.matches(typename),
          arrived(spread.deferred, spread.fragment.selections, context)
        else { continue }
        collect(responseKey, in: spread.fragment.selections, context, into: &found)
      }
    }
  }

  /// Whether a fragment's fields are in this payload: not deferred, or sent inline.
  private static func arrived(
    _ deferred: DeferDirective?, _ selections: [Selection],
    _ context: (typename: String?, variables: [String: JSONValue], present: ((String) -> Bool)?)
  ) -> Bool {
    guard let deferred, deferred.isActive(context.variables), let present = context.present else { return true }
    return selections.fieldsPresent(where: present)
  }
}

extension [Selection] {
  /// Whether two composite fields of these selections, through inline fragments and spreads,
  /// share a response key whatever the conditions; worked out once, when the generated
  /// metadata is made, so that selection sets without overlap (nearly all) pay nothing.
  var mayRepeatCompositeKey: Bool {
    var keys: Set<String> = []
    return Self.repeatsCompositeKey(self, keys: &keys)
  }

  private static func repeatsCompositeKey(_ selections: [Selection], keys: inout Set<String>) -> Bool {
    for selection in selections {
      switch selection {
      case .field(let field):
        if field.type.isComposite && !keys.insert(field.responseKey).inserted { return true }
      case .inlineFragment(let fragment):
        if repeatsCompositeKey(fragment.selections, keys: &keys) { return true }
      case .fragmentSpread(let spread):
        if repeatsCompositeKey(spread.fragment.selections, keys: &keys) { return true }
      }
    }
    return false
  }
}
