/// Every generated file as one source file, for the build-tool plugin: SwiftPM needs a
/// build command's outputs known before it runs, and one file is known whatever the
/// documents hold. Imports are hoisted and deduplicated.
package enum CombinedFile {
  package static func text(_ files: [GeneratedFile]) -> String {
    var imports: Set<String> = []
    var bodies: [String] = []
    for file in files {
      var body: [Substring] = []
      for line in file.contents.split(separator: "\n", omittingEmptySubsequences: false) {
        if line.hasPrefix("import ") {
          imports.insert(String(line))
        } else if line != Generator.header {
          body.append(line)
        }
      }
      bodies.append(body.joined(separator: "\n").trimmingNewlines())
    }
    return Generator.header + "\n\n" + imports.sorted().joined(separator: "\n") + "\n\n" + bodies.joined(separator: "\n\n") + "\n"
  }
}

extension String {
  fileprivate func trimmingNewlines() -> String {
    var text = Substring(self)
    while text.first == "\n" { text = text.dropFirst() }
    while text.last == "\n" { text = text.dropLast() }
    return String(text)
  }
}
