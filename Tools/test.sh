#!/usr/bin/env bash
# The one test command (README, CI): set up the oracle, build warning-free, run every test,
# then fuzz the parser in release mode and under AddressSanitizer.
#   Tools/test.sh [unit|integration|long]  one tier (all three, in that order, without one):
#     unit         the build and every suite that needs no server: the compiler's, the
#                  normalizer's, the image's, the store's on their tapes (Tapes/), ...
#     integration  the loopback server's self-test, the suites against the live server
#                  (end-to-end, the store's live protocols, the transport's), the interop
#                  suites against strawberry-graphql and ariadne, and the example
#     long         the compile matrix, the plugins' tests (Examples/Modular), the fuzzers,
#                  the thread sanitizer, the release heal check and the inspector's browser test
#   BATON_SCRATCH_PATH  build directory (default .build), for several checkouts side by side;
#     the development package (Development/) builds in the same path with -dev appended,
#     the sanitized ones with -asan and -tsan, the heal check's release build with -release,
#     the compile matrix's modules go to -matrix
#   BATON_FUZZ_ITERATIONS  fuzz inputs (default 1000000)
#   BATON_ASAN_FUZZ_ITERATIONS  fuzz inputs under AddressSanitizer (default 100000)
set -euo pipefail
cd "$(dirname "$0")/.."

tier=${1:-all}
case $tier in
  unit | integration | long | all) ;;
  *) echo "usage: Tools/test.sh [unit|integration|long]" >&2; exit 2 ;;
esac
# Whether the run includes tier $1. A tier's stages stay where they were, each inside an
# `if runs ...; then` left unindented, so the stages read (and merge) as before.
runs() { [ "$tier" = all ] || [ "$tier" = "$1" ]; }

SCRATCH=(--scratch-path "${BATON_SCRATCH_PATH:-.build}")
# The example, the benchmarks, the fuzzer, the heal check and the image crash harness are
# the development package's (Development/), so that the root's products are only what an
# app consumes; it builds the root's libraries again in its own scratch path.
DEV=(--package-path Development --scratch-path "${BATON_SCRATCH_PATH:-.build}-dev")

# Each stage prints its name as it starts and its time as the next one starts; the whole
# run's time closes the output (CI's limit is the sum; keep each stage in sight).
run_start=$SECONDS
stage_name=""
stage_start=$SECONDS
stage_end() {
  [ -z "$stage_name" ] || echo "   ($stage_name: $((SECONDS - stage_start)) s)"
}
stage() {
  stage_end
  stage_name=$1
  stage_start=$SECONDS
  echo "== $1"
}
# Work that does not need the stages between runs beside them: a build leaves a core idle
# much of the time (its modules wait on each other), and a fuzzer or a python check uses one
# thread. `start_beside NAME command...` starts it with its output kept; `wait_beside NAME`
# waits for it, shows its output there, and fails the run if it failed.
background=$(mktemp -d)
# What `tests_within` found hanging, repeated where the run's output ends.
hangs=$(mktemp)
declare -A background_pids=()
start_beside() {
  local name=$1
  shift
  # Without the stage it was started in: a job that calls `stage` times only its own.
  (stage_name="" && "$@") >"$background/$name" 2>&1 &
  background_pids[$name]=$!
}
wait_beside() {
  local status=0
  wait "${background_pids[$1]}" || status=$?
  unset "background_pids[$1]"
  cat "$background/$1"
  [ "$status" = 0 ] || { echo "$1 failed (status $status)"; exit 1; }
}
finish() {
  local status=$?
  for pid in "${background_pids[@]}"; do kill "$pid" 2>/dev/null || true; done
  rm -rf "$background"
  stage_end
  [ ! -s "$hangs" ] || cat "$hangs"
  rm -f "$hangs"
  echo "== Tools/test.sh $([ "$tier" = all ] || echo "$tier ")$([ $status = 0 ] && echo passed || echo failed) in $((SECONDS - run_start)) s"
}
trap finish EXIT

# Set-up and the python checks (the loopback server's self-test, which mostly waits on its
# servers, and the oracles) run beside the Swift builds, which they do not need; their output
# and their stages' times are shown where the run waits for them, before anything needs them.
python_checks() {
  stage "set-up (Tools/setup-test-env.sh)"
  bash Tools/setup-test-env.sh
  if runs integration; then
  # --- loopback test server (Tools/test-server): its Swift-free self-test ---
  stage "test server self-test"
  .venv/bin/python -m unittest discover -s Tools/test-server -p 'test_*.py'
  # --- end loopback test server ---
  fi
  stage "the test stages' hang report (Tools/ci)"
  .venv/bin/python -m unittest discover -s Tools/ci -p 'test_*.py'
  if runs unit; then
  stage "syntax oracle (graphql-core)"
  .venv/bin/python Tools/oracle/syntax_corpus.py .cache/graphql_core-3.3.2/tests/fixtures .cache/oracle/syntax
  stage "schema and validation oracles (graphql-core)"
  .venv/bin/python Tools/oracle/schema_oracle.py .cache/oracle/schema
  .venv/bin/python Tools/oracle/validation_oracle.py .cache/oracle/validation
  fi
  stage_end
}
start_beside python-checks python_checks
# Suites that need the oracle or the loopback server skip without them under a bare
# `swift test`; here, where both are made, a missing one fails instead.
export BATON_REQUIRE_ORACLES=1

# The development package's debug executables, beside the root's build: only what the run
# uses, the example (the README's first command), the image crash harness (CrashSafetyTests
# kill it with SIGKILL) and the inspector's browser-test fixture.
development_executables() {
  for product in rick-and-morty-example baton-image-crash-harness baton-inspector-fixture; do
    swift build "${DEV[@]}" --product "$product" -Xswiftc -warnings-as-errors
  done
}
start_beside development-executables development_executables
stage "build (warnings are errors)"
# Without debug information: the run reads no debugger's data (failures name their line
# through the test library; a crash's backtrace keeps its function names), and the build
# spends about an eighth less.
swift build "${SCRATCH[@]}" --build-tests -Xswiftc -warnings-as-errors -Xswiftc -gnone
stage "the development package's debug executables (Development/, built beside the build)"
wait_beside development-executables
BATON_IMAGE_CRASH_HARNESS="$(swift build "${DEV[@]}" --show-bin-path)/baton-image-crash-harness"
export BATON_IMAGE_CRASH_HARNESS

stage "set-up and python checks (beside the builds; their stages below)"
wait_beside python-checks

# The unit tests run in three groups, one after another. Suites run in parallel on as many
# of Swift concurrency's threads as there are cores (two here): the compiler's long
# synchronous suites (corpora, goldens, generated code) hold those threads for seconds at a
# time, and the crash and durability suites keep a core busy for a minute or more, so beside
# the runtime's suites they starve its waits on a clock or a snapshot. The suites against
# the live loopback server are the integration tier's, which needs `live` without the unit tier.
compiler='GraphQLSyntaxTests|BatonCodegenTests|BatonCLITests|GeneratedCodeTests|DocumentationTests|PublicAPITests'
heavy='CrashSafetyTests|ResetCrashTests|RefetchCrashTests|RefetchPersistenceTests'
live='EndToEndTests\.|BatonStoreIntegrationTests\.|InteropTests\.|BatonTransportTests\.HTTPTransport(Body|Redirect)Tests|'\
'BatonImageTests\.(ResetTests|EnvironmentRoundTripTests|ImageConcurrencyTests|FlushTests)|'\
'BatonInspectorTests\.(StoryImageTests|LiveInspectorTests|PageFetchInspectorTests)'

# `tests_within SECONDS ARGS...` runs the built tests ARGS select, in parallel. Each group
# takes under a minute here: one still running at SECONDS has a test that will not end (a
# wait nothing answers). Its unfinished tests are named, here and again at the end of the
# run's output, and the group runs once more: a second hang, or any failure, fails the run.
tests_within() {
  local limit=$1 events status attempt
  shift
  events=$(mktemp)
  for attempt in 1 2; do
    status=0
    timeout -k 30 "$limit" swift test "${SCRATCH[@]}" --skip-build --parallel \
      --event-stream-output-path "$events" --event-stream-version 0 "$@" || status=$?
    [ "$status" = 124 ] || [ "$status" = 137 ] || break
    { echo "HANG: tests $* had not ended after $limit s (attempt $attempt):"
      .venv/bin/python Tools/ci/unfinished_tests.py "$events"; } | tee -a "$hangs"
  done
  rm -f "$events"
  return "$status"
}

if runs unit; then
# --- apple platforms: what only an Apple compiler sees, checked here from the compiler's
# own data (Tools/availability, Tools/apple). The availability check reads the build's index
# on one thread, so it runs beside the compiler's tests; its output and its stage's time are
# shown where the run waits for it, after them. ---
availability_check() {
stage "availability at the declared minimums (Tools/availability)"
# The toolchain's symbol graphs, extracted once per scratch path and shared with the test.
export BATON_AVAILABILITY_SYMBOLS="${BATON_SCRATCH_PATH:-.build}/availability-symbols"
.venv/bin/python -m unittest discover -s Tools/availability -p 'test_*.py'
# The plugins are built by SwiftPM for the host, outside the index store: index them here.
availability_plugins=$(mktemp -d)
plugin_api="$(dirname "$(readlink -f "$(command -v swiftc)")")/../lib/swift/pm/PluginAPI"
plugin_stores=()
for plugin in Plugins/*/; do
  name=$(basename "$plugin")
  swiftc -typecheck -parse-as-library -package-description-version 6.0 -module-name "$name" -I "$plugin_api" \
    -index-store-path "$availability_plugins/$name" -index-ignore-system-modules "$plugin"*.swift
  plugin_stores+=(--index-store "$availability_plugins/$name")
done
.venv/bin/python Tools/availability/check_availability.py --package . \
  --index-store "$(swift build "${SCRATCH[@]}" --show-bin-path)/index/store" "${plugin_stores[@]}" \
  --symbols "$BATON_AVAILABILITY_SYMBOLS" \
  Packages/*/Sources Sources Plugins
rm -rf "$availability_plugins"
stage_end
}
start_beside availability availability_check
stage "Apple-only lines in library code, and the Apple workflow's static check (Tools/apple)"
.venv/bin/python Tools/apple/apple_only_lines.py --limit Tools/apple/apple-only-lines.txt \
  Packages/*/Sources Sources Plugins
.venv/bin/python Tools/apple/check_workflow.py .github/workflows/apple.yml
.venv/bin/python -m unittest discover -s Tools/apple -p 'test_*.py'
# --- end apple platforms ---

stage "tests: syntax, compiler, generated code and guides"
tests_within 600 --filter "$compiler"
stage "availability at the declared minimums (beside the compiler's tests; its stage above)"
wait_beside availability
stage "tests: runtime (the store's on tapes)"
tests_within 300 --skip "$compiler|$heavy|$live"
stage "tests: crash and durability"
tests_within 600 --filter "$heavy"
fi

if runs integration; then
stage "tests: against live servers (the loopback server: end-to-end, the store's live protocols, transport; strawberry-graphql and ariadne: interop)"
tests_within 600 --filter "$live"

# --- example and documentation: the README's first command, run as a newcomer runs it,
# its story checked line by line (the guides' code blocks and the example's generated
# code are checked by DocumentationTests above) ---
stage "example app (Examples/RickAndMorty/run.sh)"
example_out=$(mktemp)
example_err=$(mktemp)
BATON_SCRATCH_PATH="${BATON_SCRATCH_PATH:-.build}" bash Examples/RickAndMorty/run.sh >"$example_out" 2>"$example_err" \
  || { echo "example: run.sh failed"; cat "$example_out"; tail -n 20 "$example_err"; exit 1; }
diff -u Examples/RickAndMorty/expected-output.txt "$example_out" \
  || { echo "example: the story differs from Examples/RickAndMorty/expected-output.txt"; exit 1; }
# The debug build's runtime issues are exactly step 6's two missing fields; build output
# shares stderr, so only the runtime-issue lines are compared, without their file:line.
expected_issues='Baton: missing data: fragment OriginDetails read field "name" of record Location:20, which is not in the store; operation CharacterDetail is stale and is refetched once.
Baton: missing data: fragment OriginDetails read field "dimension" of record Location:20, which is not in the store; operation CharacterDetail is stale and is refetched once.'
example_issues=$(sed -n 's/^.*runtime issue: //p' "$example_err")
[ "$example_issues" = "$expected_issues" ] \
  || { echo "example: the runtime issues on stderr are not step 6's two"; diff <(echo "$expected_issues") <(echo "$example_issues"); exit 1; }
rm -f "$example_out" "$example_err"
# --- end example and documentation ---
fi

if runs long; then
# The compile matrix and the plugins' builds each leave a core idle at times (a module
# waiting on another, a link), and neither measures time: they run side by side.
start_beside compile-matrix env BATON_MATRIX_PATH="${BATON_SCRATCH_PATH:-.build}-matrix" \
  BATON_MATRIX_MODULES="$(swift build "${SCRATCH[@]}" --show-bin-path)/Modules" bash Tools/compile-matrix.sh

# --- plugins: Examples/Modular, an app in modules (a schema module, two feature modules,
# one spreading the other's fragment), copied to a folder of its own and built through the
# build-tool plugin, run, built untouched and after an edit; then the command plugin. In the
# development package's scratch path, where Baton's libraries are built already: only the
# plugins' `baton`, built for the host, and the app's modules are compiled. ---
stage "plugins: Examples/Modular through the build-tool and command plugins (Tests/PluginTests)"
BATON_PLUGIN_TESTS=1 BATON_PLUGIN_SCRATCH_PATH="${BATON_SCRATCH_PATH:-.build}-dev" \
  swift test "${SCRATCH[@]}" --skip-build --filter 'PluginTests\.'
# --- end plugins ---
stage "generated code in every isolation setup (Tools/compile-matrix.sh, beside the plugins)"
wait_beside compile-matrix

# The long checks' builds run two at a time (the heal check's beside the others), and each
# fuzzer, which runs on one thread, beside the builds that follow it; the run waits for all
# of them before the thread-sanitized suites, whose waits on a clock must not starve.
# --- heal: runtime issues are debug-only; a release build is quiet and still heals (the
# debug build's runtime issue is the example's, checked in the integration tier). The release
# configuration (no DEBUG) is what is checked, not the optimizer: unoptimized, in a scratch
# path of its own, it builds in less than half the time. ---
HEAL_BUILD=(--package-path Development --scratch-path "${BATON_SCRATCH_PATH:-.build}-release" -c release -Xswiftc -Onone)
start_beside heal-build swift build "${HEAL_BUILD[@]}" --product baton-heal-check -Xswiftc -warnings-as-errors
# --- end heal ---
stage "fuzz (release): build, then run beside the next builds"
swift build "${DEV[@]}" -c release --product baton-fuzz -Xswiftc -warnings-as-errors
start_beside fuzz "$(swift build "${DEV[@]}" -c release --show-bin-path)/baton-fuzz" \
  --iterations "${BATON_FUZZ_ITERATIONS:-1000000}" --seed 1

# --- parser: the fuzzer under AddressSanitizer, so that a read past a buffer or a use after
# free is a finding even where it does not crash. Its own scratch path keeps the plain
# build; another seed gives other inputs than the run above; fewer of them, as each is
# slower. A leak is a finding too. ---
stage "fuzz (release, address sanitizer): build, then run beside the next builds"
ASAN_BUILD=(--package-path Development --scratch-path "${BATON_SCRATCH_PATH:-.build}-asan" -c release --sanitize=address)
swift build "${ASAN_BUILD[@]}" --product baton-fuzz -Xswiftc -warnings-as-errors
start_beside asan-fuzz env ASAN_OPTIONS=halt_on_error=1:abort_on_error=1 \
  "$(swift build "${ASAN_BUILD[@]}" --show-bin-path)/baton-fuzz" --iterations "${BATON_ASAN_FUZZ_ITERATIONS:-100000}" --seed 2
# --- end parser ---

# --- inspector: the page in headless Chromium (the story page, the live feed, 100,000
# records opened and searched within 2 s), beside the thread-sanitized build: it keeps one
# core at most, its bar holds with room beside a build (0.6 s, 0.4 s alone), and only the
# sanitized suites' waits must not be starved. ---
inspector_browser_test() {
  local status=0
  .venv/bin/python Tools/inspector/browser_test.py "$(swift build "${SCRATCH[@]}" --show-bin-path)" \
    "$(swift build "${DEV[@]}" --show-bin-path)" 2> >(grep -v 'runtime issue: ' >&2) || status=$?
  case $status in
    0) ;;
    77) echo "inspector browser test skipped (no Chromium; see above)" ;;
    *) echo "inspector browser test failed"; return 1 ;;
  esac
}
start_beside inspector-browser-test inspector_browser_test
# --- end inspector ---

# --- store, live data and image: the suites whose threads meet (the store's stress test;
# subscriptions: the WebSocket client's reading thread, the transport actor, the handles'
# streams; saving while 50 fetches write) under the thread sanitizer. They are built in
# Tools/Sanitized, a package of their own, so the sanitized build compiles the libraries
# they test and these suites, not every test target. ---
stage "stress, live data and image concurrency tests, thread sanitizer (Tools/Sanitized): build"
TSAN_BUILD=(--package-path Tools/Sanitized --scratch-path "${BATON_SCRATCH_PATH:-.build}-tsan" --sanitize=thread)
swift build "${TSAN_BUILD[@]}" --build-tests -Xswiftc -warnings-as-errors

stage "the heal check's build, the fuzzers' runs and the inspector's browser test (beside the builds above)"
wait_beside heal-build
wait_beside fuzz
wait_beside asan-fuzz
wait_beside inspector-browser-test

stage "stress, live data and image concurrency tests, thread sanitizer (Tools/Sanitized): tests"
# A wait that never ends (a deadlock) fails the run in minutes, not at CI's limit.
TSAN_OPTIONS=halt_on_error=1 timeout 600 swift test "${TSAN_BUILD[@]}" --skip-build \
  || { echo "thread-sanitized suites failed or did not finish within 600 s"; exit 1; }
# --- end store, live data and image ---

stage "heal check, release: run"
heal_release_err=$(mktemp)
"$(swift build "${HEAL_BUILD[@]}" --show-bin-path)/baton-heal-check" 2>"$heal_release_err"
[ ! -s "$heal_release_err" ] || { echo "heal check: the release build wrote to stderr"; cat "$heal_release_err"; exit 1; }
rm -f "$heal_release_err"
# --- end heal ---
# --- inspector: the live endpoint compiled into debug builds only (its browser test ran
# beside the thread-sanitized build, above) ---
stage "inspector: startInspector in debug builds only"
# Against the development package's builds of the umbrella: the example built the debug one,
# the heal check the release one.
inspector_probe() {
  swiftc -typecheck -I "$(swift build "$@" --show-bin-path)/Modules" Tools/inspector/release_probe.swift 2>&1
}
inspector_probe "${DEV[@]}" >/dev/null \
  || { echo "inspector: startInspector does not compile against the debug build"; inspector_probe "${DEV[@]}"; exit 1; }
inspector_release=$(inspector_probe "${HEAL_BUILD[@]}" || true)
grep -q "has no member 'startInspector'" <<<"$inspector_release" \
  || { echo "inspector: the release build has startInspector (or the probe failed otherwise)"; echo "$inspector_release"; exit 1; }
# --- end inspector ---
fi
