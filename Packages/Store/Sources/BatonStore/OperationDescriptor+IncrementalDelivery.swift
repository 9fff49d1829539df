import BatonNormalizer

extension OperationDescriptor {
  /// Whether a selection of the operation is under `@defer` or `@stream`.
  var usesIncrementalDelivery: Bool { selections.usesIncrementalDelivery }
}

extension [Selection] {
  fileprivate var usesIncrementalDelivery: Bool {
    contains { selection in
      switch selection {
      case .field(let field): field.stream != nil || field.selections.usesIncrementalDelivery
      case .inlineFragment(let fragment): fragment.deferred != nil || fragment.selections.usesIncrementalDelivery
      case .fragmentSpread(let spread): spread.deferred != nil || spread.fragment.selections.usesIncrementalDelivery
      }
    }
  }
}
