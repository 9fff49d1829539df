/// The comments of a source still to be printed, in source order, and what the printer
/// asks of the bytes around them.
///
/// The printer visits the nodes that sit in lists (definitions, selections, arguments,
/// list and object values, variable, field, argument, enum value and input field
/// definitions, root operation types) in source order and takes, before each, the
/// comments that start before it; after it, those inside it that no list in it took
/// (they go before it too) and a comment on the rest of its line; and before each list
/// closes, the comments left inside it. So every comment is printed once, and printing
/// the output again places each comment the same way.
final class CommentCursor {
  private let bytes: [UInt8]
  private let comments: [Location]
  private var next = 0

  init(_ commented: CommentedDocument) {
    bytes = commented.source.bytes
    comments = commented.comments
  }

  /// The comments not yet taken that start before `offset`, taken.
  func take(before offset: Int) -> ArraySlice<Location> {
    let first = next
    while next < comments.count, comments[next].start < offset {
      next += 1
    }
    return comments[first..<next]
  }

  /// The next comment, taken, when only blanks and commas separate it from `offset` on
  /// one line: a comment at the end of the line of a node ending there.
  func takeTrailing(after offset: Int) -> Location? {
    guard next < comments.count, comments[next].start >= offset else { return nil }
    let comment = comments[next]
    for byte in bytes[offset..<comment.start] where byte != 0x20 && byte != 0x09 && byte != 0x2C {
      return nil
    }
    next += 1
    return comment
  }

  /// The offset of the first byte at or after `offset` that is not white space, a
  /// comma, a line terminator or a comment: where a list ends after its last item.
  func closer(after offset: Int) -> Int {
    var position = offset
    while position < bytes.count {
      switch bytes[position] {
      case 0x20, 0x09, 0x2C, 0x0A, 0x0D: position += 1
      case 0x23:
        while position < bytes.count, bytes[position] != 0x0A, bytes[position] != 0x0D {
          position += 1
        }
      default: return position
      }
    }
    return position
  }

  /// The comment's text without the blanks that end its line.
  func text(_ comment: Location) -> PrintedText {
    var end = comment.end
    while end > comment.start, bytes[end - 1] == 0x20 || bytes[end - 1] == 0x09 {
      end -= 1
    }
    return PrintedText(String(decoding: bytes[comment.start..<end], as: UTF8.self))
  }

  /// Whether an empty line lies between `start` and `end`.
  func hasBlankLine(from start: Int, to end: Int) -> Bool {
    var lineEnds = 0
    var position = start
    while position < end {
      let byte = bytes[position]
      let isLineEnd =
        byte == 0x0A || (byte == 0x0D && (position + 1 == bytes.count || bytes[position + 1] != 0x0A))
      if isLineEnd {
        lineEnds += 1
        if lineEnds == 2 { return true }
      } else if byte != 0x20 && byte != 0x09 && byte != 0x0D && byte != 0x2C {
        lineEnds = 0
      }
      position += 1
    }
    return false
  }
}
