extension String {
  /// `bytes` as text when they are well-formed UTF-8, else nil: never repaired with U+FFFD.
  ///
  /// As strict as the standard library's `String(validating:as:)` (overlong forms,
  /// surrogates, values past U+10FFFF and cut-off sequences are all refused), which needs
  /// macOS 15 and iOS 18, above the package's minimums; this one uses only the UTF-8
  /// parser every supported platform has.
  /// - Complexity: O(n), two passes over `bytes`.
  package init?<Bytes: Collection<UInt8>>(strictUTF8 bytes: Bytes) {
    var parser = Unicode.UTF8.ForwardParser()
    var iterator = bytes.makeIterator()
    while true {
      switch parser.parseScalar(from: &iterator) {
      case .valid: continue
      case .error: return nil
      case .emptyInput:
        self.init(decoding: bytes, as: UTF8.self)
        return
      }
    }
  }
}
