import BatonNormalizer

/// A generated fragment's data: what reading a fragment by record id
/// (`GraphQLEnvironment.watch(fragment:id:)`, `read(fragment:id:)`) is generic over.
/// Every generated fragment struct conforms.
public protocol GraphQLFragment: GraphQLData {
  /// The fragment's name, type condition and selections, as its spreads carry them.
  static var fragment: Fragment { get }
  /// How a field error reads when the fragment is read by id, with no operation around it
  /// to say: the configuration's `onError`, as the project's operations read.
  static var onError: OnErrorMode { get }
}

extension GraphQLFragment {
  /// GraphQL's own default, which generated code leaves unsaid: an error on a non-null
  /// field nulls its parent.
  public static var onError: OnErrorMode { .propagate }
}

/// A `@refetchable` fragment: its generated query fetches it again by its record's key,
/// which heals a fragment read by id whose data is missing.
public protocol RefetchableFragment: GraphQLFragment {
  /// The query `@refetchable` generated: `node(id: $id) { ...F }` or the type's fetch field.
  associatedtype RefetchQuery: GraphQLOperation
}
