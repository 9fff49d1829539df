/// The `Updatable` view of an `@updatable` fragment: a property per field it selects, that
/// reads and writes the record (`BatonStore.UpdatableRecord`). Scalars of the built-in types
/// and enums read as optionals and take a value or `nil`; a link reads and takes a record id;
/// a list of links an array of ids, changed as any array. Fields with arguments, custom
/// scalars and lists of scalars get no property yet, so writing them does not compile.
struct UpdatableViewEmitter {
  let context: EmitContext

  static let scalarTypes = ["String": "Swift.String", "ID": "Swift.String", "Int": "Swift.Int", "Float": "Swift.Double", "Boolean": "Swift.Bool"]

  func emit(_ fragment: IRFragment, typeName: String, into writer: inout SwiftWriter) {
    let access = context.access
    writer.block("nonisolated extension \(context.qualified(typeName)) {") { writer in
      writer.line("/// `\(fragment.name)`'s fields on one record, to change in `RecordUpdater.update(_:at:_:)`.")
      writer.block("\(access)struct Updatable: BatonStore.UpdatableView {") { writer in
        writer.line("\(access)let __record: BatonStore.UpdatableRecord")
        writer.line()
        writer.line("\(access)init(__record: BatonStore.UpdatableRecord) { self.__record = __record }")
        // The key fields name the record: changing them would move it, so they have no property.
        let keys = Set(context.keyFields[fragment.typeCondition] ?? [])
        for field in fragment.selectionSet.fields
        where field.alias == nil && field.arguments.isEmpty && !field.isMasked && !keys.contains(field.name) {
          property(field, access: access, into: &writer)
        }
      }
    }
  }

  private func property(_ field: IRField, access: String, into writer: inout SwiftWriter) {
    let key = SwiftNames.stringLiteral(field.name)
    let name = field.responseKey
    let accessor: (type: String, get: String, set: String)
    if field.typeKind.isComposite {
      switch field.levels.count {
      case 1: accessor = ("BatonNormalizer.RecordID?", "__record.link(\(key))", "__record.setLink(newValue, forKey: \(key))")
      case 2: accessor = ("[BatonNormalizer.RecordID]", "__record.links(\(key))", "__record.setLinks(newValue, forKey: \(key))")
      default: return
      }
    } else if field.typeKind == .enumeration {
      // An enum reads through its raw value, so a value this build does not know reads as
      // `__unknown` and is written back as it was.
      guard field.levels.count == 1 else { return }
      let swiftType = context.schemaType(field.typeName)
      accessor = (
        "\(swiftType)?", "(__record.scalar(\(key)) as Swift.String?).map(\(swiftType).init(rawValue:))",
        "__record.setScalar(newValue?.rawValue, forKey: \(key))"
      )
    } else {
      guard field.levels.count == 1, field.name != "__typename", let swiftType = Self.scalarTypes[field.typeName] else { return }
      accessor = ("\(swiftType)?", "__record.scalar(\(key))", "__record.setScalar(newValue, forKey: \(key))")
    }
    writer.line()
    writer.block("\(access)var \(SwiftNames.escaped(name)): \(accessor.type) {") { writer in
      writer.line("get { \(accessor.get) }")
      writer.line("nonmutating set { \(accessor.set) }")
    }
  }
}
