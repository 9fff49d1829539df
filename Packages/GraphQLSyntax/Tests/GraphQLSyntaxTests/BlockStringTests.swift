import Testing

@testable import GraphQLSyntax

@Suite("Block strings")
struct BlockStringTests {
  @Test(
    "Dedent follows the spec's BlockStringValue()",
    arguments: [
      ("", ""),
      ("  \n\t\n", ""),
      ("\n\n  Hello,\n    World!\n\n  Yours,\n    GraphQL.\n\n", "Hello,\n  World!\n\nYours,\n  GraphQL."),
      ("  Hello,\n    World!", "  Hello,\nWorld!"),
      ("Hello,\r\n  World!\r  Bye", "Hello,\nWorld!\nBye"),
      ("\tHello,\n\t\tWorld", "\tHello,\nWorld"),
      ("  a\n  \n    b", "  a\n\nb"),
      ("    \n  a\n    b\n  ", "a\n  b"),
    ])
  func dedent(raw: String, expected: String) {
    #expect(BlockString.dedent(raw) == expected)
  }

  @Test(
    "printBlockString chooses the layout graphql-js chooses",
    arguments: [
      ("", #""""""""#),
      ("simple", #""""simple""""#),
      ("  leading space", #""""  leading space""""#),
      ("\tleading tab", "\"\"\"\tleading tab\"\"\""),
      ("trailing quote\"", "\"\"\"\ntrailing quote\"\n\"\"\""),
      ("trailing backslash\\", "\"\"\"\ntrailing backslash\\\n\"\"\""),
      ("triple \"\"\" quotes", "\"\"\"triple \\\"\"\" quotes\"\"\""),
      ("ends with \"\"\"", "\"\"\"\nends with \\\"\"\"\n\"\"\""),
      ("two\nlines", "\"\"\"\ntwo\nlines\n\"\"\""),
      ("first\n  indented", "\"\"\"\nfirst\n  indented\n\"\"\""),
      (String(repeating: "x", count: 71), "\"\"\"\n" + String(repeating: "x", count: 71) + "\n\"\"\""),
      (String(repeating: "\u{E9}", count: 70), "\"\"\"" + String(repeating: "\u{E9}", count: 70) + "\"\"\""),
    ])
  func printBlockString(value: String, expected: String) throws {
    #expect(BlockString.print(value) == expected)
    let reparsed = try argumentValue(expected)
    #expect(reparsed == .string(StringValue(value, block: true)))
  }

  @Test("Common indentation cannot survive printing, as in graphql-js")
  func commonIndentationIsLost() throws {
    let printed = BlockString.print("  all\n  indented")
    #expect(printed == "\"\"\"\n  all\n  indented\n\"\"\"")
    #expect(try argumentValue(printed) == .string(StringValue("all\nindented", block: true)))
  }

  @Test(
    "isPrintable accepts exactly the values graphql-js prints as block strings",
    arguments: [
      ("", true),
      ("simple", true),
      ("tab\tinside", true),
      ("first\n  indented", true),
      ("two\n\nparagraphs", true),
      ("\nleading newline", false),
      ("trailing newline\n", false),
      ("trailing blank line\n  ", false),
      ("  all\n  indented", false),
      ("bell \u{07}", false),
      ("carriage\rreturn", false),
    ])
  func isPrintable(value: String, expected: Bool) throws {
    #expect(BlockString.isPrintable(value) == expected)
    if expected {
      let reparsed = try argumentValue(BlockString.print(value))
      #expect(reparsed == .string(StringValue(value, block: true)))
    }
  }
}
