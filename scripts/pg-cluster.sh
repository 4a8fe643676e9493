#!/usr/bin/env bash
# A throwaway PostgreSQL cluster on 127.0.0.1 (never another interface), for tests and local
# trials of the PostgreSQL path (docs/decisions/004-postgresql.md).
#
#   bash scripts/pg-cluster.sh start DIR [PORT]   initdb DIR (if new) and start; prints the URL
#   bash scripts/pg-cluster.sh stop DIR           stop the cluster (keeps DIR)
#
# Needs PostgreSQL's server binaries (Debian: apt-get install -y postgresql). PG_BIN overrides
# where they are looked for. As root, the cluster runs as the `postgres` user (initdb refuses
# root). The URL printed on stdout is postgresql://postgres@127.0.0.1:PORT/postgres
# (trust authentication, loopback only).
set -euo pipefail

find_pg_bin() {
  if [[ -n "${PG_BIN:-}" ]]; then echo "$PG_BIN"; return; fi
  if command -v pg_ctl >/dev/null 2>&1; then dirname "$(command -v pg_ctl)"; return; fi
  local d
  for d in $(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V -r); do
    [[ -x "$d/pg_ctl" ]] && { echo "$d"; return; }
  done
  echo "PostgreSQL server binaries not found (apt-get install -y postgresql, or set PG_BIN)" >&2
  exit 1
}

free_port() {
  node_modules/.bin/node -e '
    const s = require("node:net").createServer();
    s.listen(0, "127.0.0.1", () => { console.log(s.address().port); s.close(); });'
}

as_owner() {
  if [[ "$(id -u)" == "0" ]]; then runuser -u postgres -- "$@"; else "$@"; fi
}

cmd="${1:-}"
dir="${2:-}"
[[ -n "$cmd" && -n "$dir" ]] || { echo "usage: $0 start|stop DIR [PORT]" >&2; exit 2; }
bin="$(find_pg_bin)"

case "$cmd" in
  start)
    port="${3:-$(free_port)}"
    mkdir -p "$dir"
    if [[ "$(id -u)" == "0" ]]; then chown postgres:postgres "$dir"; fi
    if [[ ! -f "$dir/PG_VERSION" ]]; then
      as_owner "$bin/initdb" -D "$dir" -U postgres -A trust -E UTF8 --locale=C.UTF-8 >"$dir.initdb.log" 2>&1 \
        || { cat "$dir.initdb.log" >&2; exit 1; }
    fi
    # Loopback only; the socket lives in the cluster directory (not /var/run/postgresql).
    as_owner "$bin/pg_ctl" -D "$dir" -l "$dir/server.log" -w -t 30 \
      -o "-c listen_addresses=127.0.0.1 -p $port -k $dir -c fsync=off -c synchronous_commit=off -c full_page_writes=off" \
      start >/dev/null
    echo "postgresql://postgres@127.0.0.1:$port/postgres"
    ;;
  stop)
    if [[ -f "$dir/postmaster.pid" ]]; then
      as_owner "$bin/pg_ctl" -D "$dir" -m fast -w stop >/dev/null
    fi
    ;;
  *)
    echo "usage: $0 start|stop DIR [PORT]" >&2
    exit 2
    ;;
esac
