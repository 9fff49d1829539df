#!/usr/bin/env bash
# Compiles generated code where apps put it: the example's operations, the goldens' (the
# Scalars golden's public and internal targets together, with the conformances that map
# Foundation's types and an app's own as custom scalars) and a consumer of the example
# (Tools/CompileMatrix/Consumer.swift), each in five setups, with warnings as errors:
#   Six           Swift 6 language mode
#   MainActor     Swift 6, default isolation MainActor (Xcode 26's app targets)
#   Approachable  Swift 6, NonisolatedNonsendingByDefault and InferIsolatedConformances
#   Xcode26App    Swift 6, both of the above (a new Xcode 26 app target)
#   Five          Swift 5 language mode
# The package is written under the scratch folder each run, so the matrix is defined here
# alone; it depends on this checkout by path and builds in its own scratch path. Last, the
# products of this package are checked: `swift package describe --type json` must list
# exactly Tools/Products.txt (the development executables are Development/'s).
#   BATON_MATRIX_PATH  where the package and its build go (default .build-matrix)
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$(pwd)
MATRIX=${BATON_MATRIX_PATH:-$ROOT/.build-matrix}
PACKAGE=$MATRIX/package
rm -rf "$PACKAGE" && mkdir -p "$PACKAGE/Sources"

# name  generated folder  [more folders or files compiled with it]
SETS=(
  "Example Examples/RickAndMorty/Sources/RickAndMortyAPI/Generated"
  "GoldenRickAndMorty Tests/GeneratedCodeTests/Generated/RickAndMorty"
  "GoldenSWAPI Tests/GeneratedCodeTests/Generated/SWAPI"
  "GoldenGitHub Tests/GeneratedCodeTests/Generated/GitHub"
  "GoldenLibrary Tests/GeneratedCodeTests/Generated/Library"
  "GoldenScalars Tests/GeneratedCodeTests/Generated/ScalarsPublic Tests/GeneratedCodeTests/Generated/ScalarsInternal Tests/GeneratedCodeTests/ScalarMappings.swift"
)
MODES=(Six MainActor Approachable Xcode26App Five)

targets=""
for mode in "${MODES[@]}"; do
  for set in "${SETS[@]}"; do
    read -r name folder more <<<"$set"
    mkdir -p "$PACKAGE/Sources/$name$mode"
    ln -s "$ROOT/$folder" "$PACKAGE/Sources/$name$mode/Generated"
    for path in $more; do ln -s "$ROOT/$path" "$PACKAGE/Sources/$name$mode/$(basename "$path")"; done
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

# A root package lists each of its executable targets as a product, so this also shows that
# no development executable is a target of Baton's own package.
products_expected=$(grep -v '^#' Tools/Products.txt | sed '/^$/d' | sort)
products_described=$(swift package --scratch-path "$MATRIX/describe" describe --type json \
  | python3 -c 'import json, sys; [print(p["name"], next(iter(p["type"]))) for p in json.load(sys.stdin)["products"]]' | sort)
[ "$products_expected" = "$products_described" ] || {
  echo "compile matrix: swift package describe lists other products than Tools/Products.txt (- expected, + listed):"
  diff <(echo "$products_expected") <(echo "$products_described"); exit 1
}
echo "compile matrix: the products are Tools/Products.txt's $(wc -l <<<"$products_expected")"

echo "compile matrix: ${#SETS[@]} generated sets and a consumer, in ${#MODES[@]} setups"
swift build --package-path "$PACKAGE" --scratch-path "$MATRIX/build" -Xswiftc -warnings-as-errors
