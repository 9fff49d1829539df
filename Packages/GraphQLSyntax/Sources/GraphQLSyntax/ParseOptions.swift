/// Options for `parse` and its siblings.
public struct ParseOptions: Sendable {
  /// Leave `loc` nil on every node, so that `==` on the AST compares structure only.
  public var noLocation: Bool
  /// The most tokens (comments included) a document may have; nil for no limit.
  /// The default is generous for any real schema yet bounds hostile input.
  public var maxTokens: Int?
  /// The deepest nesting of selection sets, list and object values and list types.
  /// The default, 200, is graphql-core 3.3's, so both accept the same documents; it also
  /// keeps the recursive descent far from the stack limit even in debug builds.
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
