extension JSONTape {
  /// The value at `index` as a `JSONValue`, built without recursion, or `nil` when arrays
  /// and objects nest in it more than `depthLimit` levels deep (the value itself counting
  /// one), as `JSONValue.nests(deeperThan:)` counts them.
  ///
  /// - Complexity: O(tokens in the value).
  func value(_ index: Int, depthLimit: Int = JSONReader.defaultDepthLimit) -> JSONValue? {
    /// A container whose items are still being built.
    struct Open {
      let isObject: Bool
      let end: Int
      var items: [JSONValue] = []
      var members: [JSONMember] = []
      var key = ""
    }
    var open: [Open] = []
    var index = index
    while true {
      var value: JSONValue
      let token = tokens[index]
      switch token.kind {
      case .null: value = .null
      case .false: value = .bool(false)
      case .true: value = .bool(true)
      case .number, .storedNumber: value = .number(text(index))
      case .string, .storedString: value = .string(text(index))
      case .object, .array:
        guard open.count < depthLimit else { return nil }
        let isObject = token.kind == .object
        let end = Int(token.first)
        if end == index + 1 {
          value = isObject ? .object([]) : .array([])
        } else {
          var container = Open(isObject: isObject, end: end)
          if isObject {
            container.members.reserveCapacity(Int(token.second))
            index += 1
            container.key = text(index)
          } else {
            container.items.reserveCapacity(Int(token.second))
          }
          open.append(container)
          index += 1
          continue
        }
      }
      index += 1
      // Hand the value to the containers around it, closing each it completes.
      while let last = open.indices.last {
        if open[last].isObject {
          open[last].members.append(JSONMember(open[last].key, value))
        } else {
          open[last].items.append(value)
        }
        if index < open[last].end {
          if open[last].isObject {
            open[last].key = text(index)
            index += 1
          }
          break
        }
        let closed = open.removeLast()
        value = closed.isObject ? .object(closed.members) : .array(closed.items)
      }
      if open.isEmpty { return value }
    }
  }
}

extension JSONTape {
  /// Whether the values at `one` and `other` are written alike: the same tokens, their
  /// strings and numbers the same bytes. Two values written alike read alike; a value
  /// written two ways (an escape where the other has the character) is not seen as the same.
  ///
  /// - Complexity: O(tokens in the value), stopping at the first difference.
  func isWrittenAlike(_ one: Int, _ other: Int) -> Bool {
    let count = skip(one) - one
    guard skip(other) - other == count else { return false }
    return bytes.withUnsafeBufferPointer { bytes in
      for offset in 0..<count {
        let left = tokens[one + offset]
        let right = tokens[other + offset]
        guard left.kind == right.kind else { return false }
        switch left.kind {
        case .null, .false, .true: continue
        case .object, .array:
          guard left.second == right.second, Int(left.first) - one == Int(right.first) - other else { return false }
        case .number, .string:
          guard left.second - left.first == right.second - right.first,
            UnsafeBufferPointer(rebasing: bytes[Int(left.first)..<Int(left.second)])
              .sameBytes(as: UnsafeBufferPointer(rebasing: bytes[Int(right.first)..<Int(right.second)]))
          else { return false }
        case .storedNumber, .storedString:
          guard strings[Int(left.first)] == strings[Int(right.first)] else { return false }
        }
      }
      return true
    }
  }
}

extension JSONTape {
  /// A hash of an object's member count and its first four members' strings (each one's
  /// length and last eight bytes, where ids and names differ): objects written alike have
  /// the same sketch; others seldom do. A handful of loads, however long the strings.
  func sketch(_ object: Int) -> Int {
    let end = Int(tokens[object].first)
    var hash = UInt64(tokens[object].second) &* 0x9E37_79B9_7F4A_7C15
    var key = object + 1
    var members = 0
    bytes.withUnsafeBytes { bytes in
      while key < end && members < 4 {
        let value = tokens[key + 1]
        if value.kind == .string {
          let start = Int(value.first)
          let stop = Int(value.second)
          var tail = UInt64(stop - start)
          if stop - start >= 8 {
            tail ^= bytes.loadUnaligned(fromByteOffset: stop - 8, as: UInt64.self)
          } else {
            for index in start..<stop { tail = tail << 8 | UInt64(bytes[index]) }
          }
          hash = (hash ^ tail) &* 0x0000_0100_0000_01B3
        }
        key = skip(key + 1)
        members += 1
      }
    }
    return Int(truncatingIfNeeded: (hash &* 0x9E37_79B9_7F4A_7C15) >> 32)
  }
}
