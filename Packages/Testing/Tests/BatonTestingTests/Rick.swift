import BatonNormalizer
import BatonTesting
import EndToEndOperations

/// Rick and his origin, as the server answers `RickOriginName`.
enum Rick {
  static let query = EndToEnd.RickOriginNameQuery(id: "1")

  static let origin: JSONValue = ["__typename": "Location", "id": "1", "name": "Earth (C-137)"]

  static let data: JSONValue = [
    "character": ["__typename": "Character", "id": "1", "name": "Rick Sanchez", "origin": origin]
  ]

  static let response = PreviewResponse(data: data)
}
