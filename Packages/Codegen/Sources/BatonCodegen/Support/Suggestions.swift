/// "Did you mean …?" hints, ranked as graphql-js and graphql-core rank them: by
/// Damerau–Levenshtein distance (case-insensitive), then in natural order.
enum Suggestions {
  /// ` Did you mean 'A', 'B', or 'C'?`, or "" when there is nothing to suggest.
  static func didYouMean(_ suggestions: [String], subMessage: String? = nil) -> String {
    if suggestions.isEmpty { return "" }
    var message = " Did you mean "
    if let subMessage { message += subMessage + " " }
    return message + orList(suggestions.prefix(5).map { "'\($0)'" }) + "?"
  }

  /// `A`, `A or B`, `A, B, or C`.
  static func orList(_ items: [String]) -> String {
    switch items.count {
    case 0: return ""
    case 1: return items[0]
    case 2: return "\(items[0]) or \(items[1])"
    default: return items.dropLast().joined(separator: ", ") + ", or " + (items.last ?? "")
    }
  }

  /// The options close enough to `input`, closest first.
  ///
  /// GraphQL names are ASCII, so distances are computed over ASCII-lowercased bytes with
  /// one reused buffer; other text falls back to Unicode scalars.
  static func list(_ input: String, _ options: some Sequence<String>) -> [String] {
    var measure = LexicalDistance(input)
    var found: [(option: String, distance: Int)] = []
    for option in options {
      if let distance = measure.distance(to: option) { found.append((option, distance)) }
    }
    found.sort { left, right in
      if left.distance != right.distance { return left.distance < right.distance }
      return naturalLess(left.option, right.option)
    }
    return found.map(\.option)
  }

  /// Damerau–Levenshtein distance from one input to many options, within a threshold of
  /// 40% of the input's length, as graphql-js's `LexicalDistance`.
  private struct LexicalDistance {
    let input: String
    let lowered: [UInt32]
    let threshold: Int
    private var rows: [Int] = []

    init(_ input: String) {
      self.input = input
      self.lowered = Self.lowercasedScalars(input)
      self.threshold = Int(Double(input.unicodeScalars.count) * 0.4) + 1
    }

    static func lowercasedScalars(_ text: String) -> [UInt32] {
      if text.utf8.allSatisfy({ $0 < 0x80 }) {
        return text.utf8.map { $0 >= 0x41 && $0 <= 0x5A ? UInt32($0 + 0x20) : UInt32($0) }
      }
      return text.lowercased().unicodeScalars.map(\.value)
    }

    mutating func distance(to option: String) -> Int? {
      if option == input { return 0 }
      let optionLowered = Self.lowercasedScalars(option)
      if optionLowered == lowered { return 1 }
      var a = optionLowered
      var b = lowered
      if a.count < b.count { swap(&a, &b) }
      if a.count - b.count > threshold { return nil }
      let width = b.count + 1
      if rows.count < 3 * width { rows = Array(repeating: 0, count: 3 * width) }
      for j in 0...b.count { rows[j] = j }
      if a.isEmpty { return b.count <= threshold ? b.count : nil }
      for i in 1...a.count {
        let current = (i % 3) * width
        let up = ((i - 1) % 3) * width
        let upUp = ((i + 1) % 3) * width
        rows[current] = i
        var smallest = i
        if b.count > 0 {
          for j in 1...b.count {
            let cost = a[i - 1] == b[j - 1] ? 0 : 1
            var cell = min(rows[up + j] + 1, rows[current + j - 1] + 1, rows[up + j - 1] + cost)
            if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
              cell = min(cell, rows[upUp + j - 2] + 1)
            }
            smallest = min(smallest, cell)
            rows[current + j] = cell
          }
        }
        if smallest > threshold { return nil }
      }
      let result = rows[(a.count % 3) * width + b.count]
      return result <= threshold ? result : nil
    }
  }

  /// Natural order: runs of digits compare as numbers.
  private static func naturalLess(_ left: String, _ right: String) -> Bool {
    let leftParts = naturalParts(left)
    let rightParts = naturalParts(right)
    for (l, r) in zip(leftParts, rightParts) where l != r {
      switch (l, r) {
      case (.number(let a, let aText), .number(let b, let bText)):
        return a != b ? a < b : aText < bText
      case (.text(let a), .text(let b)): return a < b
      case (.text, .number): return false
      case (.number, .text): return true
      }
    }
    return leftParts.count < rightParts.count
  }

  private enum Part: Equatable {
    case text(String)
    case number(Int, String)
  }

  /// Alternating text and digit runs, starting with a (possibly empty) text run, as
  /// Python's `re.split(r"(\d+)")` gives them.
  private static func naturalParts(_ text: String) -> [Part] {
    var parts: [Part] = []
    var current = ""
    var inDigits = false
    for character in text {
      let isDigit = character.isASCII && character.isNumber
      if isDigit != inDigits {
        parts.append(inDigits ? .number(Int(current) ?? 0, current) : .text(current))
        current = ""
        inDigits = isDigit
      }
      current.append(character)
    }
    parts.append(inDigits ? .number(Int(current) ?? 0, current) : .text(current))
    return parts
  }
}
