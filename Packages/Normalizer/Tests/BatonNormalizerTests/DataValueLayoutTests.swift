import BatonNormalizer
import Testing

/// Read data is mostly scalars and nulls, and every slot is as large as the largest case
/// kept inline: objects are one reference and `@required` events are boxed, so that a slot
/// costs what a scalar does (an inline fragment reference made every slot 80 bytes).
@Suite struct DataValueLayoutTests {
  @Test func aSlotIsNoLargerThanAScalar() {
    #expect(MemoryLayout<DataValue>.stride <= MemoryLayout<JSONValue>.stride)
  }
}
