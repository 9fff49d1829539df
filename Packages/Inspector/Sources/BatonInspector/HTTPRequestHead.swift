#if DEBUG
  import BatonNormalizer
  import Foundation

  /// The start line and headers of an HTTP/1.x request, read with limits: the live
  /// inspector's port is reachable by any local process and any page a browser opens, so
  /// every request is treated as hostile until it parses.
  struct HTTPRequestHead: Equatable {
    /// Why a request was refused, as the status to answer with.
    enum Refusal: Error, Equatable {
      case badRequest(String)
      case tooLarge
      case methodNotAllowed
    }

    /// The most bytes a head may take; the inspector's requests are a line and a few headers.
    static let maximumSize = 16 * 1024

    var method: String
    /// The path, without the query.
    var path: String
    /// Header names lower-cased; a repeated header keeps its last value.
    var headers: [String: String]

    /// The head in `bytes`, which end at the blank line (`\r\n\r\n`) or before it.
    init(_ bytes: [UInt8]) throws(Refusal) {
      guard bytes.count <= Self.maximumSize else { throw .tooLarge }
      guard let text = String(strictUTF8: bytes) else { throw .badRequest("The request is not UTF-8.") }
      var lines = text.split(separator: "\r\n", omittingEmptySubsequences: false)
      while lines.last?.isEmpty == true { lines.removeLast() }
      guard let start = lines.first else { throw .badRequest("The request is empty.") }
      let parts = start.split(separator: " ", omittingEmptySubsequences: false)
      guard parts.count == 3, parts[2] == "HTTP/1.1" || parts[2] == "HTTP/1.0" else {
        throw .badRequest("The request line is not \"METHOD /path HTTP/1.1\".")
      }
      guard parts[1].hasPrefix("/") else { throw .badRequest("The request target is not a path.") }
      method = String(parts[0])
      path = String(parts[1].prefix { $0 != "?" && $0 != "#" })
      headers = [:]
      for line in lines.dropFirst() {
        guard let colon = line.firstIndex(of: ":"), colon > line.startIndex else {
          throw .badRequest("A header line has no name.")
        }
        let name = line[..<colon].lowercased()
        guard name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" }) else {
          throw .badRequest("A header name has characters a name may not have.")
        }
        headers[name] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
      }
      guard method == "GET" || method == "HEAD" else { throw .methodNotAllowed }
    }

    /// Whether the `Host` header names this loopback port: a page on another site that
    /// resolves its own name to 127.0.0.1 (DNS rebinding) sends its own host, and is refused.
    func isAddressedToLoopback(port: UInt16) -> Bool {
      guard let host = headers["host"] else { return false }
      return ["127.0.0.1:\(port)", "localhost:\(port)"].contains(host.lowercased())
    }
  }
#endif
