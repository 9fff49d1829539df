// swift-tools-version: 6.0
import PackageDescription

// The layout follows DESIGN §2: each module lives under Packages/<Name>/{Sources,Tests},
// tools under Tools/, end-to-end tests under Tests/. The products are what an app consumes:
// the libraries, the umbrella, `baton` and its two plugins; the benchmarks, the fuzzer, the
// heal check and the example are executable targets only (`swift run <name>` still runs them).
// The platforms are Observation's minimums, which the handles need.
let package = Package(
  name: "Baton",
  platforms: [.macOS(.v14), .iOS(.v17), .tvOS(.v17), .watchOS(.v10), .visionOS(.v1)],
  products: [
    .library(name: "GraphQLSyntax", targets: ["GraphQLSyntax"]),
    .library(name: "BatonCodegen", targets: ["BatonCodegen"]),
    .library(name: "BatonNormalizer", targets: ["BatonNormalizer"]),
    .library(name: "BatonStore", targets: ["BatonStore"]),
    .library(name: "BatonImage", targets: ["BatonImage"]),
    .library(name: "BatonHeal", targets: ["BatonHeal"]),
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
      name: "BatonStore",
      dependencies: ["BatonNormalizer"],
      path: "Packages/Store/Sources/BatonStore"),
    .testTarget(
      name: "BatonStoreTests",
      dependencies: [
        "BatonStore", "BatonTestServer", "TestPrerequisites", "BatonTesting", "EndToEndOperations", "StoreTestOperations",
      ],
      path: "Packages/Store/Tests/BatonStoreTests"),
    // The store tests' generated operations (kept current by GeneratedCodeIsCurrentTests).
    .target(
      name: "StoreTestOperations",
      dependencies: ["BatonNormalizer", "BatonStore"],
      path: "Packages/Store/Tests/StoreTestOperations",
      exclude: [
        "baton.json", "Operations", "ShortLived/baton.json", "ShortLived/Operations", "NullOnError/baton.json",
        "NullOnError/Operations", "HaltOnError/baton.json", "HaltOnError/Operations",
      ]),

    .target(
      name: "BatonImage",
      dependencies: ["BatonNormalizer", "BatonStore"],
      path: "Packages/Image/Sources/BatonImage"),
    .testTarget(
      name: "BatonImageTests",
      dependencies: [
        "BatonImage", "BatonTestServer", "TestPrerequisites", "baton-image-crash-harness", "BatonTesting",
        "ImageTestOperations",
      ],
      path: "Packages/Image/Tests/BatonImageTests"),
    // The image tests' operations, generated from their baton.json (kept current by
    // GeneratedCodeIsCurrentTests).
    .target(
      name: "ImageTestOperations",
      dependencies: ["BatonNormalizer", "BatonStore"],
      path: "Packages/Image/Tests/ImageTestOperations",
      exclude: ["baton.json", "Operations"]),
    .executableTarget(
      name: "baton-image-crash-harness",
      dependencies: ["BatonImage"],
      path: "Tools/ImageCrashHarness"),

    .target(
      name: "BatonTestServer",
      dependencies: ["BatonNormalizer", "BatonStore"],
      path: "Tests/Support/BatonTestServer"),
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

    // What an app's tests and previews use (not in the umbrella): a scripted transport, a
    // manual clock, waiting helpers, a runtime-issue recorder and `GraphQLEnvironment.preview`.
    .target(
      name: "BatonTesting",
      dependencies: ["BatonNormalizer", "BatonStore", "BatonHeal"],
      path: "Packages/Testing/Sources/BatonTesting"),
    .testTarget(
      name: "BatonTestingTests",
      dependencies: ["BatonTesting", "BatonStore", "BatonNormalizer", "EndToEndOperations"],
      path: "Packages/Testing/Tests/BatonTestingTests"),

    .target(
      name: "Baton",
      dependencies: ["BatonNormalizer", "BatonStore", "BatonImage", "BatonHeal"],
      path: "Sources/Baton"),
    .target(
      name: "EndToEndOperations",
      dependencies: ["BatonNormalizer", "BatonStore"],
      path: "Tests/Support/EndToEndOperations",
      exclude: ["baton.json", "Operations", "schema-extensions.graphql"]),
    .testTarget(
      name: "EndToEndTests",
      dependencies: ["Baton", "BatonTestServer", "EndToEndOperations", "TestPrerequisites", "BatonTesting"],
      path: "Tests/EndToEndTests"),
    .executableTarget(
      name: "baton-heal-check",
      dependencies: ["Baton", "BatonTestServer", "EndToEndOperations"],
      path: "Tools/HealCheck"),

    .target(
      name: "BatonCLI",
      dependencies: ["GraphQLSyntax", "BatonCodegen"],
      path: "Tools/BatonCLI"),
    .executableTarget(
      name: "baton",
      dependencies: ["BatonCLI"],
      path: "Tools/baton"),
    .testTarget(
      name: "BatonCLITests",
      dependencies: ["BatonCLI"],
      path: "Tests/BatonCLITests"),

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
      dependencies: ["BatonNormalizer", "BatonStore", "TestPrerequisites", "BatonTesting"],
      path: "Tests/GeneratedCodeTests",
      exclude: ["Fixtures"]),

    .executableTarget(
      name: "baton-bench",
      dependencies: ["GraphQLSyntax", "BatonNormalizer", "BatonCodegen", "BatonStore", "BatonImage", "BatonTestServer"],
      path: "Tools/BatonBench"),
    // --- example and documentation (Examples/RickAndMorty, Documentation) ---
    // The example's generated operations (Examples/RickAndMorty/baton.json), public so the
    // example and the guides' snippets share one copy.
    .target(
      name: "RickAndMortyAPI",
      dependencies: ["Baton"],
      path: "Examples/RickAndMorty/Sources/RickAndMortyAPI"),
    .executableTarget(
      name: "rick-and-morty-example",
      dependencies: ["Baton", "BatonTestServer", "RickAndMortyAPI", "BatonTesting"],
      path: "Examples/RickAndMorty/Sources/RickAndMortyExample"),
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

    // The runtime's public names: no clash with the frameworks an app imports, what
    // `import Baton` brings, and a doc comment on every public declaration.
    .testTarget(
      name: "PublicAPITests",
      dependencies: ["TestPrerequisites"],
      path: "Tests/PublicAPITests",
      exclude: ["FrameworkTypeNames.txt", "UmbrellaNames.txt"]),

    .executableTarget(
      name: "baton-fuzz",
      dependencies: ["GraphQLSyntax"],
      path: "Tools/BatonFuzz"),
  ]
)
