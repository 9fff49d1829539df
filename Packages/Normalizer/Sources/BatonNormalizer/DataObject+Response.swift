extension DataObject {
  /// The response this object, read from `source` for `selections` (its slots starting at
  /// `base`), stands for: each field by response key, spread fragments' fields merged in,
  /// and the errors stored beside the fields read, so that normalizing the response again
  /// and reading it gives equal data.
  ///
  /// Fields that read `absent` are left out; the conditions of the conditional selections
  /// read are marked passed (`DataResponse.variables`). Errors stored on a field whose storage key
  /// needs variables are found only when the data was read without variables (built data).
  ///
  /// - Complexity: O(values read, fragments' included).
  public func response(selections: [Selection], base: Int = 0, in source: RecordSource) -> DataResponse {
    var result = DataResponse(.object([]))
    var slot = base
    appendSlots(selections, slot: &slot, in: source, into: &result)
    return result
  }

  private func appendSlots(_ selections: [Selection], slot: inout Int, in source: RecordSource, into result: inout DataResponse) {
    for selection in selections {
      switch selection {
      case .field(let field):
        let value = self[slot]
        slot += 1
        if value == .absent { continue }
        let stored = source[id]?.fields[field.storageKey([:])]
        result.add(field.responseKey, Self.response(value, field, stored, in: source))
        result.include(field.conditions)
      case .fragmentSpread(let spread):
        let value = self[slot]
        slot += 1
        if value != .absent { result.include(spread.conditions) }
        guard let reference = value.fragmentReference,
          let data = read(source, fragment: spread.fragment, at: reference).data
        else { continue }
        result.merge(data.response(selections: spread.fragment.selections, in: source))
      case .inlineFragment(let fragment) where fragment.catchTo != nil:
        let value = self[slot]
        slot += 1
        if value != .absent { result.include(fragment.conditions) }
        switch value {
        case .object(let object): result.merge(object.response(selections: fragment.selections, in: source))
        case .absent: continue
        default: appendCaught(value, fragment, in: source, into: &result)
        }
      case .inlineFragment(let fragment):
        let first = slot
        appendSlots(fragment.selections, slot: &slot, in: source, into: &result)
        // A fragment whose conditions passed read something in at least one of its slots.
        if !fragment.conditions.isEmpty && (first..<slot).contains(where: { self[$0] != .absent }) {
          result.include(fragment.conditions)
        }
      }
    }
  }

  /// What an aliased inline fragment that caught errors (or read null under `to: NULL`)
  /// stands for: the errors stored on its fields, where `source` has them; else the errors
  /// it caught on its first field, as a builder puts them (data read from the store keeps
  /// no source when it spreads no fragment).
  private func appendCaught(_ value: DataValue, _ fragment: InlineFragment, in source: RecordSource, into result: inout DataResponse) {
    let stored = source.storedErrors(at: id, selections: fragment.selections)
    if !stored.isEmpty { return result.merge(DataResponse(caught: stored)) }
    let first = fragment.selections.lazy.compactMap { selection -> String? in
      if case .field(let field) = selection, !field.isTypename { return field.responseKey }
      return nil
    }.first
    guard let key = first else { return }
    result.merge(caught: DataResponse(.null, errors: value.caughtErrors ?? []), at: key, toNull: value == .null)
  }

  /// One field's value; `stored` is the record's field, whose errors landed there, their
  /// paths relative to it already.
  private static func response(
    _ value: DataValue, _ field: FieldSelection, _ stored: RecordField?, in source: RecordSource
  ) -> DataResponse {
    let errors = stored?.errors ?? []
    switch value {
    case .caught(let caught):
      return DataResponse(.null, errors: caught)
    case .absent, .null, .requiredFieldMissing, .fragment:
      var response = nested(value, stored?.value, field, in: source)
      for error in errors where !response.errors.contains(error) { response.errors.append(error) }
      return response
    case .scalar(let json):
      return DataResponse(json, errors: errors)
    case .object, .list:
      var response = nested(value, stored?.value, field, in: source)
      for error in errors where !response.errors.contains(error) { response.errors.append(error) }
      return response
    }
  }

  /// A read value with the record value it came from: a null the reader made of an object
  /// (a `@required` child that was null bubbled up) keeps the errors stored below it.
  private static func nested(
    _ value: DataValue, _ stored: RecordValue?, _ field: FieldSelection, in source: RecordSource
  ) -> DataResponse {
    switch value {
    case .object(let object):
      return object.response(selections: field.selections, in: source)
    case .list(let items):
      let storedItems: RecordList? = if case .list(let list)? = stored { list } else { nil }
      return items.enumerated().map { index, item in
        nested(item, storedItems.flatMap { $0.indices.contains(index) ? $0[index] : nil }, field, in: source)
      }.__response
    case .scalar(let json):
      return DataResponse(json)
    case .absent, .null, .requiredFieldMissing, .fragment, .caught:
      guard case .link(let id)? = stored else { return .null }
      return DataResponse(.null, errors: source.storedErrors(at: id, selections: field.selections))
    }
  }
}

extension RecordSource {
  /// The errors stored on the fields `selections` reach from the record `id`, their paths
  /// from that record: what a null read of the object hides.
  ///
  /// - Complexity: O(selections × records they reach); the selections are a finite tree,
  ///   so a cycle of records ends where they do.
  func storedErrors(at id: RecordID, selections: [Selection]) -> [FieldError] {
    guard let record = self[id] else { return [] }
    var errors: [FieldError] = []
    for selection in selections {
      switch selection {
      case .field(let field):
        guard let stored = record.fields[field.storageKey([:])] else { continue }
        var found = stored.errors
        found += storedErrors(in: stored.value, selections: field.selections)
        errors += found.map { $0.prefixed(.key(field.responseKey)) }
      case .inlineFragment(let fragment):
        errors += storedErrors(at: id, selections: fragment.selections)
      case .fragmentSpread(let spread):
        errors += storedErrors(at: id, selections: spread.fragment.selections)
      }
    }
    return errors
  }

  private func storedErrors(in value: RecordValue, selections: [Selection]) -> [FieldError] {
    switch value {
    case .link(let id):
      storedErrors(at: id, selections: selections)
    case .list(let items):
      items.enumerated().flatMap { index, item in
        storedErrors(in: item, selections: selections).map { $0.prefixed(.index(index)) }
      }
    case .null, .scalar:
      []
    }
  }
}
