#!/usr/bin/env bash
# Runs the Rick and Morty example on a fresh machine with only Swift and python3: makes
# .venv (graphql-core, for the loopback server) if it is not there, then builds and runs
# the app, which starts the server itself and stops it when done.
set -euo pipefail
cd "$(dirname "$0")/../.."
bash Tools/setup-test-env.sh >&2
swift build --product rick-and-morty-example >&2
exec "$(swift build --show-bin-path)/rick-and-morty-example"
