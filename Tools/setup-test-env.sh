#!/usr/bin/env bash
# Prepares what the tests need beyond the Swift toolchain, once:
#   .venv/                         python with graphql-core (the oracle and the loopback server)
#   .cache/graphql_core-3.3.2/     graphql-core's sdist, for its tests/fixtures/*.graphql
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
