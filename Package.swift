// swift-tools-version: 6.0
import PackageDescription

// The layout is ARCHITECTURE.md §2's: each module lives under Packages/<Name>/{Sources,Tests},
// tools under Tools/, end-to-end tests under Tests/. The products are what an app consumes,
// and the only ones (Tools/Products.txt, checked by Tools/compile-matrix.sh): the libraries,
// the umbrella, `baton` and its two plugins. A root package lists every executable target
// as a product, so the development executables (baton-bench, baton-fuzz, baton-heal-check,
// baton-image-crash-harness, rick-and-morty-example) live in the nested package
// Development/, which depends on this one by path; their sources stay in Tools/ and
// Examples/ (Development/Sources holds symlinks), and so do the test-support targets both
// packages compile (BatonTestServer, EndToEndOperations, RickAndMortyAPI, ImageCrashSupport).
//   swift run --package-path Development rick-and-morty-example
// The platforms are Observation's minimums, which the handles need.
let package = Package(
  name: "Baton",
  platforms: [.macOS(.v14), .iOS(.v17), .tvOS(.v17), .watchOS(.v10), .visionOS(.v1)],
  products: [
    .library(name: "GraphQLSyntax", targets: ["GraphQLSyntax"]),
    .library(name: "BatonCodegen", targets: ["BatonCodegen"]),
    .library(name: "BatonNormalizer", targets: ["BatonNormalizer"]),
    .library(name: "BatonTransport", targets: ["BatonTransport"]),
    .library(name: "BatonStore", targets: ["BatonStore"]),
    .library(name: "BatonImage", targets: ["BatonImage"]),
    .library(name: "BatonHeal", targets: ["BatonHeal"]),
    .library(name: "BatonInspector", targets: ["BatonInspector"]),
    .library(name: "Baton", targets: ["Baton"]),
    .library(name: "BatonTesting", targets: ["BatonTesting"]),
    .executable(name: "baton", targets: ["baton"]),
    .plugin(name: "BatonGeneratePlugin", targets: ["BatonGeneratePlugin"]),
    .plugin(name: "BatonBuildPlugin", targets: ["BatonBuildPlugin"]),
  ],
  targets: [
    .target(
      name: "GraphQLSyntax",
      path: "Packages/GraphQLSyntax/Sources/GraphQLSyntax"),
    .testTarget(
      name: "GraphQLSyntaxTests",
      dependencies: ["GraphQLSyntax", "TestPrerequisites"],
      path: "Packages/GraphQLSyntax/Tests/GraphQLSyntaxTests"),

    .target(
      name: "BatonCodegen",
      dependencies: ["GraphQLSyntax"],
      path: "Packages/Codegen/Sources/BatonCodegen"),
    .testTarget(
      name: "BatonCodegenTests",
      dependencies: ["BatonCodegen", "GraphQLSyntax", "TestPrerequisites"],
      path: "Packages/Codegen/Tests/BatonCodegenTests",
      exclude: ["Fixtures", "Golden"]),

    .target(
      name: "BatonNormalizer",
      path: "Packages/Normalizer/Sources/BatonNormalizer"),
    .testTarget(
      name: "BatonNormalizerTests",
      dependencies: ["BatonNormalizer", "TestPrerequisites"],
      path: "Packages/Normalizer/Tests/BatonNormalizerTests"),

    .target(
      name: "BatonTransport",
      dependencies: ["BatonNormalizer"],
      path: "Packages/Transport/Sources/BatonTransport"),
    .testTarget(
      name: "BatonTransportTests",
      dependencies: ["BatonTransport", "BatonNormalizer", "BatonTestServer", "BatonTesting", "TestPrerequisites"],
      path: "Packages/Transport/Tests/BatonTransportTests"),

    .target(
      name: "BatonStore",
      dependencies: ["BatonNormalizer", "BatonTransport"],
      path: "Packages/Store/Sources/BatonStore"),
    .testTarget(
      name: "BatonStoreTests",
      dependencies: [
        "BatonStore", "BatonTransport", "BatonImage", "BatonTestServer", "BatonTapes", "TestPrerequisites",
        "BatonTesting", "EndToEndOperations", "StoreTestOperations",
      ],
      path: "Packages/Store/Tests/BatonStoreTests",
      exclude: ["Tapes"]),
    // The store's suites about live protocols (WebSocket, SSE) and its concurrent stress
    // test, which need the loopback server itself; BatonStoreTests replays tapes instead.
    .testTarget(
      name: "BatonStoreIntegrationTests",
      dependencies: [
        "BatonStore", "BatonTransport", "BatonTestServer", "TestPrerequisites", "BatonTesting", "StoreTestOperations",
      ],
      path: "Packages/Store/Tests/BatonStoreIntegrationTests"),
    // The store tests' generated operations (kept current by GeneratedCodeIsCurrentTests).
    .target(
      name: "StoreTestOperations",
      dependencies: ["BatonNormalizer", "BatonStore", "BatonTransport"],
      path: "Packages/Store/Tests/StoreTestOperations",
      exclude: [
        "baton.json", "Operations", "ShortLived/baton.json", "ShortLived/Operations", "NullOnError/baton.json",
        "NullOnError/Operations", "HaltOnError/baton.json", "HaltOnError/Operations",
        "Redirects/baton.json", "Redirects/Operations", "Redirects/schema-extensions.graphql", "schema-extensions.graphql",
      ]),

    .target(
      name: "BatonImage",
      dependencies: ["BatonNormalizer", "BatonStore"],
      path: "Packages/Image/Sources/BatonImage"),
    .testTarget(
      name: "BatonImageTests",
      dependencies: [
        "BatonImage", "BatonTransport", "BatonTestServer", "TestPrerequisites", "ImageCrashSupport", "BatonTesting",
        "ImageTestOperations",
      ],
      path: "Packages/Image/Tests/BatonImageTests"),
    // The images the crash harness (Development/) writes and BatonImageTests checks.
    .target(
      name: "ImageCrashSupport",
      dependencies: ["BatonNormalizer", "BatonStore"],
      path: "Tests/Support/ImageCrashSupport"),
    // The image tests' operations, generated from their baton.json (kept current by
    // GeneratedCodeIsCurrentTests).
    .target(
      name: "ImageTestOperations",
      dependencies: ["BatonNormalizer", "BatonStore"],
      path: "Packages/Image/Tests/ImageTestOperations",
      exclude: ["baton.json", "Operations", "DeepItem/baton.json", "DeepItem/Operations", "DeepItem/schema.graphql"]),

    // Baton against servers nobody here wrote (Tools/interop: strawberry-graphql, ariadne).
    .testTarget(
      name: "InteropTests",
      dependencies: ["Baton", "BatonTestServer", "BatonTesting", "TestPrerequisites", "InteropOperations"],
      path: "Tests/InteropTests"),
    // The interop tests' operations, generated from their baton.json (kept current by
    // GeneratedCodeIsCurrentTests).
    .target(
      name: "InteropOperations",
      dependencies: ["BatonNormalizer", "BatonStore", "BatonTransport"],
      path: "Tests/Support/InteropOperations",
      exclude: ["baton.json", "Operations"]),

    .target(
      name: "BatonTestServer",
      dependencies: ["BatonNormalizer", "BatonStore", "BatonTransport"],
      path: "Tests/Support/BatonTestServer"),
    // Replays a suite's recorded exchanges with the loopback server (`.taped`), or records
    // them with BATON_TAPES=record. Test targets only: it links Testing.
    .target(
      name: "BatonTapes",
      dependencies: ["BatonTestServer", "TestPrerequisites"],
      path: "Tests/Support/BatonTapes"),
    // What a suite needs that Tools/test.sh sets up (.cache, .venv): `.requires(_:)` skips the
    // suite in a fresh clone and, under Tools/test.sh, fails it instead. Test targets only.
    .target(
      name: "TestPrerequisites",
      path: "Tests/Support/TestPrerequisites"),

    .target(
      name: "BatonHeal",
      dependencies: ["BatonStore"],
      path: "Packages/Heal/Sources/BatonHeal"),
    .testTarget(
      name: "BatonHealTests",
      dependencies: ["BatonHeal", "BatonStore", "BatonNormalizer", "BatonTestServer", "TestPrerequisites", "BatonTesting", "EndToEndOperations"],
      path: "Packages/Heal/Tests/BatonHealTests"),

    // --- inspector ---
    .target(
      name: "BatonInspector",
      dependencies: ["BatonNormalizer", "BatonStore", "BatonImage"],
      path: "Packages/Inspector/Sources/BatonInspector"),
    .testTarget(
      name: "BatonInspectorTests",
      dependencies: [
        "BatonInspector", "Baton", "BatonCLI", "BatonTestServer", "BatonTesting", "InspectorStory", "RickAndMortyAPI",
        "TestPrerequisites",
      ],
      path: "Packages/Inspector/Tests/BatonInspectorTests"),
    // The store the inspector's tests and its browser test look at, filled by the loopback server.
    .target(
      name: "InspectorStory",
      dependencies: ["Baton", "BatonTestServer", "BatonTesting", "RickAndMortyAPI"],
      path: "Tests/Support/InspectorStory"),
    // --- end inspector ---

    // What an app's tests and previews use (not in the umbrella): a scripted transport, a
    // manual clock, waiting helpers, a runtime-issue recorder and `GraphQLEnvironment.preview`.
    .target(
      name: "BatonTesting",
      dependencies: ["BatonNormalizer", "BatonStore", "BatonTransport", "BatonHeal"],
      path: "Packages/Testing/Sources/BatonTesting"),
    .testTarget(
      name: "BatonTestingTests",
      dependencies: ["BatonTesting", "BatonStore", "BatonNormalizer", "EndToEndOperations"],
      path: "Packages/Testing/Tests/BatonTestingTests"),

    .target(
      name: "Baton",
      dependencies: ["BatonNormalizer", "BatonTransport", "BatonStore", "BatonImage", "BatonHeal", "BatonInspector"],
      path: "Sources/Baton"),
    .target(
      name: "EndToEndOperations",
      dependencies: ["BatonNormalizer", "BatonStore"],
      path: "Tests/Support/EndToEndOperations",
      exclude: ["baton.json", "Operations", "schema-extensions.graphql"]),
    // A SWAPI-style app's operations over the loopback server's `--schema swapi` (kept
    // current by GeneratedCodeIsCurrentTests).
    .target(
      name: "SWAPIOperations",
      dependencies: ["BatonNormalizer", "BatonStore"],
      path: "Tests/Support/SWAPIOperations",
      exclude: ["baton.json", "Operations"]),
    .testTarget(
      name: "EndToEndTests",
      dependencies: ["Baton", "BatonTestServer", "EndToEndOperations", "SWAPIOperations", "TestPrerequisites", "BatonTesting"],
      path: "Tests/EndToEndTests"),

    .target(
      name: "BatonCLI",
      dependencies: ["GraphQLSyntax", "BatonCodegen", "BatonImage", "BatonInspector"],
      path: "Packages/CLI/Sources/BatonCLI"),
    .executableTarget(
      name: "baton",
      dependencies: ["BatonCLI"],
      path: "Packages/CLI/Sources/baton"),
    .testTarget(
      name: "BatonCLITests",
      dependencies: ["BatonCLI", "BatonNormalizer", "BatonTestServer", "TestPrerequisites"],
      path: "Packages/CLI/Tests/BatonCLITests"),

    .plugin(
      name: "BatonGeneratePlugin",
      capability: .command(
        intent: .custom(verb: "baton-generate", description: "Generate Swift types from each target's baton.json."),
        permissions: [.writeToPackageDirectory(reason: "baton generate writes the generated Swift files.")]),
      dependencies: ["baton"],
      path: "Plugins/BatonGeneratePlugin"),
    .plugin(
      name: "BatonBuildPlugin",
      capability: .buildTool(),
      dependencies: ["baton"],
      path: "Plugins/BatonBuildPlugin"),

    .testTarget(
      name: "GeneratedCodeTests",
      dependencies: ["BatonNormalizer", "BatonStore", "BatonTransport", "TestPrerequisites", "BatonTesting"],
      path: "Tests/GeneratedCodeTests",
      exclude: ["Fixtures"]),
    // --- example and documentation (Examples/RickAndMorty, Documentation) ---
    // The example's generated operations (Examples/RickAndMorty/baton.json), public so the
    // example (in Development/) and the guides' snippets compile one copy.
    .target(
      name: "RickAndMortyAPI",
      dependencies: ["Baton"],
      path: "Examples/RickAndMorty/Sources/RickAndMortyAPI"),
    // Every ```swift block of Documentation/*.md, extracted by Tests/DocumentationTests, so
    // the build compiles the guides (a test target: a guide may show a test) against the
    // example's generated operations in RickAndMortyAPI.
    .testTarget(
      name: "DocSnippets",
      dependencies: ["Baton", "BatonTestServer", "RickAndMortyAPI", "TestPrerequisites", "BatonTesting"],
      path: "Documentation/Snippets"),
    .testTarget(
      name: "DocumentationTests",
      dependencies: ["BatonCodegen", "TestPrerequisites"],
      path: "Tests/DocumentationTests"),
    // --- end example and documentation ---
    // The plugins run by SwiftPM on a copy of Examples/Modular, an app in modules built
    // through them; minutes long, so only Tools/test.sh's long tier runs them.
    .testTarget(
      name: "PluginTests",
      dependencies: ["TestPrerequisites"],
      path: "Tests/PluginTests"),

    // The runtime's public names: no clash with the frameworks an app imports, what
    // `import Baton` brings, and a doc comment on every public declaration.
    .testTarget(
      name: "PublicAPITests",
      dependencies: ["TestPrerequisites"],
      path: "Tests/PublicAPITests",
      exclude: ["FrameworkTypeNames.txt", "UmbrellaNames.txt", "NormalizerNames.txt", "CodegenNames.txt"]),
  ]
)
