import BatonNormalizer
import Testing

/// The normalizer and the reader switch over every selection of every object they meet: a
/// case whose payload is a struct is copied, with a retain of each of its references, at
/// each switch (a fragment spread's struct made a selection 57 bytes, and each walk over
/// an object's selections retained the spread's arrays and strings). Every payload is a
/// class, so a selection is one reference.
@Suite struct SelectionLayoutTests {
  @Test func aSelectionIsOneReference() {
    #expect(MemoryLayout<Selection>.size == MemoryLayout<AnyObject>.size)
  }
}
