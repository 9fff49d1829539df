extension Schema {
  /// The field `name` of a composite type, including the meta fields: `__typename` on
  /// every composite type, `__schema` and `__type` on the query type.
  public func field(named name: String, on parent: SchemaType) -> SchemaField? {
    if name.hasPrefix("__") {
      switch name {
      case "__typename" where parent.kind.isComposite:
        return BuiltinDefinitions.typenameField
      case "__schema" where parent.name == queryTypeName:
        return BuiltinDefinitions.schemaField
      case "__type" where parent.name == queryTypeName:
        return BuiltinDefinitions.typeField
      default:
        break
      }
    }
    return parent.field(named: name)
  }
}
