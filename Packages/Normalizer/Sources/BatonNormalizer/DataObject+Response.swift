extension DataObject {
  /// The response this object, read from `source` for `selections` (its slots starting at
  /// `base`), stands for: each field by response key, spread fragments' fields merged in,
  /// and the errors stored beside the fields read, so that normalizing the response again
  /// and reading it gives equal data.
  ///
  /// Fields that read `absent` are left out. Errors stored on a field whose storage key
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
        let stored = source[id]?.fields[field.storageKey([:])]?.errors ?? []
        result.merge(.object([(field.responseKey, Self.response(value, field, stored, in: source))]))
      case .fragmentSpread(let spread):
        let value = self[slot]
        slot += 1
        guard let reference = value.fragmentReference,
          let data = read(source, fragment: spread.fragment, at: reference).data
        else { continue }
        result.merge(data.response(selections: spread.fragment.selections, in: source))
      case .inlineFragment(let fragment):
        appendSlots(fragment.selections, slot: &slot, in: source, into: &result)
      }
    }
  }

  /// One field's value; `stored` are the errors that landed on the field, their paths
  /// relative to it already.
  private static func response(
    _ value: DataValue, _ field: FieldSelection, _ stored: [FieldError], in source: RecordSource
  ) -> DataResponse {
    switch value {
    case .caught(let errors):
      return DataResponse(.null, errors: errors)
    case .absent, .null, .requiredFieldMissing, .fragment:
      return DataResponse(.null, errors: stored)
    case .scalar(let json):
      return DataResponse(json, errors: stored)
    case .object, .list:
      var response = nested(value, field, in: source)
      for error in stored where !response.errors.contains(error) { response.errors.append(error) }
      return response
    }
  }

  private static func nested(_ value: DataValue, _ field: FieldSelection, in source: RecordSource) -> DataResponse {
    switch value {
    case .object(let object): object.response(selections: field.selections, in: source)
    case .list(let items): .list(items.map { nested($0, field, in: source) })
    case .scalar(let json): DataResponse(json)
    case .absent, .null, .requiredFieldMissing, .fragment, .caught: .null
    }
  }
}
