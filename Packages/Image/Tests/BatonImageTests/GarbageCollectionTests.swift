import BatonNormalizer
import BatonStore
import Foundation
import Testing

@testable import BatonImage

@Suite struct GarbageCollectionTests {
  @Test func recordsNoOperationReachesAreNotWritten() throws {
    var image = SampleImages.everyKind()
    image.records.merge(StoreRecord(id: "Orphan:1", typename: "Orphan", fields: ["name": RecordField(.scalar("gone"))]))
    image.records.merge(StoreRecord(id: "Orphan:2", typename: "Orphan", fields: [:]))
    let decoded = try FileImage.decode(FileImage.encode(image))
    #expect(decoded.records["Orphan:1"] == nil)
    #expect(decoded.records["Orphan:2"] == nil)
    #expect(decoded == SampleImages.everyKind())
  }

  @Test func forgettingAnOperationShrinksTheFile() throws {
    let directory = try TemporaryDirectory()
    let file = try FileImage(at: directory.url.appendingPathComponent("store.image"), debounce: .zero)
    var image = StoreImage()
    for page in 0..<10 {
      let ids = (0..<50).map { RecordID("Character:\(page * 50 + $0)") }
      for id in ids { image.records.merge(StoreRecord(id: id, typename: "Character", fields: ["name": RecordField(.scalar(.string(id.rawValue)))])) }
      image.operations.append(OperationImage(operationID: "page", name: "Page", variables: ["page": .number("\(page)")], seenRecords: Set(ids)))
    }
    try file.save(image)
    file.flush()
    let fullSize = try directory.size(of: "store.image")
    image.operations.removeLast(9)
    try file.save(image)
    file.flush()
    let loaded = try #require(try file.load())
    #expect(loaded.records.count == 50)
    #expect(try directory.size(of: "store.image") < fullSize / 5)
  }
}
