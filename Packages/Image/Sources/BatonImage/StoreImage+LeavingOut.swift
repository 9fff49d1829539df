import BatonNormalizer
import BatonStore

extension StoreImage {
  /// The image without the fields, operations and outbox entries of `dropped`.
  func leavingOut(_ dropped: [ImageDrop]) -> StoreImage {
    var image = self
    var positions = Set<Int>()
    var outboxPositions = Set<Int>()
    for drop in dropped {
      switch drop.place {
      case .field(let id, let key):
        guard var record = image.records[id] else { continue }
        record.fields[key] = nil
        image.records.remove(id)
        image.records.merge(record)
      case .operation(let position, _):
        positions.insert(position)
      case .outboxEntry(let position, _):
        outboxPositions.insert(position)
      }
    }
    if !outboxPositions.isEmpty {
      image.outbox = image.outbox.enumerated().filter { !outboxPositions.contains($0.offset) }.map(\.element)
    }
    if !positions.isEmpty {
      image.operations = image.operations.enumerated().filter { !positions.contains($0.offset) }.map(\.element)
    }
    return image
  }
}
