import Testing
@testable import GraphQLSyntax
