// GraphQLSyntax: lexer, parser, AST, printer and visitor for the whole GraphQL language.
