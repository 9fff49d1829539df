import BatonNormalizer
import BatonStore
import Testing

/// The golden `CaughtShelf` query's aliased inline fragment under `@catch`, offline: built
/// data reads its fields through the alias, and an error on a field inside (a non-null one
/// too) stays in the fragment, which catches it, rather than nulling the shelf.
struct GeneratedCaughtFragmentTests {
  typealias Shelf = Library.CaughtShelfQuery.Data.Shelf

  static let built = Library.CaughtShelfQuery.Data(shelf: Shelf(
    id: "S1", details: .success(.init(label: "New", curator: .init(id: "P1", name: "Ada")))))

  @Test func theAliasReadsTheFragmentsFields() throws {
    #expect(try Self.built.shelf?.details.get().curator.name == "Ada")
    #expect(try Self.built.shelf?.details.get().label == "New")
  }

  @Test func anErrorOnANonNullFieldInsideIsCaughtByTheFragment() {
    let failed = Self.built.withFieldError("curator unavailable", at: ["shelf", "curator"])
    #expect(failed.shelf?.id == "S1")
    guard case .failure(let caught)? = failed.shelf?.details else {
      Issue.record("the fragment read \(String(describing: failed.shelf?.details)), not the caught error")
      return
    }
    #expect(caught.errors.map(\.message) == ["curator unavailable"])
  }

  /// A failure given to the builder lands on the fragment's first field and reads back as given.
  @Test func aBuiltFailureReadsBackAsTheSameFailure() {
    let caught = Library.FieldErrors(errors: [FieldError(message: "label unavailable")])
    let failed = Library.CaughtShelfQuery.Data(shelf: Shelf(id: "S1", details: .failure(caught)))
    #expect(failed.shelf?.details == .failure(caught))
    #expect(failed.__response.errors == [FieldError(message: "label unavailable", path: ["shelf", "label"])])
  }
}

/// The golden `MaybeCaughtShelf` query's aliased fragment under `@catch(to: NULL)` and
/// `@include`: the builder's `nil` leaves it out (not included), a value includes it, and
/// `.some(nil)` includes it as what the catch made of an error.
struct GeneratedConditionalCaughtFragmentTests {
  typealias Shelf = Library.MaybeCaughtShelfQuery.Data.Shelf

  @Test func theBuilderIncludesTheFragmentOnlyWhenGiven() {
    let included = Library.MaybeCaughtShelfQuery.Data(shelf: Shelf(id: "S1", details: .init(label: "New")))
    #expect(included.shelf?.details?.label == "New")
    #expect(included.__response.variables == ["withDetails": true])

    let left = Library.MaybeCaughtShelfQuery.Data(shelf: Shelf(id: "S1"))
    #expect(left.shelf?.details == nil)
    #expect(left.__response.variables.isEmpty)

    let caught = Library.MaybeCaughtShelfQuery.Data(shelf: Shelf(id: "S1", details: .some(nil)))
    #expect(caught.shelf?.details == nil)
    #expect(caught.__response.variables == ["withDetails": true])
    #expect(caught.__response.errors.map(\.path) == [["shelf", "label"]])
  }
}
