import CharacterFeature

extension Episodes.EpisodeCastQuery.Data.Episode {
  /// The episode's code and name.
  public var headline: String { "\(code) \(name)" }
  /// Each character as the character feature's summary reads it.
  public var castLines: [String] { characters.map(\.characterSummary.line) }
}
