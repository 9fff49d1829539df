extension [OriginView] {
  /// The names shown, with a name held over several snapshots counted once.
  var distinctNames: [String?] {
    var names: [String?] = []
    for view in self where names.last != .some(view.name) { names.append(view.name) }
    return names
  }
}
