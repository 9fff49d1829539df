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
///
/// A parsed literal keeps its token and decodes the value each time it is read:
/// descriptions are most of a schema's text, and a parse that dedented and copied each
/// one would spend a third of its time on values that are read once or never. The
/// literal shares the source's bytes to do so.
public struct StringValue: Hashable, Sendable {
  private var storage: Storage
  public var block: Bool
  public var loc: Location?

  private enum Storage: Sendable {
    case decoded(String)
    /// The token `bytes[start..<end]`, quotes included, which the lexer has checked.
    case token(bytes: [UInt8], start: UInt32, end: UInt32)
  }

  public init(_ value: String, block: Bool = false, loc: Location? = nil) {
    self.storage = .decoded(value)
    self.block = block
    self.loc = loc
  }

  /// A literal the parser read: the checked token `bytes[start..<end]`.
  init(token bytes: [UInt8], start: Int, end: Int, block: Bool, loc: Location?) {
    self.storage = .token(
      bytes: bytes, start: UInt32(truncatingIfNeeded: start), end: UInt32(truncatingIfNeeded: end))
    self.block = block
    self.loc = loc
  }

  public var value: String {
    get {
      switch storage {
      case .decoded(let value):
        return value
      case .token(let bytes, let start, let end):
        return bytes.withUnsafeBufferPointer {
          StringLiteral.value($0, from: Int(start), to: Int(end), block: block)
        }
      }
    }
    set { storage = .decoded(newValue) }
  }

  public static func == (lhs: StringValue, rhs: StringValue) -> Bool {
    lhs.block == rhs.block && lhs.loc == rhs.loc && lhs.value == rhs.value
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(value)
    hasher.combine(block)
    hasher.combine(loc)
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
