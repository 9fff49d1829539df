/// How deep objects may nest, counted in objects below the root, in a response the
/// normalizer writes and in the data a read builds.
///
/// Normalizing and reading recurse once per object level. The limit keeps the deepest
/// case within a 512 KB thread stack (a secondary or cooperative thread's on Apple
/// platforms) even in a debug build, which gives every temporary its own stack slot:
/// a response nested deeper fails as malformed, saying where, and a read that goes deeper
/// (through records that link in a cycle) reads the zero value there with an `unexpected`
/// event. Real operations rarely nest more than a dozen or two; at 48 a debug read through
/// lists of objects already overflowed 512 KB.
public enum NestingLimit {
  public static let objects = 32
}
