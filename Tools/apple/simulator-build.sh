#!/usr/bin/env bash
# Builds, for the iOS Simulator with Xcode 26, what an app team compiles in its own target:
# the example's generated API (Examples/RickAndMorty/Sources/RickAndMortyAPI) and the SwiftUI
# guide's snippets (Documentation/Snippets/SwiftUI.swift), with a new Xcode 26 app target's
# settings: Swift 6,
# default isolation MainActor, and approachable concurrency (NonisolatedNonsendingByDefault,
# InferIsolatedConformances). Runs on macOS only (.github/workflows/apple.yml); the package it
# writes depends on this checkout by path, as Tools/compile-matrix.sh's does.
#   BATON_SIMULATOR_PATH  where the package and its build go (default .build-simulator)
set -euo pipefail
cd "$(dirname "$0")/../.."
ROOT=$(pwd)
WORK=${BATON_SIMULATOR_PATH:-$ROOT/.build-simulator}
PACKAGE=$WORK/package
rm -rf "$PACKAGE" && mkdir -p "$PACKAGE/Sources" "$PACKAGE/Tests"

ln -s "$ROOT/Examples/RickAndMorty/Sources/RickAndMortyAPI" "$PACKAGE/Sources/RickAndMortyAPI"
mkdir -p "$PACKAGE/Tests/SwiftUISnippets"
ln -s "$ROOT/Documentation/Snippets/SwiftUI.swift" "$PACKAGE/Tests/SwiftUISnippets/SwiftUI.swift"

cat >"$PACKAGE/Package.swift" <<MANIFEST
// swift-tools-version: 6.2
// Written by Tools/apple/simulator-build.sh; do not edit.
import PackageDescription

let app: [SwiftSetting] = [
  .swiftLanguageMode(.v6), .defaultIsolation(MainActor.self),
  .enableUpcomingFeature("NonisolatedNonsendingByDefault"), .enableUpcomingFeature("InferIsolatedConformances"),
]
let package = Package(
  name: "SimulatorBuild",
  platforms: [.iOS(.v17)],
  dependencies: [.package(name: "Baton", path: "$ROOT")],
  targets: [
    .target(name: "RickAndMortyAPI", dependencies: [.product(name: "Baton", package: "Baton")], swiftSettings: app),
    .testTarget(
      name: "SwiftUISnippets",
      dependencies: [
        "RickAndMortyAPI", .product(name: "Baton", package: "Baton"), .product(name: "BatonTesting", package: "Baton"),
      ],
      swiftSettings: app),
  ]
)
MANIFEST

cd "$PACKAGE"
# The scheme Xcode makes for a package's targets together is "<name>-Package"; the example's
# story driver (RickAndMortyExample) starts the loopback server with Process, which iOS has
# not, so it is built and run on macOS by the workflow's first job instead.
xcodebuild build-for-testing -scheme SimulatorBuild-Package -destination 'generic/platform=iOS Simulator' \
  -derivedDataPath "$WORK/DerivedData" SWIFT_TREAT_WARNINGS_AS_ERRORS=YES
