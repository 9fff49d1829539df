#!/usr/bin/env bash
# Compiles generated code where apps put it: the example's operations, the four goldens'
# and a consumer of the example (Tools/CompileMatrix/Consumer.swift), each in five setups,
# with warnings as errors:
#   Six           Swift 6 language mode
#   MainActor     Swift 6, default isolation MainActor (Xcode 26's app targets)
#   Approachable  Swift 6, NonisolatedNonsendingByDefault and InferIsolatedConformances
#   Xcode26App    Swift 6, both of the above (a new Xcode 26 app target)
#   Five          Swift 5 language mode
# The package is written under the scratch folder each run, so the matrix is defined here
# alone; it depends on this checkout by path and builds in its own scratch path. Being a
# package that depends on Baton, it also shows what an app sees of Baton's executables:
# `baton`, and none of the development tools (a root package lists its executable targets
# as products too, so `swift package describe` here cannot tell).
#   BATON_MATRIX_PATH  where the package and its build go (default .build-matrix)
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$(pwd)
MATRIX=${BATON_MATRIX_PATH:-$ROOT/.build-matrix}
PACKAGE=$MATRIX/package
rm -rf "$PACKAGE" && mkdir -p "$PACKAGE/Sources"

# name  generated folder
SETS=(
  "Example Examples/RickAndMorty/Sources/RickAndMortyAPI/Generated"
  "GoldenRickAndMorty Tests/GeneratedCodeTests/Generated/RickAndMorty"
  "GoldenSWAPI Tests/GeneratedCodeTests/Generated/SWAPI"
  "GoldenGitHub Tests/GeneratedCodeTests/Generated/GitHub"
  "GoldenLibrary Tests/GeneratedCodeTests/Generated/Library"
)
MODES=(Six MainActor Approachable Xcode26App Five)

targets=""
for mode in "${MODES[@]}"; do
  for set in "${SETS[@]}"; do
    read -r name folder <<<"$set"
    mkdir -p "$PACKAGE/Sources/$name$mode"
    ln -s "$ROOT/$folder" "$PACKAGE/Sources/$name$mode/Generated"
    targets+="    .target(name: \"$name$mode\", dependencies: generated, swiftSettings: settings[\"$mode\"]!),"$'\n'
  done
  mkdir -p "$PACKAGE/Sources/Consumer$mode"
  sed "s/GENERATED_MODULE/Example$mode/" Tools/CompileMatrix/Consumer.swift >"$PACKAGE/Sources/Consumer$mode/Consumer.swift"
  targets+="    .target(name: \"Consumer$mode\", dependencies: [\"Example$mode\", .product(name: \"Baton\", package: \"Baton\")], swiftSettings: settings[\"$mode\"]!),"$'\n'
done

cat >"$PACKAGE/Package.swift" <<MANIFEST
// swift-tools-version: 6.2
// Written by Tools/compile-matrix.sh; do not edit.
import PackageDescription

let approachable: [SwiftSetting] = [
  .enableUpcomingFeature("NonisolatedNonsendingByDefault"), .enableUpcomingFeature("InferIsolatedConformances"),
]
let settings: [String: [SwiftSetting]] = [
  "Six": [.swiftLanguageMode(.v6)],
  "MainActor": [.swiftLanguageMode(.v6), .defaultIsolation(MainActor.self)],
  "Approachable": [.swiftLanguageMode(.v6)] + approachable,
  "Xcode26App": [.swiftLanguageMode(.v6), .defaultIsolation(MainActor.self)] + approachable,
  "Five": [.swiftLanguageMode(.v5)],
]
let generated: [Target.Dependency] = [
  .product(name: "BatonNormalizer", package: "Baton"), .product(name: "BatonStore", package: "Baton"),
]

let package = Package(
  name: "BatonCompileMatrix",
  platforms: [.macOS(.v14), .iOS(.v17)],
  dependencies: [.package(name: "Baton", path: "$ROOT")],
  targets: [
$targets  ])
MANIFEST

echo "compile matrix: ${#SETS[@]} generated sets and a consumer, in ${#MODES[@]} setups"
swift build --package-path "$PACKAGE" --scratch-path "$MATRIX/build" -Xswiftc -warnings-as-errors

for tool in baton-bench baton-fuzz baton-heal-check rick-and-morty-example baton-image-crash-harness baton-inspector-fixture; do
  if output=$(swift build --package-path "$PACKAGE" --scratch-path "$MATRIX/build" --product "$tool" 2>&1); then
    echo "compile matrix: a package depending on Baton can build '$tool', which is no product"; exit 1
  fi
  grep -q "no product named '$tool'" <<<"$output" \
    || { echo "compile matrix: building '$tool' failed otherwise:"; echo "$output"; exit 1; }
done
echo "compile matrix: a package depending on Baton sees none of its development tools"
