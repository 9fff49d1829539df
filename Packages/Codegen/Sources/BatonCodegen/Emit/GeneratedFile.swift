/// One file `baton generate` writes: its path relative to the output folder and its text.
public struct GeneratedFile: Sendable, Equatable {
  public var path: String
  public var contents: String

  public init(path: String, contents: String) {
    self.path = path
    self.contents = contents
  }
}
