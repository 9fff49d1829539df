/// Where a field with no link stored for it leads: the record its arguments name, as
/// Apollo's `@fieldPolicy(forField:keyArgs:)` declares it in a schema extension
/// (`extend type Query @fieldPolicy(forField: "character", keyArgs: "id")`).
///
/// `character(id: "1")` leads to `Character:1`; a list field whose key argument is a list
/// (`charactersByIds(ids: ["1", "2"])`) leads to one record per item. For an interface or
/// union field (`node(id:)`) the key alone does not name a record, since ids are kept per
/// type: the redirect leads to the one record of a possible type the source holds under
/// that key, and to none when there are several.
///
/// A redirect only ever fills in for a link the store lacks: once a fetch stores the field,
/// the stored link is read.
public struct CacheRedirect: Sendable, Hashable {
  /// The field's arguments whose values make the record's key, in the order of the key fields.
  public let keyArguments: [String]
  /// The key fields of each type the record may be, every one as many as `keyArguments`.
  public let keyFields: [String: [String]]
  /// `keyFields`' types in order, so that the records tried, and so the one found, do not
  /// depend on a dictionary's order.
  let typenames: [String]

  public init(keyArguments: [String], keyFields: [String: [String]]) {
    self.keyArguments = keyArguments
    self.keyFields = keyFields.filter { $0.value.count == keyArguments.count }
    self.typenames = self.keyFields.keys.sorted()
  }

  /// The value the field reads in place of the link it lacks: a link to the record its
  /// arguments name, or a list of links for a list field. `nil` when an argument is absent or
  /// null, or a record it names is not in `source` (the field is then missing as without a
  /// redirect).
  func value(for field: FieldSelection, variables: [String: JSONValue], in source: RecordSource) -> RecordValue? {
    let values = keyArguments.map { name in
      field.arguments.first { $0.name == name }?.value.resolved(with: variables)
    }
    if field.type.listDepth == 1, values.count == 1, case .array(let items)? = values.first {
      var links: [RecordValue] = []
      links.reserveCapacity(items.count)
      for item in items {
        guard let id = record(for: [item], in: source) else { return nil }
        links.append(.link(id))
      }
      return .list(RecordList(links))
    }
    guard field.type.listDepth == 0, let id = record(for: values, in: source) else { return nil }
    return .link(id)
  }

  /// The one record `source` holds under the key made of `values`, among the possible types.
  private func record(for values: [JSONValue?], in source: RecordSource) -> RecordID? {
    var found: RecordID?
    for typename in typenames {
      guard let fields = keyFields[typename], let key = Self.key(values, fields: fields) else { return nil }
      let id = RecordID.keyed(typename: RecordID(typename), key: key)
      guard source[id] != nil else { continue }
      if found != nil { return nil }
      found = id
    }
    return found
  }

  /// The key text the normalizer makes from the key fields' values (`RecordID.keyText`);
  /// `nil` when a value is absent or not a string or number.
  static func key(_ values: [JSONValue?], fields: [String]) -> String? {
    var members: [JSONMember] = []
    for (field, value) in zip(fields, values) {
      switch value {
      case .string?, .number?: members.append(JSONMember(field, value ?? .null))
      default: return nil
      }
    }
    return members.isEmpty ? nil : RecordID.keyText(members)
  }
}
