#!/usr/bin/env bash
# Runs tests/platform/postgres.test.ts and the Vitest files marked `// @postgresql: <reason>` (engine-specific
# behaviour; scripts/db-test-files.ts; PG_TEST_FULL=0 skips them) in one Vitest run, against a
# throwaway PostgreSQL cluster (127.0.0.1, free port, temp dir), then stops the cluster and
# deletes it, whatever the outcome.
#
#   bash scripts/pg-test.sh [extra vitest args]
#
# Needs PostgreSQL's server binaries (Debian: apt-get install -y postgresql); see
# scripts/pg-cluster.sh. With TEST_POSTGRES_URL already set, uses that server instead.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$PWD/node_modules/.bin:$PATH" # Node 24 (node_modules/.bin/node), never the system's

started=$(date +%s%N)
if [[ -z "${TEST_POSTGRES_URL:-}" ]]; then
  tmp="$(mktemp -d -t academia-pg-XXXXXX)"
  chmod 755 "$tmp" # the cluster may run as the postgres user
  cleanup() {
    bash scripts/pg-cluster.sh stop "$tmp/data" || true
    rm -rf "$tmp"
  }
  trap cleanup EXIT
  TEST_POSTGRES_URL="$(bash scripts/pg-cluster.sh start "$tmp/data")"
  export TEST_POSTGRES_URL
  echo "pg-test: cluster up at $TEST_POSTGRES_URL in $(( ($(date +%s%N) - started) / 1000000 )) ms"
fi

# The marked database files again, on PostgreSQL (vitest.config.ts picks them when
# TEST_DATABASE=postgresql); the rest ran once in test:unit, on SQLite or on no database. Each test
# file gets its own database copied from a migrated template (tests/global-setup.ts).
only=()
[[ "${PG_TEST_FULL:-1}" == "1" ]] || only=(tests/platform/postgres.test.ts)
TEST_DATABASE=postgresql node_modules/.bin/vitest run --project db "${only[@]}" \
  --outputFile.json=.tmp/results/vitest-pg.json "$@"
echo "pg-test: done in $(( ($(date +%s%N) - started) / 1000000 )) ms"
