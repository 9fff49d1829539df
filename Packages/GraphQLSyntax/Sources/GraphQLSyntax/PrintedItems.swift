/// The printed items of one list of the source (definitions, selections, arguments, list
/// and object values, field, argument, variable, enum value and input field definitions,
/// root operation types), with the comments that belong to them.
struct PrintedItems {
  var items: [PrintedText]
  /// Whether a comment is among the items: a `#` comment runs to the end of its line, so
  /// such a list is printed one item per line.
  var hasComments = false
}
