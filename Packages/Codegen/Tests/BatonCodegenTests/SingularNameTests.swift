@testable import BatonCodegen
import Testing

/// A list field's nested type is named in the singular by a small, fixed rule set.
struct SingularNameTests {
  static let cases: [(String, String)] = [
    ("Flights", "Flight"), ("Episodes", "Episode"), ("Categories", "Category"), ("Addresses", "Address"),
    ("Boxes", "Box"), ("Statuses", "Status"), ("Houses", "House"), ("People", "Person"), ("FirstEpisodes", "FirstEpisode"),
    ("Movies", "Movie"), ("Series", "Series"), ("Species", "Species"), ("Status", "Status"), ("Analysis", "Analysis"),
    ("Address", "Address"), ("Info", "Info"), ("Data", "Data"), ("Us", "Us"),
  ]

  @Test(arguments: cases) func singular(_ plural: String, _ singular: String) {
    #expect(SingularName.of(plural) == singular)
  }
}
