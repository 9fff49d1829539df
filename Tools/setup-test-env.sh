#!/usr/bin/env bash
# Prepares what the tests need beyond the Swift toolchain, once:
#   .venv/                         python with graphql-core (the oracle and the loopback server)
#   .cache/graphql_core-3.3.2/     graphql-core's sdist, for its tests/fixtures/*.graphql
#   .venv-interop/                 strawberry-graphql and ariadne, the interop servers (Tools/interop)
# Needs only python3 and access to PyPI. Safe to run again: it skips what is there.
set -euo pipefail
cd "$(dirname "$0")/.."

GRAPHQL_CORE_VERSION=3.3.2

if [ ! -x .venv/bin/python ] || ! .venv/bin/python -c "import graphql, sys; sys.exit(graphql.__version__ != '$GRAPHQL_CORE_VERSION')" 2>/dev/null; then
  echo "setup: creating .venv with graphql-core==$GRAPHQL_CORE_VERSION"
  python3 -m venv .venv
  .venv/bin/pip install --quiet "graphql-core==$GRAPHQL_CORE_VERSION"
fi

.venv/bin/python Tools/oracle/fetch_sdist.py .cache

# --- apple platforms: PyYAML for Tools/apple/check_workflow.py (the Apple workflow's YAML) ---
PYYAML_VERSION=6.0.3
if ! .venv/bin/python -c "import yaml, sys; sys.exit(yaml.__version__ != '$PYYAML_VERSION')" 2>/dev/null; then
  echo "setup: installing pyyaml==$PYYAML_VERSION"
  .venv/bin/pip install --quiet "pyyaml==$PYYAML_VERSION"
fi
# --- end apple platforms ---

# --- interop: servers nobody here wrote, pinned, in an environment of their own so that
# their dependencies never move the oracle's graphql-core ---
# python-multipart: Starlette's form parser, which both read uploads with.
INTEROP_PINS=(
  "strawberry-graphql==0.341.2" "ariadne==1.1.1" "uvicorn==0.55.0" "websockets==16.1.1" "python-multipart==0.0.34")
if ! .venv-interop/bin/python -c "import strawberry, ariadne, uvicorn, websockets, python_multipart" 2>/dev/null \
  || ! .venv-interop/bin/pip freeze 2>/dev/null | grep -qx "${INTEROP_PINS[0]}"; then
  echo "setup: creating .venv-interop with ${INTEROP_PINS[*]}"
  python3 -m venv .venv-interop
  .venv-interop/bin/pip install --quiet "${INTEROP_PINS[@]}"
fi
# --- end interop ---

# --- inspector: headless Chromium for Tools/inspector/browser_test.py, through apt where
# there is apt and the right to use it; elsewhere the browser test skips and says why ---
if ! command -v chromium-headless-shell >/dev/null && ! command -v chromium >/dev/null; then
  if command -v apt-get >/dev/null && [ "$(id -u)" = 0 ]; then
    echo "setup: installing chromium-headless-shell (the inspector's browser test)"
    { apt-get install -y --no-install-recommends chromium-headless-shell >/dev/null 2>&1 \
      || { apt-get update >/dev/null 2>&1 && apt-get install -y --no-install-recommends chromium-headless-shell >/dev/null 2>&1; }; } \
      || echo "setup: could not install chromium-headless-shell; the inspector's browser test will skip"
  else
    echo "setup: no Chromium and no root apt-get; the inspector's browser test will skip"
  fi
fi
# --- end inspector ---
