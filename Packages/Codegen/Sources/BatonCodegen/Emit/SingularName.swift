/// The singular of a list field's type name, so that `flights: [Flight]` reads as English:
/// a few irregular plurals, then `ies` → `y`, `sses` → `ss`, `xes` → `x`, `tuses` → `tus`,
/// and a trailing `s` dropped (not after `s`, `u` or `i`: `Address`, `Status`, `Analysis`
/// are singular already). Names ending in `Series`, `Species` or `Data` stay as they are.
///
/// The caller keeps the plural when the singular is taken (by a sibling's type, the
/// enclosing type, a member or a reserved name), so a clash never renames anything else.
enum SingularName {
  private static let irregular: [(plural: String, singular: String)] = [
    ("People", "Person"), ("Children", "Child"), ("Men", "Man"), ("Women", "Woman"), ("Mice", "Mouse"), ("Movies", "Movie"),
    ("Cookies", "Cookie"),
  ]
  private static let invariant = ["Series", "Species", "Data", "Media", "News"]

  /// The singular of an UpperCamel `name`, or `name` when it does not look plural.
  static func of(_ name: String) -> String {
    if invariant.contains(where: { name.hasSuffix($0) }) { return name }
    for (plural, singular) in irregular where name.hasSuffix(plural) {
      return String(name.dropLast(plural.count)) + singular
    }
    if name.hasSuffix("ies") && name.count > 4 { return String(name.dropLast(3)) + "y" }
    for ending in ["sses", "xes", "tuses"] where name.hasSuffix(ending) { return String(name.dropLast(2)) }
    guard name.hasSuffix("s"), name.count > 2 else { return name }
    let before = name.dropLast().last
    if before == "s" || before == "u" || before == "i" { return name }
    return String(name.dropLast())
  }
}
