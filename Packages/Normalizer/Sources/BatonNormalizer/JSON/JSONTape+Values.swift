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
