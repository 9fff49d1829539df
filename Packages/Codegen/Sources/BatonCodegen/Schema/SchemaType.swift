/// A named type of a schema: scalar, object, interface, union, enum or input object.
///
/// One value type holds every kind; the members that do not apply to a kind are empty.
/// Fields and input fields are kept in definition order (the order SDL prints them) and
/// indexed by name for O(1) lookup.
public struct SchemaType: Sendable {
  public var kind: TypeKind
  public var name: String
  public var description: String?
  /// A scalar's `@specifiedBy(url:)`.
  public var specifiedByURL: String?
  /// The interfaces an object or interface type implements, in declaration order.
  public var interfaces: [String]
  /// A union's member types, in declaration order.
  public var unionMembers: [String]
  public var enumValues: [SchemaEnumValue]
  /// Whether an input object is `@oneOf`.
  public var isOneOf: Bool
  public var location: DiagnosticLocation?
  /// An object or interface type's fields.
  public private(set) var fields: [SchemaField]
  /// An input object's fields.
  public private(set) var inputFields: [SchemaInputValue]
  private var fieldIndex: [String: Int]
  private var inputFieldIndex: [String: Int]

  public init(
    kind: TypeKind, name: String, description: String? = nil, specifiedByURL: String? = nil,
    interfaces: [String] = [], fields: [SchemaField] = [], unionMembers: [String] = [],
    enumValues: [SchemaEnumValue] = [], inputFields: [SchemaInputValue] = [],
    isOneOf: Bool = false, location: DiagnosticLocation? = nil
  ) {
    self.kind = kind
    self.name = name
    self.description = description
    self.specifiedByURL = specifiedByURL
    self.interfaces = interfaces
    self.unionMembers = unionMembers
    self.enumValues = enumValues
    self.isOneOf = isOneOf
    self.location = location
    self.fields = []
    self.inputFields = []
    self.fieldIndex = [:]
    self.inputFieldIndex = [:]
    for field in fields { appendField(field) }
    for field in inputFields { appendInputField(field) }
  }

  /// The field called `name` of an object or interface type.
  public func field(named name: String) -> SchemaField? {
    guard let index = fieldIndex[name] else { return nil }
    return fields[index]
  }

  /// The field called `name` of an input object type.
  public func inputField(named name: String) -> SchemaInputValue? {
    guard let index = inputFieldIndex[name] else { return nil }
    return inputFields[index]
  }

  /// Adds a field; a second field of the same name is kept in the list (for printing and
  /// for the duplicate check) while lookups keep finding the first.
  public mutating func appendField(_ field: SchemaField) {
    if fieldIndex[field.name] == nil { fieldIndex[field.name] = fields.count }
    fields.append(field)
  }

  /// Adds an input field, as `appendField` does.
  public mutating func appendInputField(_ field: SchemaInputValue) {
    if inputFieldIndex[field.name] == nil { inputFieldIndex[field.name] = inputFields.count }
    inputFields.append(field)
  }

  /// Replaces the field at `index` (used when an extension annotates an existing field).
  public mutating func replaceField(at index: Int, with field: SchemaField) {
    guard fields.indices.contains(index), fields[index].name == field.name else { return }
    fields[index] = field
  }
}
