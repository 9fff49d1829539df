extension Printer {
  /// Each node printed by `print`; when printing comments, with the comments before it on
  /// lines of their own, the one at the end of its line after it, and after the last node
  /// the comments left before the list closes. `emptyListOpener` is where an empty list
  /// starts (list and object values may be empty), to find the comments inside it.
  /// `keepsBlankLines` keeps one empty line where the source had any between comments or
  /// before a node: only at the top level, since nested lines are indented.
  func items<Nodes: Sequence>(
    _ nodes: Nodes, _ location: (Nodes.Element) -> Location?, emptyListOpener: Int? = nil,
    keepsBlankLines: Bool = false, _ print: (Nodes.Element) -> PrintedText
  ) -> PrintedItems {
    guard let comments else {
      return PrintedItems(items: nodes.map(print))
    }
    return commentedItems(
      nodes, location, emptyListOpener, keepsBlankLines: keepsBlankLines, comments, print)
  }

  private func commentedItems<Nodes: Sequence>(
    _ nodes: Nodes, _ location: (Nodes.Element) -> Location?, _ emptyListOpener: Int?,
    keepsBlankLines: Bool, _ comments: CommentCursor, _ print: (Nodes.Element) -> PrintedText
  ) -> PrintedItems {
    var printed = PrintedItems(items: [])
    var listEnd = emptyListOpener.map { $0 + 1 }
    for node in nodes {
      let loc = location(node)
      let leading = loc.map { comments.take(before: $0.start) } ?? []
      let body = print(node)
      // Comments inside the node that no item in it took (in a type, among a union's
      // members, after a description) go before it with those before it.
      let inside = loc.map { comments.take(before: $0.end) } ?? []
      let above = Array(leading) + inside
      var item = commentLines(above, before: loc?.start, keepsBlankLines: keepsBlankLines)
      item.append(body)
      if let loc, let trailing = comments.takeTrailing(after: loc.end) {
        item.append(" ")
        item.append(comments.text(trailing))
        printed.hasComments = true
      }
      printed.hasComments = printed.hasComments || !above.isEmpty
      printed.items.append(item)
      listEnd = loc?.end ?? listEnd
    }
    if let listEnd {
      let closing = comments.take(before: comments.closer(after: listEnd))
      if !closing.isEmpty {
        printed.items.append(
          commentLines(Array(closing), before: nil, keepsBlankLines: keepsBlankLines))
        printed.hasComments = true
      }
    }
    return printed
  }

  /// The comments one per line, each line ended when a node at `nodeStart` follows;
  /// with `keepsBlankLines`, an empty line where the source had one.
  private func commentLines(
    _ lines: [Location], before nodeStart: Int?, keepsBlankLines: Bool
  ) -> PrintedText {
    guard let comments else { return .empty }
    var text = PrintedText.empty
    for (index, comment) in lines.enumerated() {
      text.append(comments.text(comment))
      let next = index + 1 < lines.count ? lines[index + 1].start : nodeStart
      guard let next else { continue }
      let isBlank = keepsBlankLines && comments.hasBlankLine(from: comment.end, to: next)
      text.append(isBlank ? "\n\n" : "\n")
    }
    return text
  }
}
