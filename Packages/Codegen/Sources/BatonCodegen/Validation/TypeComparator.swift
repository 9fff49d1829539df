/// Subtyping between type references (graphql-js's `isTypeSubTypeOf`): non-null fits
/// nullable, lists match lists item by item, and an object or interface fits an abstract
/// type it belongs to.
struct TypeComparator {
  let schema: Schema

  func isSubType(_ sub: SchemaTypeReference, of parent: SchemaTypeReference) -> Bool {
    if sub == parent { return true }
    switch (sub, parent) {
    case (.nonNull(let subInner), .nonNull(let parentInner)):
      return isSubType(subInner, of: parentInner)
    case (_, .nonNull):
      return false
    case (.nonNull(let subInner), _):
      return isSubType(subInner, of: parent)
    case (.list(let subItem), .list(let parentItem)):
      return isSubType(subItem, of: parentItem)
    case (_, .list), (.list, _):
      return false
    case (.named(let subName), .named(let parentName)):
      guard schema.type(named: parentName)?.kind.isAbstract == true,
        let subKind = schema.type(named: subName)?.kind, subKind == .object || subKind == .interface
      else { return false }
      return schema.isSubType(subName, of: parentName)
    }
  }
}
