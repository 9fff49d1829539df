#!/usr/bin/env bash
# Runs the Rick and Morty example on a fresh machine with only Swift and python3: makes
# .venv (graphql-core, for the loopback server) if it is not there, then builds and runs
# the app, which starts the server itself and stops it when done. The story goes to
# stdout; set-up, build output and the debug build's runtime issues go to stderr.
#   BATON_SCRATCH_PATH  build directory (default .build); built with warnings as errors, as
#   Tools/test.sh builds, so the two share one build
set -euo pipefail
cd "$(dirname "$0")/../.."
SCRATCH=(--scratch-path "${BATON_SCRATCH_PATH:-.build}")
bash Tools/setup-test-env.sh >&2
swift build "${SCRATCH[@]}" --product rick-and-morty-example -Xswiftc -warnings-as-errors >&2
exec "$(swift build "${SCRATCH[@]}" --show-bin-path)/rick-and-morty-example"
