import Testing

@testable import GraphQLSyntax

/// Records the visit order as "enter Kind name" / "leave Kind name" lines.
struct RecordingVisitor: ASTVisitor {
  var events: [String] = []
  var skipFieldsNamed: Set<String> = []
  var stopAtFieldNamed: String?

  mutating func enter(_ node: OperationDefinition) -> VisitAction {
    events.append("enter operation \(node.name?.value ?? "-")")
    return .continue
  }
  mutating func leave(_ node: OperationDefinition) {
    events.append("leave operation \(node.name?.value ?? "-")")
  }
  mutating func enter(_ node: FragmentDefinition) -> VisitAction {
    events.append("enter fragment \(node.name.value)")
    return .continue
  }
  mutating func enter(_ node: Field) -> VisitAction {
    events.append("enter field \(node.name.value)")
    if node.name.value == stopAtFieldNamed { return .stop }
    return skipFieldsNamed.contains(node.name.value) ? .skipChildren : .continue
  }
  mutating func leave(_ node: Field) {
    events.append("leave field \(node.name.value)")
  }
  mutating func enter(_ node: FragmentSpread) -> VisitAction {
    events.append("enter spread \(node.name.value)")
    return .continue
  }
  mutating func enter(_ node: InlineFragment) -> VisitAction {
    events.append("enter inline \(node.typeCondition?.name.value ?? "-")")
    return .continue
  }
  mutating func enter(_ node: Argument) -> VisitAction {
    events.append("enter argument \(node.name.value)")
    return .continue
  }
  mutating func enter(_ node: Directive) -> VisitAction {
    events.append("enter directive \(node.name.value)")
    return .continue
  }
  mutating func enter(_ node: Value) -> VisitAction {
    if case .variable(let variable) = node { events.append("enter variable \(variable.name.value)") }
    return .continue
  }
  mutating func enter(_ node: TypeReference) -> VisitAction {
    if case .named(let named) = node { events.append("enter type \(named.name.value)") }
    return .continue
  }
  mutating func enter(_ node: FieldDefinition) -> VisitAction {
    events.append("enter fieldDefinition \(node.name.value)")
    return .continue
  }
  mutating func enter(_ node: InputValueDefinition) -> VisitAction {
    events.append("enter inputValue \(node.name.value)")
    return .continue
  }
  mutating func enter(_ node: EnumValueDefinition) -> VisitAction {
    events.append("enter enumValue \(node.name.value)")
    return .continue
  }
}

@Suite("Visitor")
struct VisitorTests {
  let document: Document

  init() throws {
    document = try parseStructure(
      """
      query Q($id: ID = 1) @live {
        node(id: $id) @include(if: $flag) { ... on User { name } ...F }
        other
      }
      fragment F on User { friends { id } }
      """)
  }

  @Test("Nodes are entered and left depth-first in source order")
  func order() {
    var visitor = RecordingVisitor()
    visit(document, &visitor)
    #expect(
      visitor.events == [
        "enter operation Q", "enter variable id", "enter type ID", "enter directive live",
        "enter field node", "enter argument id", "enter variable id", "enter directive include",
        "enter argument if", "enter variable flag", "enter inline User", "enter type User",
        "enter field name", "leave field name", "enter spread F", "leave field node",
        "enter field other", "leave field other", "leave operation Q", "enter fragment F",
        "enter type User", "enter field friends", "enter field id", "leave field id",
        "leave field friends",
      ])
  }

  @Test("skipChildren skips the subtree but still leaves the node")
  func skipChildren() {
    var visitor = RecordingVisitor(skipFieldsNamed: ["node", "friends"])
    visit(document, &visitor)
    #expect(!visitor.events.contains("enter field name"))
    #expect(!visitor.events.contains("enter field id"))
    #expect(visitor.events.contains("leave field node"))
    #expect(visitor.events.contains("leave field friends"))
  }

  @Test("stop ends the walk at once")
  func stop() {
    var visitor = RecordingVisitor(stopAtFieldNamed: "name")
    visit(document, &visitor)
    #expect(visitor.events.last == "enter field name")
    #expect(!visitor.events.contains("leave operation Q"))
  }

  @Test("Type-system definitions are walked through fields, arguments and values")
  func typeSystem() throws {
    let schema = try parseStructure(
      """
      type T implements I { f(a: Int = 1): [S!] @d(x: 2) }
      enum E { A B }
      input In { g: Int }
      extend type T { h: Int }
      directive @d(x: Int) on FIELD_DEFINITION
      """)
    var visitor = RecordingVisitor()
    visit(schema, &visitor)
    #expect(
      visitor.events == [
        "enter type I", "enter fieldDefinition f", "enter inputValue a", "enter type Int",
        "enter type S", "enter directive d", "enter argument x", "enter enumValue A",
        "enter enumValue B", "enter inputValue g", "enter type Int", "enter fieldDefinition h",
        "enter type Int", "enter inputValue x", "enter type Int",
      ])
  }
}
