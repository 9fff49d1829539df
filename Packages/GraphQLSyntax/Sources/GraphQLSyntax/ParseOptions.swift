/// Options for `parse` and its siblings.
public struct ParseOptions: Sendable {
  /// Leave `loc` nil on every node, so that `==` on the AST compares structure only.
  public var noLocation: Bool
  /// The most tokens (comments included, as graphql-core's `max_tokens` counts them) a
  /// document may have; nil for no limit. The default, two million, is generous for any
  /// real schema (GitHub's 715 KB schema has about 40,000) yet bounds hostile input.
  public var maxTokens: Int?
  /// The deepest nesting of selection sets, list and object values and list types;
  /// deeper input fails with `Document is nested too deeply. Parsing aborted.`
  /// The default, 200, is graphql-core 3.3's, so both accept the same documents, and the
  /// deepest such document parses and prints on a 512 KB thread stack even in a debug
  /// build. A larger limit needs a correspondingly larger stack.
  public var maxDepth: Int
  /// Parse variable definitions on fragments and arguments on fragment spreads
  /// (experimental, as graphql-core's `experimental_fragment_arguments`).
  public var experimentalFragmentArguments: Bool

  public init(
    noLocation: Bool = false, maxTokens: Int? = 2_000_000, maxDepth: Int = 200,
    experimentalFragmentArguments: Bool = false
  ) {
    self.noLocation = noLocation
    self.maxTokens = maxTokens
    self.maxDepth = maxDepth
    self.experimentalFragmentArguments = experimentalFragmentArguments
  }
}
