/// `Description? Name : Type DefaultValue? Directives[Const]?`: an argument or an
/// input object field.
///
/// The parts live in a `NodeChunk`, as `FieldDefinition`'s do.
public struct InputValueDefinition: Hashable, Sendable {
  private var slot: NodeSlot<Parts>

  struct Parts: Hashable, Sendable {
    var description: StringValue?
    var name: Name
    var type: TypeReference
    var defaultValue: Value?
    var directives: [Directive]
    var loc: Location?
  }

  public init(
    description: StringValue? = nil, name: Name, type: TypeReference,
    defaultValue: Value? = nil, directives: [Directive] = [], loc: Location? = nil
  ) {
    slot = NodeSlot(
      Parts(
        description: description, name: name, type: type, defaultValue: defaultValue,
        directives: directives, loc: loc))
  }

  /// A definition the parser stored.
  init(_ slot: NodeSlot<Parts>) {
    self.slot = slot
  }

  public var description: StringValue? {
    get { slot.read { $0.description } }
    set { slot.change { $0.description = newValue } }
  }

  public var name: Name {
    get { slot.read { $0.name } }
    set { slot.change { $0.name = newValue } }
  }

  public var type: TypeReference {
    get { slot.read { $0.type } }
    set { slot.change { $0.type = newValue } }
  }

  public var defaultValue: Value? {
    get { slot.read { $0.defaultValue } }
    set { slot.change { $0.defaultValue = newValue } }
  }

  public var directives: [Directive] {
    get { slot.read { $0.directives } }
    set { slot.change { $0.directives = newValue } }
  }

  public var loc: Location? {
    get { slot.read { $0.loc } }
    set { slot.change { $0.loc = newValue } }
  }

  public static func == (lhs: InputValueDefinition, rhs: InputValueDefinition) -> Bool {
    lhs.slot.isSame(as: rhs.slot) || lhs.slot.parts == rhs.slot.parts
  }

  public func hash(into hasher: inout Hasher) {
    slot.read { $0.hash(into: &hasher) }
  }
}
