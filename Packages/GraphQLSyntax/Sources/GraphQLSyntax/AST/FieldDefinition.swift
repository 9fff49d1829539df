/// `Description? Name ArgumentsDefinition? : Type Directives[Const]?`
///
/// The parts live in a `NodeChunk`, where a parse stores a schema's field definitions side
/// by side; a type's array of fields holds a word or two per field.
public struct FieldDefinition: Hashable, Sendable {
  private var slot: NodeSlot<Parts>

  struct Parts: Hashable, Sendable {
    var description: StringValue?
    var name: Name
    var arguments: [InputValueDefinition]
    var type: TypeReference
    var directives: [Directive]
    var loc: Location?
  }

  public init(
    description: StringValue? = nil, name: Name, arguments: [InputValueDefinition] = [],
    type: TypeReference, directives: [Directive] = [], loc: Location? = nil
  ) {
    slot = NodeSlot(
      Parts(
        description: description, name: name, arguments: arguments, type: type,
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

  public var arguments: [InputValueDefinition] {
    get { slot.read { $0.arguments } }
    set { slot.change { $0.arguments = newValue } }
  }

  public var type: TypeReference {
    get { slot.read { $0.type } }
    set { slot.change { $0.type = newValue } }
  }

  public var directives: [Directive] {
    get { slot.read { $0.directives } }
    set { slot.change { $0.directives = newValue } }
  }

  public var loc: Location? {
    get { slot.read { $0.loc } }
    set { slot.change { $0.loc = newValue } }
  }

  public static func == (lhs: FieldDefinition, rhs: FieldDefinition) -> Bool {
    lhs.slot.isSame(as: rhs.slot) || lhs.slot.parts == rhs.slot.parts
  }

  public func hash(into hasher: inout Hasher) {
    slot.read { $0.hash(into: &hasher) }
  }
}
