import BatonNormalizer

/// A fragment read at one record rather than through a parent's spread (Relay's
/// `readFragment`/`observeFragment` by id): what `GraphQLEnvironment.watch(fragment:id:)`
/// watches. Its operation's only selection is the fragment's spread, read at `id`; it is
/// never sent (a `@refetchable` fragment fetches through its refetch query).
public struct FragmentRequest<Fragment: GraphQLFragment>: GraphQLOperation {
  /// The fragment's data, read through its spread.
  public typealias Data = Fragment

  /// The record the fragment is read at.
  public let id: RecordID

  /// A request for the fragment at `id`.
  public init(id: RecordID) {
    self.id = id
  }

  /// The fragment's spread, alone, with the fragment's field-error policy.
  public static var operation: OperationDescriptor {
    let fragment = Fragment.fragment
    return OperationDescriptor(
      name: fragment.name, kind: .query, selections: [.fragmentSpread(FragmentSpread(fragment))],
      onError: Fragment.onError, throwOnFieldError: fragment.throwOnFieldError, fileID: fragment.fileID,
      line: fragment.line)
  }

  /// Empty: the request is never sent.
  public static var document: String { "" }

  /// The fragment's name, marked as a fragment read so no operation's id can equal it.
  public static var operationID: String { "fragment " + Fragment.fragment.name }

  /// The record, so that each record's read is a request of its own in the store.
  public var variables: [String: JSONValue] { ["id": .string(id.description)] }

  /// The fragment's data from the spread's reference; a record whose type the fragment's
  /// condition does not match, or a read the fragment's own errors nulled, has none.
  public static func makeData(_ root: DataObject, in source: RecordSource) throws -> Fragment {
    guard let data: Fragment = DataRead(root, in: source).optionalSpread(0, Fragment.fragment) else {
      throw FragmentNotRead(fragment: Fragment.fragment.name, typename: root.typename)
    }
    return data
  }
}

/// Why a fragment read by id has no data: the record is not of a type the fragment is on,
/// or the fragment's own field errors nulled it.
struct FragmentNotRead: Error, CustomStringConvertible {
  let fragment: String
  let typename: String

  var description: String {
    "The fragment \"\(fragment)\" did not read the record (of type \"\(typename)\"): its type does not match, or field errors nulled it."
  }
}
