// swift-tools-version: 6.0
import PackageDescription

// The availability checker's test fixture (Tools/availability): Baton's minimums, and uses
// of an API introduced after them, some covered by #available or @available and some not.
let package = Package(
  name: "Planted",
  platforms: [.macOS(.v14), .iOS(.v17), .tvOS(.v17), .watchOS(.v10), .visionOS(.v1)],
  targets: [.target(name: "Planted")]
)
