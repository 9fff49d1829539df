/// What one `baton generate` run writes: the Swift files for the output folder, and the
/// persisted-operations manifest (its `path` as baton.json resolves it) if asked for.
public struct Generation: Sendable, Equatable {
  public var files: [GeneratedFile]
  public var manifest: GeneratedFile?

  public init(files: [GeneratedFile], manifest: GeneratedFile? = nil) {
    self.files = files
    self.manifest = manifest
  }
}
