// What generated accessors call to decode a slot of the read: one method call a field, on
// the struct's own stored reference, so a getter asks the type checker for no operator, no
// closure and no protocol-extension lookup (see BENCHMARKS.md, codegen compile time). The
// reader has already put the zero value wherever the schema promises a value the store
// could not give, so a non-null field's zero here never hides a problem: the problem is in
// the read's events.

extension DataRead {
  /// A non-null `String` or `ID` field's value.
  public func string(_ slot: Int) -> String { object.scalar(at: slot)?.stringValue ?? "" }

  /// A non-null `Int` field's value.
  public func int(_ slot: Int) -> Int { object.scalar(at: slot)?.intValue ?? 0 }

  /// A non-null `Float` field's value.
  public func double(_ slot: Int) -> Double { object.scalar(at: slot)?.doubleValue ?? 0 }

  /// A non-null `Boolean` field's value.
  public func bool(_ slot: Int) -> Bool {
    if case .bool(let flag)? = object.scalar(at: slot) { return flag }
    return false
  }

  /// A non-null custom scalar's JSON.
  public func scalar(_ slot: Int) -> JSONValue { object.scalar(at: slot) ?? .null }

  /// A non-null object field's data: an object without fields (zero-valued accessors) when
  /// the slot holds none.
  @inlinable public func data<Value: GraphQLData>(_ slot: Int) -> Value {
    Value(_data: object[slot].objectValue ?? .placeholder, _source: source)
  }

  /// A nullable object field's data.
  @inlinable public func optionalData<Value: GraphQLData>(_ slot: Int) -> Value? {
    object[slot].objectValue.map { Value(_data: $0, _source: source) }
  }

  /// A non-null list of objects (empty when the slot holds none).
  @inlinable public func list<Element>(_ slot: Int) -> DataList<Element> {
    DataList(__items: object[slot].listValue ?? [], in: source)
  }

  /// A nullable list of objects.
  @inlinable public func optionalList<Element>(_ slot: Int) -> DataList<Element>? {
    object[slot].listValue.map { DataList(__items: $0, in: source) }
  }
}

extension DataRead {
  /// A spread fragment's data, through the reference its slot holds: an object without
  /// fields when the slot holds none or the read gives no data.
  @inlinable public func spread<Value: GraphQLData>(_ slot: Int, _ fragment: Fragment) -> Value {
    optionalSpread(slot, fragment) ?? Value(_data: .placeholder, _source: source)
  }

  /// A spread fragment's data that may be absent (a spread whose type does not always
  /// match, or under a condition), or `nil`.
  @inlinable public func optionalSpread<Value: GraphQLData>(_ slot: Int, _ fragment: Fragment) -> Value? {
    spreadRead(slot, fragment).map(Value.init(__read:))
  }

  /// The read `optionalSpread` wraps, apart from the generic wrapping: the one part an
  /// app's module does not specialize.
  @usableFromInline func spreadRead(_ slot: Int, _ fragment: Fragment) -> DataRead? {
    guard let reference = object[slot].fragmentReference,
      let data = source.spreadReads?.read(fragment, at: reference, in: source) ?? read(source, fragment: fragment, at: reference).data
    else { return nil }
    return DataRead(data, in: source, reference: reference)
  }

  /// The read of `fragment` at the record its slot references, errors and events included
  /// (what a spread under `@catch` or a throwing `@required` decides on); `nil` when the
  /// slot holds no reference.
  public func spreadResult(_ slot: Int, _ fragment: Fragment) -> ReadResult? {
    guard let reference = object[slot].fragmentReference else { return nil }
    return read(source, fragment: fragment, at: reference)
  }

  /// A type case's data, over this same read, when the object's type is one of
  /// `possibleTypes`.
  @inlinable public func typeCase<Value: GraphQLData>(_ possibleTypes: Set<String>) -> Value? {
    isOfType(possibleTypes) ? Value(__read: self) : nil
  }

  /// Whether the object's type is one of `possibleTypes`: names compared in turn when
  /// there are few (a type case on an object type names one), where the set would hash
  /// the name first.
  @usableFromInline func isOfType(_ possibleTypes: Set<String>) -> Bool {
    let typename = object.typename
    guard possibleTypes.count <= 4 else { return possibleTypes.contains(typename) }
    for name in possibleTypes where name == typename { return true }
    return false
  }
}
