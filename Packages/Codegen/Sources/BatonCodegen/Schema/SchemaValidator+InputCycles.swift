/// Input objects that can be given a finite value (the spec's
/// `InputObjectHasUnbreakableCycle`), decided for all of them in one pass by
/// propagating "has a finite value" backwards along required fields.
///
/// - Complexity: O(input objects + input fields).
extension SchemaValidator {
  private struct FiniteValueState {
    var targets: [(field: SchemaInputValue, target: String)] = []
    var dependents: [String] = []
    var unresolved = 0
    var hasFiniteValue = false
  }

  mutating func validateInputObjectCycles() {
    let inputs = schema.types.filter { $0.kind == .inputObject }
    var states: [String: FiniteValueState] = [:]
    for input in inputs { states[input.name] = FiniteValueState() }
    var ready: [String] = []
    func markFinite(_ name: String) {
      guard states[name]?.hasFiniteValue == false else { return }
      states[name]?.hasFiniteValue = true
      ready.append(name)
    }
    for input in inputs {
      for field in input.inputFields {
        guard let target = finiteValueTarget(input, field.type), states[target] != nil else { continue }
        states[input.name]?.targets.append((field, target))
        states[target]?.dependents.append(input.name)
      }
      let targetCount = states[input.name]?.targets.count ?? 0
      if input.isOneOf {
        if input.inputFields.isEmpty || targetCount < input.inputFields.count { markFinite(input.name) }
      } else {
        states[input.name]?.unresolved = targetCount
        if targetCount == 0 { markFinite(input.name) }
      }
    }
    while let name = ready.popLast() {
      for dependent in states[name]?.dependents ?? [] where states[dependent]?.hasFiniteValue == false {
        if schema.type(named: dependent)?.isOneOf == true {
          markFinite(dependent)
          continue
        }
        states[dependent]?.unresolved -= 1
        if states[dependent]?.unresolved == 0 { markFinite(dependent) }
      }
    }
    var visited: Set<String> = []
    var path: [(label: String, location: DiagnosticLocation?)] = []
    var pathIndex: [String: Int] = [:]
    func reportCycles(_ name: String) {
      guard visited.insert(name).inserted, let state = states[name] else { return }
      pathIndex[name] = path.count
      for (field, target) in state.targets where states[target]?.hasFiniteValue == false {
        let cycleIndex = pathIndex[target]
        path.append(("\(name).\(field.name)", field.location))
        if let cycleIndex {
          let cycle = path[cycleIndex...]
          report(
            "Input Object \(target) cannot be provided a finite value because it references itself through fields: \(cycle.map(\.label).joined(separator: ", ")).",
            cycle.map(\.location))
        } else {
          reportCycles(target)
        }
        path.removeLast()
      }
      pathIndex[name] = nil
    }
    for input in inputs where states[input.name]?.hasFiniteValue == false {
      reportCycles(input.name)
    }
  }

  private func finiteValueTarget(_ input: SchemaType, _ type: SchemaTypeReference) -> String? {
    if input.isOneOf {
      if case .named(let name) = type, schema.type(named: name)?.kind == .inputObject { return name }
      return nil
    }
    if case .nonNull(.named(let name)) = type, schema.type(named: name)?.kind == .inputObject {
      return name
    }
    return nil
  }
}
