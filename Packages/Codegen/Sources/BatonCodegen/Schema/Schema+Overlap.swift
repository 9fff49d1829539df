extension Schema {
  /// Whether some object type can be both `a` and `b` (graphql-js's `doTypesOverlap`).
  public func typesOverlap(_ a: String, _ b: String) -> Bool {
    if a == b { return true }
    guard let typeA = type(named: a), let typeB = type(named: b) else { return false }
    if typeA.kind.isAbstract {
      if typeB.kind.isAbstract {
        return possibleTypes(of: a).contains { isPossibleType($0, of: b) }
      }
      return isPossibleType(b, of: a)
    }
    if typeB.kind.isAbstract { return isPossibleType(a, of: b) }
    return false
  }
}
