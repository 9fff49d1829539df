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
  static func list(_ input: String, _ options: some Sequence<String>) -> [String] {
    let inputScalars = Array(input.lowercased().unicodeScalars)
    let threshold = Int(Double(input.unicodeScalars.count) * 0.4) + 1
    var found: [(option: String, distance: Int)] = []
    for option in options {
      if let distance = distance(input, inputScalars, option, threshold: threshold) {
        found.append((option, distance))
      }
    }
    found.sort { left, right in
      if left.distance != right.distance { return left.distance < right.distance }
      return naturalLess(left.option, right.option)
    }
    return found.map(\.option)
  }

  private static func distance(
    _ input: String, _ inputLower: [Unicode.Scalar], _ option: String, threshold: Int
  ) -> Int? {
    if input == option { return 0 }
    let optionLower = Array(option.lowercased().unicodeScalars)
    if optionLower == inputLower { return 1 }
    var a = optionLower
    var b = inputLower
    if a.count < b.count { swap(&a, &b) }
    if a.count - b.count > threshold { return nil }
    var rows = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: 3)
    for j in 0...b.count { rows[0][j] = j }
    if a.isEmpty { return rows[0][b.count] <= threshold ? rows[0][b.count] : nil }
    for i in 1...a.count {
      var smallest = i
      rows[i % 3][0] = i
      if b.count > 0 {
        for j in 1...b.count {
          let cost = a[i - 1] == b[j - 1] ? 0 : 1
          var cell = min(rows[(i - 1) % 3][j] + 1, rows[i % 3][j - 1] + 1, rows[(i - 1) % 3][j - 1] + cost)
          if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
            cell = min(cell, rows[(i - 2) % 3][j - 2] + 1)
          }
          smallest = min(smallest, cell)
          rows[i % 3][j] = cell
        }
      }
      if smallest > threshold { return nil }
    }
    let result = rows[a.count % 3][b.count]
    return result <= threshold ? result : nil
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
