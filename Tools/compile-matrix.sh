#!/usr/bin/env bash
# Compiles generated code where apps put it: the example's operations, the goldens' (the
# Scalars golden's public and internal targets together, with the conformances that map
# Foundation's types and an app's own as custom scalars), a consumer of the example
# (Tools/CompileMatrix/Consumer.swift) and Examples/Modular, an app in modules (its schema
# module, its two feature modules and its executable, each module's generated code and
# its own sources, the build plugin's one file per module made by the debug build's
# `baton`), each in five setups, with warnings as errors:
#   Six           Swift 6 language mode
#   MainActor     Swift 6, default isolation MainActor (Xcode 26's app targets)
#   Approachable  Swift 6, NonisolatedNonsendingByDefault and InferIsolatedConformances
#   Xcode26App    Swift 6, both of the above (a new Xcode 26 app target)
#   Five          Swift 5 language mode
# Each module is compiled by swiftc against the root's debug build (its Modules folder), so
# the libraries are not built again here; the matrix is defined here alone. Last, the
# products of this package are checked: `swift package describe --type json` must list
# exactly Tools/Products.txt (the development executables are Development/'s).
#   BATON_MATRIX_PATH  where the compiled modules go (default .build-matrix)
#   BATON_MATRIX_MODULES  the root build's Modules folder (default: the debug build's in
#     .build, which must be built: Tools/test.sh's build stage builds it)
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$(pwd)
MATRIX=${BATON_MATRIX_PATH:-$ROOT/.build-matrix}
MODULES=${BATON_MATRIX_MODULES:-$(swift build --show-bin-path)/Modules}
[ -f "$MODULES/BatonStore.swiftmodule" ] || { echo "compile matrix: no debug build of the libraries in $MODULES"; exit 1; }
rm -rf "$MATRIX/modules" && mkdir -p "$MATRIX/modules"

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
APPROACHABLE="-enable-upcoming-feature NonisolatedNonsendingByDefault -enable-upcoming-feature InferIsolatedConformances"
mode_flags() {
  case $1 in
    Six) echo "-swift-version 6" ;;
    MainActor) echo "-swift-version 6 -default-isolation MainActor" ;;
    Approachable) echo "-swift-version 6 $APPROACHABLE" ;;
    Xcode26App) echo "-swift-version 6 -default-isolation MainActor $APPROACHABLE" ;;
    Five) echo "-swift-version 5" ;;
  esac
}
# compile NAME MODE PATH...: one module, whole-module, unoptimized, as a debug build does.
compile() {
  local name=$1 mode=$2
  shift 2
  # shellcheck disable=SC2046 # the mode's flags are words
  swiftc -parse-as-library -wmo -Onone -warnings-as-errors $(mode_flags "$mode") \
    -module-name "$name" -I "$MODULES" -I "$MATRIX/modules" \
    -emit-module -emit-module-path "$MATRIX/modules/$name.swiftmodule" -c -o "$MATRIX/modules/$name.o" \
    $(find "$@" -name '*.swift' | sort)
}
export -f compile mode_flags
export MODULES MATRIX APPROACHABLE

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
# The generated sets two at a time (two cores), then each setup's consumer of the example.
jobs=()
for mode in "${MODES[@]}"; do
  for set in "${SETS[@]}"; do
    read -r name folder more <<<"$set"
    jobs+=("$name$mode $mode $folder${more:+ $more}")
  done
done
printf '%s\n' "${jobs[@]}" | xargs -P 2 -L 1 bash -c 'compile "$@"' compile
consumer=$(mktemp -d)
for mode in "${MODES[@]}"; do
  sed "s/GENERATED_MODULE/Example$mode/" Tools/CompileMatrix/Consumer.swift >"$consumer/Consumer.swift"
  compile "Consumer$mode" "$mode" "$consumer/Consumer.swift"
done
rm -rf "$consumer"

# Examples/Modular: each module imports the one before it by its own name, so each setup
# compiles the three into a folder of its own.
modular=$MATRIX/modular
rm -rf "$modular" && mkdir -p "$modular/generated"
MODULAR_MODULES=(AppSchema CharacterFeature EpisodeFeature)
for module in "${MODULAR_MODULES[@]}"; do
  "$(dirname "$MODULES")/baton" generate --config "Examples/Modular/Sources/$module/baton.json" \
    --combined "$modular/generated/$module/$module+Baton.swift"
done
compile_modular() {
  local mode=$1 module
  mkdir -p "$modular/$mode"
  for module in "${MODULAR_MODULES[@]}"; do
    # shellcheck disable=SC2046 # the mode's flags are words
    swiftc -parse-as-library -wmo -Onone -warnings-as-errors $(mode_flags "$mode") \
      -module-name "$module" -I "$MODULES" -I "$modular/$mode" \
      -emit-module -emit-module-path "$modular/$mode/$module.swiftmodule" -c -o "$modular/$mode/$module.o" \
      "$modular/generated/$module/$module+Baton.swift" $(find "Examples/Modular/Sources/$module" -name '*.swift' | sort)
  done
  # shellcheck disable=SC2046
  swiftc -typecheck -warnings-as-errors $(mode_flags "$mode") -module-name modular_example -I "$MODULES" -I "$modular/$mode" \
    Examples/Modular/Sources/ModularExample/*.swift
}
for mode in "${MODES[@]}"; do compile_modular "$mode"; done
echo "compile matrix: $(( ${#SETS[@]} * ${#MODES[@]} + ${#MODES[@]} + (${#MODULAR_MODULES[@]} + 1) * ${#MODES[@]} )) modules compiled"
