import BatonStore

extension Signposts {
  /// The inspector's intervals: `inspector page` (a live page rendered).
  static let inspector = Signposts(category: "Inspector")
}
