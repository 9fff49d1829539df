/// One value of read data, the tree generated accessors decode.
public enum DataValue: Sendable, Hashable {
  /// Not selected here: skipped by `@include`/`@skip`, or under a type condition the
  /// object's type does not match. Not the same as missing.
  case absent
  case null
  case scalar(JSONValue)
  case object(DataObject)
  case list([DataValue])
  /// A fragment spread: read the fragment to see its fields.
  case fragment(FragmentReference)
  /// `@catch(to: RESULT)` caught these errors at or below the field.
  case caught([FieldError])
  /// A `@required(action: THROW)` field that read null, outside any `@catch`: its
  /// accessor throws the event, while the parent and its other fields read as usual.
  case requiredFieldMissing(ReadEvent)
}
