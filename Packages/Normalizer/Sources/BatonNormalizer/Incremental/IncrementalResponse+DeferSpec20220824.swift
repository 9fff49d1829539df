extension IncrementalResponse {
  /// The parts of a `deferSpec=20220824` reply that no payload announces: the ones a payload
  /// leaves pending (found in its data) and the ones it ends, with the state each now has.
  struct UnannouncedParts {
    var found: [String: Pending] = [:]
    var ended: [(part: Pending, state: IncrementState?)] = []

    /// What to write on the parts' records: found ones pending, ended ones as they ended.
    var states: [(Pending, IncrementState?)] {
      ended.map { ($0.part, $0.state) } + found.values.map { ($0, .pending) }
    }

    /// Notes the parts `sets` leave to later payloads under `value`, the reply's value at
    /// `path`: each deferred fragment that applies to an object there (its `if` passes, its
    /// type matches the object's `__typename` and its fields are not there) and each
    /// streamed list. A pending fragment's own fields are not looked into: its parts come
    /// with it. `firstIndex` is the index in its list of `value`'s first item when `value` is
    /// a stream's items.
    mutating func find(
      in value: JSONValue, at path: [PathComponent], under sets: [[Selection]], firstIndex: Int = 0,
      _ variables: [String: JSONValue]
    ) {
      switch value {
      case .array(let items):
        for (index, item) in items.enumerated() {
          find(in: item, at: path + [.index(firstIndex + index)], under: sets, variables)
        }
      case .object(let members):
        var typename: String?
        if case .string(let name)? = value["__typename"] { typename = name }
        for set in sets { find(in: members, typename, set, at: path, variables) }
      default:
        return
      }
    }

    private mutating func find(
      in members: [JSONMember], _ typename: String?, _ selections: [Selection], at path: [PathComponent],
      _ variables: [String: JSONValue]
    ) {
      for selection in selections {
        switch selection {
        case .field(let field):
          guard field.conditions.pass(variables), let member = members.first(where: { $0.key == field.responseKey })
          else { continue }
          let fieldPath = path + [.key(field.responseKey)]
          if let stream = field.stream, stream.isActive(variables), case .array = member.value {
            let part = Pending(path: fieldPath, label: stream.label, isStream: true)
            found[part.key] = part
          }
          if !field.selections.isEmpty { find(in: member.value, at: fieldPath, under: [field.selections], variables) }
        case .inlineFragment(let fragment):
          guard fragment.conditions.pass(variables), fragment.matches(typename) else { continue }
          note(fragment.deferred, fragment.selections, at: path, in: members, typename, variables)
        case .fragmentSpread(let spread):
          guard spread.conditions.pass(variables), spread.matches(typename) else { continue }
          note(spread.deferred, spread.fragment.selections, at: path, in: members, typename, variables)
        }
      }
    }

    private mutating func note(
      _ deferred: DeferDirective?, _ selections: [Selection], at path: [PathComponent], in members: [JSONMember],
      _ typename: String?, _ variables: [String: JSONValue]
    ) {
      // Fields all there: the server sent the fragment inline, as the normalizer reads it.
      if let deferred, deferred.isActive(variables), !selections.fieldsPresent(in: members) {
        let part = Pending(path: path, label: deferred.label)
        found[part.key] = part
      } else {
        find(in: members, typename, selections, at: path, variables)
      }
    }
  }

  /// Applies one `incremental` entry of the 2022 format: a deferred fragment's `data` at
  /// its `path`, or a stream's `items` with the path ending in the first one's index; a
  /// null `data` or `items` fails the part with the entry's errors. Entries name no
  /// announcement, so one for a part this response did not find pending is applied too.
  mutating func applyPathed(
    _ entry: JSONValue, at place: Place, _ normalizer: inout ResponseNormalizer, _ errorBase: inout Int,
    _ payload: inout ResponsePayload, _ location: inout Locator, _ parts: inout UnannouncedParts
  ) throws(NormalizeError) {
    guard let pathValue = entry["path"] else {
      throw NormalizeError(
        .notAGraphQLResponse("an incremental entry of the deferSpec=20220824 format needs a \"path\""), path: place.path)
    }
    let path = try Self.path(pathValue, at: place, "path")
    var errors = try Self.errors(entry["errors"], at: place)
    if errorBase > 0 { errors = errors.map { (index: $0.index + errorBase, path: $0.path, error: $0.error) } }
    errorBase += errors.count
    if let items = entry["items"] {
      guard case .index? = path.last else {
        throw NormalizeError(
          .notAGraphQLResponse("a stream's path ends in the index of its first item"), path: place.path("path"))
      }
      let listPath = Array(path.dropLast())
      var part = pending[Pending(path: listPath, label: nil, isStream: true).key]
        ?? Pending(path: listPath, label: nil, isStream: true)
      if case .string(let label)? = entry["label"] { part.label = label }
      switch items {
      case .array(let values):
        let list = try appendItems(values, to: listPath, errors: errors, at: place, &normalizer, &location)
        if !list.selections.isEmpty {
          parts.find(in: items, at: listPath, under: [list.selections], firstIndex: list.firstIndex, variables)
        }
      case .null:
        end(part, .failed(Self.failure(errors)), &parts)
        return
      default:
        throw NormalizeError(.notAGraphQLResponse("\"items\" is \(items.kindDescription), not a list"), path: place.path("items"))
      }
    } else if let data = entry["data"] {
      var label: String?
      if case .string(let text)? = entry["label"] { label = text }
      let part = Pending(path: path, label: label ?? onlyDeferred(at: path)?.label)
      switch data {
      case .object(let members):
        let selections = try normalizeFragment(
          members, labelled: part.label, at: path, errors: errors, place, &normalizer, &location)
        end(part, nil, &parts)
        parts.find(in: data, at: path, under: [selections], variables)
      case .null:
        end(part, .failed(Self.failure(errors)), &parts)
        return
      default:
        throw NormalizeError(.notAGraphQLResponse("\"data\" is \(data.kindDescription), not an object"), path: place.path("data"))
      }
    } else {
      throw NormalizeError(.notAGraphQLResponse("an incremental entry needs \"data\" or \"items\""), path: place.path)
    }
    if !errors.isEmpty { payload.operationErrors += errors.filter { !normalizer.landed[$0.index] }.map(\.error) }
  }

  /// Ends a part: pending since an earlier payload, or found in this one (a fragment deferred
  /// inside one an earlier entry of the payload brought).
  private mutating func end(_ part: Pending, _ state: IncrementState?, _ parts: inout UnannouncedParts) {
    pending[part.key] = nil
    parts.found[part.key] = nil
    parts.ended.append((part, state))
  }

  /// Makes the parts `parts` found pending; once the reply says no more follow, its streams
  /// are complete, as the 2022 format ends a stream only with the reply.
  mutating func settle(_ parts: inout UnannouncedParts) {
    for (key, part) in parts.found { pending[key] = part }
    guard !hasNext else { return }
    for (key, part) in pending where part.isStream {
      pending[key] = nil
      parts.found[key] = nil
      parts.ended.append((part, nil))
    }
  }

  /// The one deferred fragment pending at `path`, for an entry that names no label.
  private func onlyDeferred(at path: [PathComponent]) -> Pending? {
    let candidates = pending.values.filter { !$0.isStream && $0.path == path }
    return candidates.count == 1 ? candidates.first : nil
  }

  /// The errors of a part whose `data` or `items` is null; one saying so when it has none.
  private static func failure(_ errors: [(index: Int, path: [PathComponent], error: FieldError)]) -> [FieldError] {
    errors.isEmpty ? [FieldError(message: "The server sent this part as null.")] : errors.map(\.error)
  }
}

extension IncrementalResponse.Pending {
  /// How the 2022 format's entries find the part: a stream by its list's path, a deferred
  /// fragment by its object's path and label.
  var key: String {
    isStream ? "stream " + path.pathDescription : "defer " + (label ?? "") + " " + path.pathDescription
  }
}
