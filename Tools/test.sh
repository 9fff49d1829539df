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

# --- store: the concurrency stress test under the thread sanitizer (its own scratch path,
# so the sanitized build does not replace the plain one) ---
echo "== store stress test, thread sanitizer"
swift build --build-tests --scratch-path .build-tsan --sanitize=thread -Xswiftc -warnings-as-errors
TSAN_OPTIONS=halt_on_error=1 swift test --skip-build --scratch-path .build-tsan --sanitize=thread --filter StressTests
# --- end store ---
