#!/usr/bin/env bash
# The one test command (README, CI): set up the oracle, build warning-free, run every test.
set -euo pipefail
cd "$(dirname "$0")/.."

bash Tools/setup-test-env.sh

# --- loopback test server (Tools/test-server): its Swift-free self-test ---
echo "== test server self-test"
.venv/bin/python -m unittest discover -s Tools/test-server -p 'test_*.py'
# --- end loopback test server ---

echo "== build (warnings are errors)"
swift build --build-tests -Xswiftc -warnings-as-errors

echo "== tests"
swift test --skip-build --parallel

# --- image (Packages/Image): saving while 50 fetches write, under ThreadSanitizer ---
# Its own scratch directory, so the sanitized build does not displace the normal one; the
# suppressions file says why the store's Mutex needs one.
echo "== image concurrency under ThreadSanitizer"
TSAN_OPTIONS="suppressions=$PWD/Tools/tsan-suppressions.txt" \
  swift test --scratch-path .build-tsan --sanitize=thread --filter ImageConcurrencyTests
# --- end image ---
