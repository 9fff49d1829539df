import BatonStore

extension Signposts {
  /// The image's intervals: `image load` (read, check, decode) and `image save` (encode,
  /// write, rename).
  static let image = Signposts(category: "Image")
}
