/// One value of read data, the tree generated accessors decode.
///
/// An object is one reference to its storage (see `DataObject`), and `@required` events are
/// boxed (`indirect`): inline, the largest of them would set the size of every slot,
/// scalars and nulls included. A fragment reference is two words, inline.
public enum DataValue: Sendable, Hashable {
  /// Not selected here: skipped by `@include`/`@skip`, or under a type condition the
  /// object's type does not match. Not the same as missing.
  case absent
  case null
  case scalar(JSONValue)
  case object(DataObject)
  case list(DataItems)
  /// A fragment spread: read the fragment to see its fields.
  case fragment(FragmentReference)
  /// `@catch(to: RESULT)` caught these errors at or below the field.
  case caught([FieldError])
  /// A `@required(action: THROW)` field that read null, outside any `@catch`: its
  /// accessor throws the event, while the parent and its other fields read as usual.
  indirect case requiredFieldMissing(ReadEvent)

  /// A list of `items`.
  public static func list(_ items: [DataValue]) -> DataValue {
    .list(DataItems(items))
  }
}
