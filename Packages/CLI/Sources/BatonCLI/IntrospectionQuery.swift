/// The introspection queries `baton schema --endpoint` sends: graphql-js's
/// `getIntrospectionQuery` with every option on, which reads all the SDL can say, and its
/// default one, for servers whose introspection schema predates `isRepeatable`,
/// `specifiedByURL`, `isOneOf` or deprecated arguments and refuses the first.
enum IntrospectionQuery {
  static let full = query(
    schema: "description\n    ", directive: "isRepeatable\n      ", type: "specifiedByURL\n  isOneOf\n  ",
    arguments: "(includeDeprecated: true)", inputDeprecation: "\n  isDeprecated\n  deprecationReason")

  static let basic = query(schema: "", directive: "", type: "", arguments: "", inputDeprecation: "")

  private static func query(
    schema: String, directive: String, type: String, arguments: String, inputDeprecation: String
  ) -> String {
    """
    query IntrospectionQuery {
      __schema {
        \(schema)queryType { name }
        mutationType { name }
        subscriptionType { name }
        types { ...FullType }
        directives {
          name
          description
          \(directive)locations
          args\(arguments) { ...InputValue }
        }
      }
    }

    fragment FullType on __Type {
      kind
      name
      description
      \(type)fields(includeDeprecated: true) {
        name
        description
        args\(arguments) { ...InputValue }
        type { ...TypeRef }
        isDeprecated
        deprecationReason
      }
      inputFields\(arguments) { ...InputValue }
      interfaces { ...TypeRef }
      enumValues(includeDeprecated: true) {
        name
        description
        isDeprecated
        deprecationReason
      }
      possibleTypes { ...TypeRef }
    }

    fragment InputValue on __InputValue {
      name
      description
      type { ...TypeRef }
      defaultValue\(inputDeprecation)
    }

    fragment TypeRef on __Type {
      kind
      name
      ofType { kind name ofType { kind name ofType { kind name ofType { kind name ofType { kind name
        ofType { kind name ofType { kind name ofType { kind name ofType { kind name } } } } } } } } }
    }
    """
  }
}
