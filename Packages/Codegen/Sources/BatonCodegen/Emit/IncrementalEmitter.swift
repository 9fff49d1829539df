/// What `@defer` and `@stream` add to the generated code: their metadata literals, a
/// deferred spread's or inline fragment's `DeferredFragment` accessor, and a streamed list's
/// `Streamed` type and getter.
extension MetadataRenderer {
  func deferDirective(_ deferred: IRDefer) -> String {
    let condition = deferred.condition.map { ", if: .include(\(SwiftNames.stringLiteral($0.variable)))" } ?? ""
    return "BatonNormalizer.DeferDirective(label: \(SwiftNames.stringLiteral(deferred.label))\(condition))"
  }

  func streamDirective(_ stream: IRStream) -> String {
    let condition = stream.condition.map { ", if: .include(\(SwiftNames.stringLiteral($0.variable)))" } ?? ""
    return "BatonNormalizer.StreamDirective(label: \(SwiftNames.stringLiteral(stream.label)), "
      + "initialCount: \(stream.initialCount)\(condition))"
  }
}

extension FieldTypeRenderer {
  /// A streamed list's property type: `Streamed<Item>`, optional when the list is.
  func streamedPropertyType(_ field: IRField, objectType: String?) -> String {
    let list = propertyType(field, objectType: objectType)
    let optional = list.hasSuffix("?")
    let bare = optional ? String(list.dropLast()) : list
    return "BatonNormalizer.Streamed<\(Self.streamedItem(bare))>" + (optional ? "?" : "")
  }

  private static let dataListPrefix = "BatonNormalizer.DataList<"

  /// The item type of a list's property type: `[Item]`, or `DataList<Item>` for objects.
  private static func streamedItem(_ list: String) -> String {
    if list.hasPrefix("[") && list.hasSuffix("]") { return String(list.dropFirst().dropLast()) }
    if list.hasPrefix(dataListPrefix) && list.hasSuffix(">") { return String(list.dropFirst(dataListPrefix.count).dropLast()) }
    return list
  }

  /// A streamed list's getter: the items read so far, and whether the stream completed.
  func streamedGetter(_ field: IRField, slot: Int, objectType: String?, label: String) -> [String] {
    let lines = getter(field, slot: slot, objectType: objectType)
    guard lines.count == 1, var items = lines.first else { return lines }
    let type = propertyType(field, objectType: objectType)
    let optional = type.hasSuffix("?")
    // `Streamed` holds what arrived as an array; an object list's `DataList` becomes one here.
    if type.hasPrefix(Self.dataListPrefix) { items = optional ? "(\(items)).map(Array.init)" : "Array(\(items))" }
    let literal = SwiftNames.stringLiteral(label)
    return [optional ? "(\(items)).map { _data.streamed(\(literal), $0) }" : "_data.streamed(\(literal), \(items))"]
  }
}

extension DataStructEmitter {
  /// A deferred spread's accessor: `.pending` and `.failed` from the read, else the
  /// fragment as an undeferred spread reads it.
  func emitDeferredSpread(_ spread: IRSpread, _ deferred: IRDefer, name: String, slot: Int, into writer: inout SwiftWriter) {
    guard let fragment = context.fragments[spread.fragmentName] else { return }
    let spreadRead = spreadRead(spread, fragment, slot: slot)
    let value = spreadRead.valueType
    let label = SwiftNames.stringLiteral(deferred.label)
    writer.line("/// The fragment `\(spread.fragmentName)`, deferred: `.pending` until the server sends it.")
    writer.block("\(context.access)var \(SwiftNames.escaped(name)): BatonNormalizer.DeferredFragment<\(value)> {") { writer in
      if spreadRead.throwing {
        writer.block("get throws(BatonNormalizer.ReadFailure) {") { writer in
          writer.block("try _data.deferred(\(label)) { () throws(BatonNormalizer.ReadFailure) -> \(value) in") { writer in
            for line in spreadRead.lines { writer.line(line) }
          }
        }
      } else {
        writer.block("_data.deferred(\(label)) { () -> \(value) in") { writer in
          for line in spreadRead.lines { writer.line(line) }
        }
      }
    }
  }

  /// A deferred inline fragment's accessor: its fields, once they arrived, as a struct of
  /// their own on the same object (`nil` inside when the object is of another type).
  func emitDeferredCase(
    _ typeCase: IRTypeCase, _ deferred: IRDefer, name: String, caseType: String, slot: Int, into writer: inout SwiftWriter
  ) {
    let label = SwiftNames.stringLiteral(deferred.label)
    writer.line("/// The deferred fragment `\(deferred.name)`: `.pending` until the server sends it.")
    if typeCase.coversParent && typeCase.conditions.isEmpty {
      writer.line("\(context.access)var \(SwiftNames.escaped(name)): BatonNormalizer.DeferredFragment<\(caseType)> { _data.deferred(\(label)) { \(caseType)(__read: __read) } }")
    } else {
      let read = typeCaseRead(typeCase, caseType: caseType, slot: slot)
      writer.line(
        "\(context.access)var \(SwiftNames.escaped(name)): BatonNormalizer.DeferredFragment<\(caseType)?> { _data.deferred(\(label)) { \(read) } }")
    }
  }
}
