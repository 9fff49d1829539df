import BatonNormalizer

/// A mutation kept in the outbox (`GraphQLEnvironment.enqueue(_:optimisticResponse:clientID:)`):
/// what to send, the optimistic layer it shows until it settles, and where it stands.
///
/// Everything needed to send it again and to rebuild its layer is a value here, so an entry
/// the image kept is replayed at the next launch with its layer over the records as before.
public struct OutboxEntry: Sendable, Hashable, Identifiable {
  /// The client mutation id: unique in the outbox, sent with every try as the request's
  /// `clientMutationId` extension, so a server that keeps it recognises a replay whose
  /// first reply was lost.
  public var id: String
  /// The operation's stable id (`GraphQLOperation.operationID`).
  public var operationID: String
  /// The operation's name, for a list the app shows.
  public var operationName: String
  /// The document sent.
  public var document: String
  /// The variables sent.
  public var variables: [String: JSONValue]
  /// The records the optimistic response wrote, shown over the store until the mutation
  /// settles; empty without an optimistic response.
  public var optimisticRecords: RecordSource
  /// The records the optimistic response deleted (`@deleteRecord`), hidden meanwhile.
  public var optimisticDeletions: Set<RecordID>
  /// Where it stands.
  public var state: OutboxState

  /// An entry as the image keeps it.
  public init(
    id: String, operationID: String, operationName: String, document: String, variables: [String: JSONValue],
    optimisticRecords: RecordSource = RecordSource(), optimisticDeletions: Set<RecordID> = [],
    state: OutboxState = .queued
  ) {
    self.id = id
    self.operationID = operationID
    self.operationName = operationName
    self.document = document
    self.variables = variables
    self.optimisticRecords = optimisticRecords
    self.optimisticDeletions = optimisticDeletions
    self.state = state
  }

  /// Whether it shows an optimistic layer.
  var hasLayer: Bool { !optimisticRecords.isEmpty || !optimisticDeletions.isEmpty }
}

/// Where an outbox entry stands.
public enum OutboxState: Sendable, Hashable {
  /// Waiting to be sent: the network is gone, an earlier entry is on its way, or the last
  /// try failed in transit.
  case queued
  /// On its way to the server.
  case sending
  /// The server took it; its response is in the store and its layer gone.
  case confirmed
  /// The server refused it with these errors (an error it placed on a field comes as the
  /// store keeps it there, without the field's path); its layer is gone and nothing was
  /// written.
  case rejected([FieldError])

  /// Whether it is still to be sent (`queued` or `sending`): what the image keeps.
  public var isPending: Bool {
    switch self {
    case .queued, .sending: true
    case .confirmed, .rejected: false
    }
  }
}
