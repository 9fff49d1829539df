@testable import BatonNormalizer
import Testing

/// A type condition matches exactly its possible types, whether they are few enough to be
/// compared in turn or many enough to be hashed.
@Suite struct PossibleTypesTests {
  @Test(arguments: [1, 2, TypeNameTable<Void>.linearLimit, TypeNameTable<Void>.linearLimit + 1, 40])
  func matchesExactlyItsTypes(count: Int) {
    let names = (0..<count).map { $0 % 2 == 0 ? "T\($0)" : "AVeryLongTypeNameThatIsNotInline\($0)" }
    let types = PossibleTypes(Set(names))
    for name in names { #expect(types.contains(name)) }
    for other in ["", "T", "T\(count)", "AVeryLongTypeNameThatIsNotInline", "t0", names[0] + " "] {
      #expect(!types.contains(other), "\(other) is not one of \(count) types")
    }
  }
}
