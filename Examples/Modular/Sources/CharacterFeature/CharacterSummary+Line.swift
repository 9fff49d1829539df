extension Characters.CharacterSummary {
  /// How a character reads in one line, wherever the summary is spread: this module's
  /// screen and any other module's.
  public var line: String { "\(name) (\(status.label), \(species))" }
}
