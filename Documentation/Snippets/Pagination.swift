// Extracted from Documentation/Pagination.md by DocSnippetsTests: do not edit.
// BATON_UPDATE_SNIPPETS=1 swift test --filter DocSnippetsTests rewrites it.
import Baton
import Foundation
import RickAndMortyAPI

// Pagination.md:36
func paginationSnippet1(environment: GraphQLEnvironment) async throws {
  let list = environment.watchPaginated(RickAndMorty.CharacterConnectionQuery(count: .value(20)))
  if case .ready(let data) = list.phase {
    for edge in data.charactersConnection.edges { print(edge.node.name) }   // every page so far
  }
  if list.hasNext { list.loadNext(20) }          // the same query with `after: <end cursor>`
  await list.loadNext(20).value                  // or wait until the page settled
  if case .failed(let failure) = list.nextFetch {
    print("page failed:", failure.kind)          // the edges already loaded stay
  }
}

// Pagination.md:99
func paginationSnippet2(environment: GraphQLEnvironment) async throws {
  let feed = environment.watchPaginated(RickAndMorty.CharactersFeedPaginationQuery(count: .value(20)))
  await feed.loadNext(20).value
  let names = feed.phase.data?.charactersFeed.charactersConnection.edges.map(\.node.name) ?? []
  print(names.count)
  // New variables are another connection, as for a query.
  await feed.refetch(RickAndMorty.CharactersFeedPaginationQuery(count: .value(5)))
}

// Pagination.md:119
func paginationSnippet3(environment: GraphQLEnvironment, feed: RickAndMorty.CharactersFeed) async throws {
  let pages = environment.watchPaginated(RickAndMorty.CharactersFeed.RefetchQuery.self, fragment: feed)
  if pages.hasNext { await pages.loadNext(20).value }
  let names = pages.data?.charactersConnection.edges.map(\.node.name) ?? []
  print(names.count, pages.nextFetch)
}

// Pagination.md:171
func paginationSnippet4(list: PaginatedHandle<RickAndMorty.CharacterConnectionQuery>) async throws {
  await list.refetch()                                 // back to the first page, fresh
  let dead = RickAndMorty.CharacterFilter(status: .value(.dead))
  await list.refetch(RickAndMorty.CharacterConnectionQuery(count: .value(20), filter: .value(dead)))
}
