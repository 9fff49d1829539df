extension DataObject {
  /// Whether this object, read from `source`, holds the same values as `other`, read from
  /// `otherSource`, for `selections` (its slots starting at `base`): the typename, each
  /// field's value and caught errors, and each spread fragment's fields, not the records
  /// they came from, so two reads of the same data from two stores are equal.
  public func hasSameValues(
    as other: DataObject, selections: [Selection], base: Int = 0, in source: RecordSource, _ otherSource: RecordSource
  ) -> Bool {
    var slot = base
    // A pending part and a failed one read the same (empty) slots: only their states differ.
    return typename == other.typename && increments == other.increments
      && Self.sameSlots(selections, self, other, slot: &slot, source, otherSource)
  }

  /// Hashes what `hasSameValues` compares, less the fragments' fields (equal values still
  /// hash alike; reading fragments to hash them would cost a read per hash).
  public func hashValues(selections: [Selection], base: Int = 0, into hasher: inout Hasher) {
    hasher.combine(typename)
    hasher.combine(increments)
    var slot = base
    Self.hashSlots(selections, self, slot: &slot, into: &hasher)
  }

  private static func sameSlots(
    _ selections: [Selection], _ lhs: DataObject, _ rhs: DataObject, slot: inout Int, _ lhsSource: RecordSource,
    _ rhsSource: RecordSource
  ) -> Bool {
    for selection in selections {
      switch selection {
      case .field(let field):
        guard sameValue(lhs[slot], rhs[slot], field.selections, lhsSource, rhsSource) else { return false }
        slot += 1
      case .fragmentSpread(let spread):
        guard sameFragment(lhs[slot], rhs[slot], spread.fragment, lhsSource, rhsSource) else { return false }
        slot += 1
      case .inlineFragment(let fragment) where fragment.catchTo != nil:
        guard sameValue(lhs[slot], rhs[slot], fragment.selections, lhsSource, rhsSource) else { return false }
        slot += 1
      case .inlineFragment(let fragment):
        guard sameSlots(fragment.selections, lhs, rhs, slot: &slot, lhsSource, rhsSource) else { return false }
      }
    }
    return true
  }

  private static func sameValue(
    _ lhs: DataValue, _ rhs: DataValue, _ selections: [Selection], _ lhsSource: RecordSource, _ rhsSource: RecordSource
  ) -> Bool {
    switch (lhs, rhs) {
    case (.object(let left), .object(let right)):
      left.hasSameValues(as: right, selections: selections, in: lhsSource, rhsSource)
    case (.list(let left), .list(let right)):
      left.count == right.count
        && zip(left, right).allSatisfy { sameValue($0, $1, selections, lhsSource, rhsSource) }
    case (.requiredFieldMissing(let left), .requiredFieldMissing(let right)):
      left.kind == right.kind && left.field == right.field
    default:
      lhs == rhs
    }
  }

  private static func sameFragment(
    _ lhs: DataValue, _ rhs: DataValue, _ fragment: Fragment, _ lhsSource: RecordSource, _ rhsSource: RecordSource
  ) -> Bool {
    guard let left = lhs.fragmentReference, let right = rhs.fragmentReference else { return lhs == rhs }
    let leftRead = read(lhsSource, fragment: fragment, at: left)
    let rightRead = read(rhsSource, fragment: fragment, at: right)
    guard leftRead.caughtErrors == rightRead.caughtErrors, (leftRead.failure == nil) == (rightRead.failure == nil) else {
      return false
    }
    switch (leftRead.data, rightRead.data) {
    case (nil, nil): return true
    case (let leftData?, let rightData?):
      return leftData.hasSameValues(as: rightData, selections: fragment.selections, in: lhsSource, rhsSource)
    default: return false
    }
  }

  private static func hashSlots(_ selections: [Selection], _ object: DataObject, slot: inout Int, into hasher: inout Hasher) {
    for selection in selections {
      switch selection {
      case .field(let field):
        hashValue(object[slot], field.selections, into: &hasher)
        slot += 1
      case .fragmentSpread:
        slot += 1
      case .inlineFragment(let fragment) where fragment.catchTo != nil:
        hashValue(object[slot], fragment.selections, into: &hasher)
        slot += 1
      case .inlineFragment(let fragment):
        hashSlots(fragment.selections, object, slot: &slot, into: &hasher)
      }
    }
  }

  private static func hashValue(_ value: DataValue, _ selections: [Selection], into hasher: inout Hasher) {
    switch value {
    case .object(let object):
      object.hashValues(selections: selections, into: &hasher)
    case .list(let items):
      hasher.combine(items.count)
      for item in items { hashValue(item, selections, into: &hasher) }
    case .requiredFieldMissing(let event):
      hasher.combine(event.field)
    case .fragment:
      break
    case .absent, .null, .scalar, .caught:
      hasher.combine(value)
    }
  }
}
