import BatonCodegen
import Testing

/// Nested data types take their field's name, a list's in the singular, and a suffix only
/// where Swift would reject or misread the name, not because a type further out has it.
struct NestedTypeNameTests {
  static let schema = """
    type Query { allStarships: StarshipConnection }
    type StarshipConnection { edges: [StarshipEdge] }
    type StarshipEdge { node: Starship }
    type Starship { id: ID! pilotConnection: PilotConnection }
    type PilotConnection { edges: [PilotEdge] }
    type PilotEdge { node: Pilot }
    type Pilot { id: ID! homeworld: Planet node: Planet }
    type Planet { id: ID! name: String }
    """

  /// The `struct` declarations of the operation's file, each with its enclosing ones, as
  /// `Outer.Inner` paths (by indentation, which the generator keeps at two spaces a level).
  static func structPaths(_ document: String) throws -> [String] {
    let config = BatonConfig(file: "baton.json", schema: ["schema.graphql"], documents: ["*.graphql"], output: "", namespace: "API")
    let files = try Generator.generate(
      schemaFiles: [("schema.graphql", schema)], documentFiles: [("Q.graphql", document)], config: config)
    let contents = files.first { $0.path == "API.AllStarshipsQuery.swift" }?.contents ?? ""
    var stack: [(indent: Int, name: String)] = []
    var paths: [String] = []
    for line in contents.split(separator: "\n") {
      let indent = line.prefix { $0 == " " }.count
      let words = line.split(separator: " ")
      guard let index = words.firstIndex(of: "struct"), index + 1 < words.count else { continue }
      let name = String(words[index + 1].prefix { $0 != ":" })
      while let last = stack.last, last.indent >= indent { stack.removeLast() }
      stack.append((indent, name))
      paths.append(stack.map(\.name).joined(separator: "."))
    }
    return paths
  }

  @Test func aConnectionInsideAConnectionNamesItsTypesAsTheOuterOne() throws {
    let paths = try Self.structPaths(
      "query AllStarships { allStarships { edges { node { pilotConnection { edges { node { homeworld { name } } } } } } } }")
    #expect(paths.contains("AllStarshipsQuery.Data.AllStarships.Edge.Node.PilotConnection.Edge.Node.Homeworld"), "\(paths)")
  }

  @Test func aNameTakenInItsOwnStructStillGetsASuffix() throws {
    // `node` inside a `Node`: the nested type would shadow the struct it is in.
    let paths = try Self.structPaths(
      "query AllStarships { allStarships { edges { node { pilotConnection { edges { node { node { name } } } } } } } }")
    #expect(paths.contains("AllStarshipsQuery.Data.AllStarships.Edge.Node.PilotConnection.Edge.Node.Node_"), "\(paths)")
  }
}
