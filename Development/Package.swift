// swift-tools-version: 6.0
import PackageDescription

// Baton's development executables, in a package of their own so that the root package's
// products stay what an app consumes (a root package lists each of its executable targets as
// a product). It depends on the root by path and uses only its products. The sources stay
// where they were: each folder under Sources/ is a symlink into Tools/, Examples/ or
// Tests/Support/, and the test-support targets here (BatonTestServer, EndToEndOperations,
// RickAndMortyAPI, ImageCrashSupport) compile the same files the root's tests compile, as
// targets of this package (SwiftPM takes no target path outside the package's folder).
//   swift run --package-path Development rick-and-morty-example
//   swift run --package-path Development -c release baton-bench parse
// Tools/test.sh builds it with --scratch-path "${BATON_SCRATCH_PATH:-.build}-dev".
let package = Package(
  name: "BatonDevelopment",
  platforms: [.macOS(.v14), .iOS(.v17)],
  dependencies: [.package(name: "Baton", path: "..")],
  targets: [
    .target(
      name: "BatonTestServer",
      dependencies: [
        .product(name: "BatonNormalizer", package: "Baton"), .product(name: "BatonStore", package: "Baton"),
        .product(name: "BatonTransport", package: "Baton"),
      ],
      path: "Sources/BatonTestServer"),
    .target(
      name: "EndToEndOperations",
      dependencies: [.product(name: "BatonNormalizer", package: "Baton"), .product(name: "BatonStore", package: "Baton")],
      path: "Sources/EndToEndOperations",
      exclude: ["baton.json", "Operations", "schema-extensions.graphql"]),
    .target(
      name: "RickAndMortyAPI",
      dependencies: [.product(name: "Baton", package: "Baton")],
      path: "Sources/RickAndMortyAPI"),
    .target(
      name: "ImageCrashSupport",
      dependencies: [.product(name: "BatonNormalizer", package: "Baton"), .product(name: "BatonStore", package: "Baton")],
      path: "Sources/ImageCrashSupport"),
    .target(
      name: "InspectorStory",
      dependencies: [
        .product(name: "Baton", package: "Baton"), .product(name: "BatonTesting", package: "Baton"), "BatonTestServer",
        "RickAndMortyAPI",
      ],
      path: "Sources/InspectorStory"),

    .executableTarget(
      name: "rick-and-morty-example",
      dependencies: [
        .product(name: "Baton", package: "Baton"), .product(name: "BatonTesting", package: "Baton"), "BatonTestServer",
        "RickAndMortyAPI",
      ],
      path: "Sources/RickAndMortyExample"),
    // mallinfo2 for baton-bench scale's live-heap column (<malloc.h> is not in Swift's Glibc).
    .target(name: "BenchHeap", path: "Sources/BenchHeap"),
    // The system's libsqlite3, baton-bench store-scale's peer (one table of records by id).
    .systemLibrary(name: "CSQLite", path: "Sources/CSQLite"),
    .executableTarget(
      name: "baton-bench",
      dependencies: [
        .product(name: "GraphQLSyntax", package: "Baton"), .product(name: "BatonNormalizer", package: "Baton"),
        .product(name: "BatonCodegen", package: "Baton"), .product(name: "BatonStore", package: "Baton"),
        .product(name: "BatonImage", package: "Baton"), .product(name: "BatonInspector", package: "Baton"),
        .product(name: "BatonTransport", package: "Baton"), "BatonTestServer", "BenchHeap", "CSQLite",
      ],
      path: "Sources/BatonBench"),
    .executableTarget(
      name: "baton-fuzz",
      dependencies: [.product(name: "GraphQLSyntax", package: "Baton")],
      path: "Sources/BatonFuzz"),
    .executableTarget(
      name: "baton-heal-check",
      dependencies: [.product(name: "Baton", package: "Baton"), "BatonTestServer", "EndToEndOperations"],
      path: "Sources/HealCheck"),
    // Killed with SIGKILL by BatonImageTests' CrashSafetyTests, which find it through
    // BATON_IMAGE_CRASH_HARNESS (Tools/test.sh sets it).
    .executableTarget(
      name: "baton-image-crash-harness",
      dependencies: [
        .product(name: "BatonImage", package: "Baton"), .product(name: "BatonTransport", package: "Baton"),
        "ImageCrashSupport", "EndToEndOperations",
      ],
      path: "Sources/ImageCrashHarness"),
    // The inspector's browser test (Tools/inspector/browser_test.py) writes its pages from
    // this one's stores.
    .executableTarget(
      name: "baton-inspector-fixture",
      dependencies: [
        .product(name: "Baton", package: "Baton"), .product(name: "BatonInspector", package: "Baton"),
        "BatonTestServer", "InspectorStory",
      ],
      path: "Sources/InspectorFixture"),
  ]
)
