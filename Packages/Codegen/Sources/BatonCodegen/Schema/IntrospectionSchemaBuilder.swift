import Foundation

/// Builds a `Schema` from an introspection result, as graphql-core's
/// `build_client_schema` does.
///
/// Accepts a whole response (`{"data": {"__schema": …}}`), its data (`{"__schema": …}`)
/// or the bare `__schema` object. Malformed input is reported with the JSON path of the
/// offending element, never a crash.
public enum IntrospectionSchemaBuilder {
  /// Parses introspection JSON and builds its schema.
  public static func build(json: [UInt8]) throws(SchemaError) -> Schema {
    let object: Any
    do {
      object = try JSONSerialization.jsonObject(with: Data(json), options: [.fragmentsAllowed])
    } catch {
      throw SchemaError("The introspection result is not valid JSON: \(error.localizedDescription)")
    }
    return try build(object: object)
  }

  /// Builds the schema of an already decoded introspection result.
  public static func build(object: Any) throws(SchemaError) -> Schema {
    var root = object
    if let response = root as? [String: Any], let data = response["data"] {
      root = data
    }
    if let data = root as? [String: Any], let schema = data["__schema"] {
      root = schema
    }
    guard let schema = root as? [String: Any], schema["types"] != nil else {
      throw SchemaError(
        "Invalid or incomplete introspection result: expected an object with \"__schema\" and its \"types\".")
    }
    var reader = IntrospectionReader()
    return try reader.schema(schema)
  }
}
