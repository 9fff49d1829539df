extension RecordSource {
  /// Normalizes `response` for `operation` and writes it into this source: all of it, or
  /// nothing when the response is malformed.
  @discardableResult
  @_spi(Development) public mutating func commit(
    response bytes: [UInt8], for operation: OperationDescriptor, variables: [String: JSONValue] = [:]
  ) throws(NormalizeError) -> ResponsePayload {
    let payload = try normalize(response: bytes, for: operation, variables: variables)
    merge(payload.records)
    return payload
  }
}
