// swift-tools-version: 6.0
import PackageDescription

// An app in modules, each generating its types on every build with Baton's build-tool
// plugin from the baton.json in its folder: AppSchema the schema's types (its baton.json
// has no documents), CharacterFeature and EpisodeFeature their operations and fragments,
// EpisodeFeature spreading CharacterFeature's fragment. It depends on Baton by path, as
// an app depends on Baton's package.
//   swift run --package-path Examples/Modular modular-example
let package = Package(
  name: "Modular",
  platforms: [.macOS(.v14), .iOS(.v17)],
  dependencies: [.package(name: "Baton", path: "../..")],
  targets: [
    .target(
      name: "AppSchema",
      dependencies: [.product(name: "Baton", package: "Baton")],
      plugins: [.plugin(name: "BatonBuildPlugin", package: "Baton")]),
    .target(
      name: "CharacterFeature",
      dependencies: ["AppSchema", .product(name: "Baton", package: "Baton")],
      plugins: [.plugin(name: "BatonBuildPlugin", package: "Baton")]),
    .target(
      name: "EpisodeFeature",
      dependencies: ["AppSchema", "CharacterFeature", .product(name: "Baton", package: "Baton")],
      plugins: [.plugin(name: "BatonBuildPlugin", package: "Baton")]),
    .executableTarget(
      name: "modular-example",
      dependencies: [
        "AppSchema", "CharacterFeature", "EpisodeFeature", .product(name: "Baton", package: "Baton"),
        .product(name: "BatonTesting", package: "Baton"),
      ],
      path: "Sources/ModularExample"),
  ]
)
