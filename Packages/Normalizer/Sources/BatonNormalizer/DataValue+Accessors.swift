// What generated accessors call to decode a slot. The reader has already put the zero value
// wherever the schema promises a value the store could not give, so a non-null accessor
// can write `fields[2].stringValue ?? ""` without a trap and without hiding a problem: the
// problem is in the read's events.

extension DataValue {
  public var stringValue: String? {
    if case .scalar(.string(let text)) = self { return text }
    return nil
  }

  public var intValue: Int? {
    if case .scalar(let scalar) = self { return scalar.intValue }
    return nil
  }

  public var doubleValue: Double? {
    if case .scalar(let scalar) = self { return scalar.doubleValue }
    return nil
  }

  public var boolValue: Bool? {
    if case .scalar(.bool(let flag)) = self { return flag }
    return nil
  }

  /// The raw JSON of a scalar, for custom scalars.
  public var scalarValue: JSONValue? {
    if case .scalar(let scalar) = self { return scalar }
    return nil
  }

  public var objectValue: DataObject? {
    if case .object(let object) = self { return object }
    return nil
  }

  /// The items of a list (what `DataList` holds), or `nil` for any other value.
  public var listValue: DataItems? {
    if case .list(let items) = self { return items }
    return nil
  }

  public var fragmentReference: FragmentReference? {
    if case .fragment(let reference) = self { return reference }
    return nil
  }

  /// The slot of a `@required(action: THROW)` field, or the failure its accessor throws
  /// when the field read null.
  public func requiredValue() throws(ReadFailure) -> DataValue {
    if case .requiredFieldMissing(let event) = self { throw .requiredFieldMissing(event) }
    return self
  }

  /// The errors a `@catch(to: RESULT)` field caught, or `nil` when it read a value.
  public var caughtErrors: [FieldError]? {
    if case .caught(let errors) = self { return errors }
    return nil
  }
}
