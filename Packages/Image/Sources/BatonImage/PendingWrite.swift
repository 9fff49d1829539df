import BatonNormalizer
import BatonStore

/// What `FileImage` has to write next: a whole image, or a change to what the files hold.
enum PendingWrite {
  /// An image to write whole; `collecting` when given whole (`save(_ image:)`), so written
  /// without the records no operation reaches.
  case whole(StoreImage, collecting: Bool)
  case change(ImageChange)

  /// This write followed by `later`, as one: two changes merge (the later one's sets win),
  /// a whole image after anything is that image, and a change after a whole image is the
  /// change's image, written whole as the store holds it.
  func then(_ later: PendingWrite) -> PendingWrite {
    switch (self, later) {
    case (.change(let first), .change(let second)):
      var written = first.writtenRecords.subtracting(second.removedRecords)
      written.formUnion(second.writtenRecords)
      var removed = first.removedRecords.subtracting(second.writtenRecords)
      removed.formUnion(second.removedRecords)
      return .change(ImageChange(image: second.image, writtenRecords: written, removedRecords: removed))
    case (_, .whole): return later
    case (.whole, .change(let second)): return .whole(second.image, collecting: false)
    }
  }
}
