/// A schema coordinate: `Type`, `Type.member`, `Type.field(argument:)`, `@directive`
/// or `@directive(argument:)`. Parsed only by `parseSchemaCoordinate`, never inside a
/// document.
public struct SchemaCoordinate: Hashable, Sendable {
  /// Whether the coordinate names a directive (`@name`).
  public var ofDirective: Bool
  /// The type or directive name.
  public var name: Name
  /// The field, input field or enum value name after `.`.
  public var memberName: Name?
  /// The argument name inside `( :)`.
  public var argumentName: Name?
  public var loc: Location?

  public init(
    ofDirective: Bool = false, name: Name, memberName: Name? = nil, argumentName: Name? = nil,
    loc: Location? = nil
  ) {
    self.ofDirective = ofDirective
    self.name = name
    self.memberName = memberName
    self.argumentName = argumentName
    self.loc = loc
  }
}
