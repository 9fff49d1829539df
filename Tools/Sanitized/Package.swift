// swift-tools-version: 6.0
import PackageDescription

// The suites Tools/test.sh runs under the thread sanitizer (the store's stress test, live
// data, saving while fetches write), in a package of their own so that the sanitized build
// compiles only the libraries they test and these four suites, not every test target of the
// root. It depends on the root by path; the test-support targets and the suites' files are
// symlinks to the root's, so they are the same files the root's tests compile.
//   swift build --package-path Tools/Sanitized --build-tests --sanitize=thread
let store: [Target.Dependency] = [
  .product(name: "BatonNormalizer", package: "Baton"), .product(name: "BatonStore", package: "Baton"),
]

let package = Package(
  name: "BatonSanitized",
  platforms: [.macOS(.v14), .iOS(.v17)],
  dependencies: [.package(name: "Baton", path: "../..")],
  targets: [
    .target(
      name: "BatonTestServer",
      dependencies: store + [.product(name: "BatonTransport", package: "Baton")],
      path: "Sources/BatonTestServer"),
    .target(name: "TestPrerequisites", path: "Sources/TestPrerequisites"),
    .target(
      name: "StoreTestOperations",
      dependencies: store + [.product(name: "BatonTransport", package: "Baton")],
      path: "Sources/StoreTestOperations",
      exclude: [
        "baton.json", "Operations", "ShortLived/baton.json", "ShortLived/Operations", "NullOnError/baton.json",
        "NullOnError/Operations", "HaltOnError/baton.json", "HaltOnError/Operations",
        "Redirects/baton.json", "Redirects/Operations", "Redirects/schema-extensions.graphql", "schema-extensions.graphql",
      ]),
    .target(
      name: "ImageTestOperations",
      dependencies: store,
      path: "Sources/ImageTestOperations",
      exclude: ["baton.json", "Operations", "DeepItem/baton.json", "DeepItem/Operations", "DeepItem/schema.graphql"]),
    .testTarget(
      name: "ConcurrencyTests",
      dependencies: store + [
        .product(name: "BatonImage", package: "Baton"), .product(name: "BatonTesting", package: "Baton"),
        "BatonTestServer", "TestPrerequisites", "StoreTestOperations", "ImageTestOperations",
      ],
      path: "Tests/ConcurrencyTests"),
  ])
