#!/usr/bin/env bash
# Runs the Rick and Morty example on a fresh machine with only Swift and python3: makes
# .venv (graphql-core, for the loopback server) if it is not there, then builds and runs
# the app, which starts the server itself and stops it when done. The story goes to
# stdout; set-up, build output and the debug build's runtime issues go to stderr.
# The app is an executable of the development package (Development/), which depends on
# Baton as an app's package does.
#   BATON_SCRATCH_PATH  build directory (default .build), with -dev appended; built with
#   warnings as errors, as Tools/test.sh builds, so the two share one build
set -euo pipefail
cd "$(dirname "$0")/../.."
DEV=(--package-path Development --scratch-path "${BATON_SCRATCH_PATH:-.build}-dev")
bash Tools/setup-test-env.sh >&2
swift build "${DEV[@]}" --product rick-and-morty-example -Xswiftc -warnings-as-errors >&2
exec "$(swift build "${DEV[@]}" --show-bin-path)/rick-and-morty-example"
