/// A `@stream`ed list as generated code reads it: the items that have arrived, in order, and
/// whether the server has sent them all.
public struct Streamed<Element> {
  public var items: [Element]
  /// `false` while more items may come; `true` once the stream completed (or failed: then
  /// `errors` says why).
  public var isComplete: Bool
  /// The errors of a stream the server gave up on; empty otherwise.
  public var errors: [FieldError]

  public init(items: [Element], isComplete: Bool, errors: [FieldError] = []) {
    self.items = items
    self.isComplete = isComplete
    self.errors = errors
  }
}

extension Streamed: Sendable where Element: Sendable {}
extension Streamed: Equatable where Element: Equatable {}
extension Streamed: Hashable where Element: Hashable {}

extension DataObject {
  /// The streamed list `label` of this object, its items as `items` gives them.
  public func streamed<Element>(_ label: String, _ items: [Element]) -> Streamed<Element> {
    switch increments[label] {
    case .pending?: Streamed(items: items, isComplete: false)
    case .failed(let errors)?: Streamed(items: items, isComplete: true, errors: errors)
    case nil: Streamed(items: items, isComplete: true)
    }
  }
}
