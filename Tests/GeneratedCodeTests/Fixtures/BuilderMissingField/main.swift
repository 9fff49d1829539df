// Must not build: the book's `id` is non-null, so its builder requires it.
let book = Library.BookQuery.Data.Book(title: "Dune", condition: .new)
print(book)
