@_spi(Development) import BatonNormalizer
import BatonTransport
import Foundation

extension StoreChanges {
  /// A heal that refetches the pages owning the edges under which data went missing, rather
  /// than the operation (whose first page would reset the connection to itself).
  struct PageHeal {
    struct Page: Equatable {
      /// The page's pagination arguments as the log keeps them.
      let arguments: [String: JSONValue]
      /// The operation's variables with the page's pagination arguments.
      let variables: [String: JSONValue]
    }

    let key: String
    let request: GraphQLRequest
    let operation: OperationDescriptor
    let connection: RecordID
    let pages: [Page]
  }
}

extension GraphQLEnvironment {
  /// Starts the page fetches of a heal; each page's records are written as they come,
  /// its edges kept where they are (`StoreState.commitRefetchedPage`), and a page that
  /// fails shows as the operation's failed fetch.
  func launch(_ heal: StoreChanges.PageHeal) {
    for page in heal.pages {
      Task { [weak self] in await self?.refetch(page, of: heal) }
    }
  }

  private func refetch(_ page: StoreChanges.PageHeal.Page, of heal: StoreChanges.PageHeal) async {
    let interval = Signposts.store.begin("fetch")
    defer { Signposts.store.end(interval) }
    var request = heal.request
    request.variables = page.variables
    let start = StoreChanges.FetchStart(
      key: heal.key, id: 0, request: request, reader: OperationRead(operation: heal.operation, variables: page.variables),
      isHeal: true)
    let resets = state.withLock { $0.resets }
    let outcome = await exchange(start)
    // A reply to the session before a reset is not that of the one after it.
    guard state.withLock({ $0.resets }) == resets else { return }
    switch outcome {
    case .success(let payload)?:
      commit(payload, page, of: heal, resets: resets)
    case .failure(let failure)?:
      showFailure(failure, of: heal)
    case nil:
      return
    }
  }

  /// Shows a page heal's failure as the operation's last fetch, behind its data, as an
  /// operation's heal refetch that failed shows; the operation stays marked stale, which is
  /// the truth.
  private func showFailure(_ failure: FetchFailure, of heal: StoreChanges.PageHeal) {
    update { state in
      guard var entry = state.operations[heal.key], entry.lifecycle.running == nil else { return }
      entry.lifecycle = .failed(failure)
      state.operations[heal.key] = entry
      state.refresh(reread: [], restatus: entry.holders, now: clock.now)
    }
  }

  private func commit(
    _ payload: ResponsePayload, _ page: StoreChanges.PageHeal.Page, of heal: StoreChanges.PageHeal, resets: Int
  ) {
    update { state in
      let now = clock.now
      guard state.resets == resets, var entry = state.operations[heal.key] else { return }
      let changed = state.commitRefetchedPage(payload, page, connection: heal.connection, now: now)
      // The page's fetch answers for the read that found data missing: the mark goes, and
      // comes back if the re-read still finds some (which is then not healed again).
      entry.image.isMarkedStale = false
      entry.healedSinceFetch = false
      // The operation's own page (the first) fetched again is a fetch of the operation.
      if page.variables == entry.image.variables { entry.image.fetchedAt = now }
      state.operations[heal.key] = entry
      state.touchImage()
      state.scheduleStaleTimer(heal.key, now: now)
      let readers = state.readers(of: changed)
      state.refresh(reread: readers, restatus: entry.holders.subtracting(readers), now: now, healing: false)
    }
  }
}
