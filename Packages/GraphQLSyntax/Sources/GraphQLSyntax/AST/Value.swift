/// An input value literal: `Value[Const]`.
public enum Value: Hashable, Sendable {
  case variable(Variable)
  case int(IntValue)
  case float(FloatValue)
  case string(StringValue)
  case boolean(BooleanValue)
  case null(NullValue)
  case enumValue(EnumValue)
  case list(ListValue)
  case object(ObjectValue)

  public var loc: Location? {
    switch self {
    case .variable(let node): node.loc
    case .int(let node): node.loc
    case .float(let node): node.loc
    case .string(let node): node.loc
    case .boolean(let node): node.loc
    case .null(let node): node.loc
    case .enumValue(let node): node.loc
    case .list(let node): node.loc
    case .object(let node): node.loc
    }
  }
}

/// `$ Name`
public struct Variable: Hashable, Sendable {
  public var name: Name
  public var loc: Location?

  public init(name: Name, loc: Location? = nil) {
    self.name = name
    self.loc = loc
  }
}

/// An integer literal, kept as its source text so that no precision is lost.
public struct IntValue: Hashable, Sendable {
  public var value: String
  public var loc: Location?

  public init(_ value: String, loc: Location? = nil) {
    self.value = value
    self.loc = loc
  }
}

/// A float literal, kept as its source text so that no precision is lost.
public struct FloatValue: Hashable, Sendable {
  public var value: String
  public var loc: Location?

  public init(_ value: String, loc: Location? = nil) {
    self.value = value
    self.loc = loc
  }
}

/// A string literal with escapes resolved; `block` for `"""` block strings, whose
/// value is already dedented.
public struct StringValue: Hashable, Sendable {
  public var value: String
  public var block: Bool
  public var loc: Location?

  public init(_ value: String, block: Bool = false, loc: Location? = nil) {
    self.value = value
    self.block = block
    self.loc = loc
  }
}

/// `true` or `false`.
public struct BooleanValue: Hashable, Sendable {
  public var value: Bool
  public var loc: Location?

  public init(_ value: Bool, loc: Location? = nil) {
    self.value = value
    self.loc = loc
  }
}

/// `null`.
public struct NullValue: Hashable, Sendable {
  public var loc: Location?

  public init(loc: Location? = nil) {
    self.loc = loc
  }
}

/// An enum value: a name other than `true`, `false` and `null`.
public struct EnumValue: Hashable, Sendable {
  public var value: String
  public var loc: Location?

  public init(_ value: String, loc: Location? = nil) {
    self.value = value
    self.loc = loc
  }
}

/// `[ Value* ]`
public struct ListValue: Hashable, Sendable {
  public var values: [Value]
  public var loc: Location?

  public init(_ values: [Value], loc: Location? = nil) {
    self.values = values
    self.loc = loc
  }
}

/// `{ ObjectField* }`
public struct ObjectValue: Hashable, Sendable {
  public var fields: [ObjectField]
  public var loc: Location?

  public init(_ fields: [ObjectField], loc: Location? = nil) {
    self.fields = fields
    self.loc = loc
  }
}

/// `Name : Value`
public struct ObjectField: Hashable, Sendable {
  public var name: Name
  public var value: Value
  public var loc: Location?

  public init(name: Name, value: Value, loc: Location? = nil) {
    self.name = name
    self.value = value
    self.loc = loc
  }
}
