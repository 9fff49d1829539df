import BatonNormalizer

/// A generated view that changes one record through typed properties: the `Updatable` of a
/// fragment declared `@updatable` (Relay's updatable fragments). Only the fields the fragment
/// selects have properties, so a field it does not name is a compile error, not a write the
/// store cannot read.
public protocol UpdatableView {
  /// The view of the record `record` names, writing through its updater.
  init(__record: UpdatableRecord)
}

/// A scalar an updatable view reads and writes: as the store keeps it, a JSON value.
public protocol UpdatableScalar {
  /// The value as stored; `nil` when the stored value is of another kind.
  init?(updatableValue value: JSONValue)
  /// The value to store.
  var updatableValue: JSONValue { get }
}

extension String: UpdatableScalar {
  /// A string.
  public init?(updatableValue value: JSONValue) {
    guard let text = value.stringValue else { return nil }
    self = text
  }
  /// The value as JSON.
  public var updatableValue: JSONValue { .string(self) }
}

extension Int: UpdatableScalar {
  /// A number without a fraction that fits an `Int`.
  public init?(updatableValue value: JSONValue) {
    guard let number = value.intValue else { return nil }
    self = number
  }
  /// The value as JSON.
  public var updatableValue: JSONValue { .number(String(self)) }
}

extension Double: UpdatableScalar {
  /// A number.
  public init?(updatableValue value: JSONValue) {
    guard let number = value.doubleValue else { return nil }
    self = number
  }
  /// The value as JSON.
  public var updatableValue: JSONValue { .number(String(self)) }
}

extension Bool: UpdatableScalar {
  /// A Boolean.
  public init?(updatableValue value: JSONValue) {
    guard case .bool(let flag) = value else { return nil }
    self = flag
  }
  /// The value as JSON.
  public var updatableValue: JSONValue { .bool(self) }
}

/// The record an updatable view changes, and the updater its writes go to. Generated
/// properties call these; an app uses the properties.
public struct UpdatableRecord {
  /// The record changed.
  public let id: RecordID
  let updater: RecordUpdaterBox

  /// The scalar stored under `storageKey`; `nil` when it is absent, null or of another kind.
  public func scalar<Value: UpdatableScalar>(_ storageKey: String) -> Value? {
    guard case .scalar(let value)? = updater.records[id]?[storageKey]?.value else { return nil }
    return Value(updatableValue: value)
  }

  /// Writes a scalar, or null for `nil`.
  public func setScalar<Value: UpdatableScalar>(_ value: Value?, forKey storageKey: String) {
    updater.records.setValue(value.map { .scalar($0.updatableValue) } ?? .null, forKey: storageKey, on: id)
  }

  /// The record the field links to; `nil` when it links to none.
  public func link(_ storageKey: String) -> RecordID? {
    guard case .link(let target)? = updater.records[id]?[storageKey]?.value else { return nil }
    return target
  }

  /// Links the field to a record by id, or to null for `nil`.
  public func setLink(_ target: RecordID?, forKey storageKey: String) {
    updater.records.setValue(target.map(RecordValue.link) ?? .null, forKey: storageKey, on: id)
  }

  /// The records a list field links to, in order (its null items left out).
  public func links(_ storageKey: String) -> [RecordID] {
    guard case .list(let items)? = updater.records[id]?[storageKey]?.value else { return [] }
    return items.compactMap { item in
      if case .link(let target) = item { return target }
      return nil
    }
  }

  /// Makes a list field link to `targets`, in order: add or remove items by changing the array.
  public func setLinks(_ targets: [RecordID], forKey storageKey: String) {
    updater.records.setValue(.list(RecordList(targets.map(RecordValue.link))), forKey: storageKey, on: id)
  }
}

/// The updater views share while a body runs: their setters do not mutate the view.
final class RecordUpdaterBox {
  var records: RecordUpdater

  init(_ records: RecordUpdater) {
    self.records = records
  }
}

extension RecordUpdater {
  /// Changes the record `id` through the typed view `view`, in `commitUpdate` or a
  /// mutation's updater alike.
  ///
  /// ```swift
  /// environment.commitUpdate { records in
  ///   records.update(MyApp.CharacterEditor.Updatable.self, at: "Character:1") { character in
  ///     character.name = "Rick Prime"
  ///   }
  /// }
  /// ```
  public mutating func update<View: UpdatableView>(_ view: View.Type, at id: RecordID, _ body: (View) -> Void) {
    let box = RecordUpdaterBox(self)
    // The box holds the only copy while the body writes, so no write copies the records.
    self = RecordUpdater(RecordSource())
    body(View(__record: UpdatableRecord(id: id, updater: box)))
    self = box.records
  }
}
