/// Who a read belongs to: the operation or the fragment whose selections are read. Every
/// event names it, so a log line says which generated type saw the problem.
public enum ReadOwner: Sendable, Hashable, CustomStringConvertible {
  case operation(String)
  case fragment(String)

  public var description: String {
    switch self {
    case .operation(let name): "operation \(name)"
    case .fragment(let name): "fragment \(name)"
    }
  }
}
