import BatonNormalizer

// The values of BatonNormalizer that app code names: what a read reports and what a field
// error is. Aliases rather than a re-export, so `normalize`, `read`, records and selections
// stay out of an app's scope.

/// An error the server reported for one field, stored beside it in the store and the image.
public typealias FieldError = BatonNormalizer.FieldError
/// Something a read of an operation or fragment found: a field error, missing data, a
/// surprise in the data, a `@required` field that was null.
public typealias ReadEvent = BatonNormalizer.ReadEvent
/// Who a read belongs to: the operation or the fragment, as events and stale fields name it.
public typealias ReadOwner = BatonNormalizer.ReadOwner
/// Why reading an operation or a fragment's spread failed.
public typealias ReadFailure = BatonNormalizer.ReadFailure
/// The identity of a record in the store: `Typename:id`, or a path from its parent.
public typealias RecordID = BatonNormalizer.RecordID
/// A JSON value: variables, custom scalars, optimistic responses and error extensions.
public typealias JSONValue = BatonNormalizer.JSONValue
/// What the runtime knows of a generated operation: its name, kind and selections.
public typealias OperationDescriptor = BatonNormalizer.OperationDescriptor
/// What a `@required` field does when it reads null: `none`, `log` or `throw`.
public typealias RequiredAction = BatonNormalizer.RequiredAction
/// A generated list of objects: its elements are made as they are read, so reading the
/// property does not build an array.
public typealias DataList<Element: BatonNormalizer.DataListElement> = BatonNormalizer.DataList<Element>
/// A `@defer`red fragment as a read shows it: pending, ready with its data, or failed.
public typealias DeferredFragment<Fragment> = BatonNormalizer.DeferredFragment<Fragment>
/// A connection's `pageInfo` as a generated builder takes it where the document selected
/// none (the compiler adds it): built data committed with it is a page paging continues from.
public typealias BuiltPageInfo = BatonNormalizer.BuiltPageInfo
/// A `@stream`ed list: the items that arrived, and whether more may come.
public typealias Streamed<Element> = BatonNormalizer.Streamed<Element>
