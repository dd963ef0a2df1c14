#!/usr/bin/env bash
# A throwaway PostgreSQL server for tests, CI and the bench (Debian's `postgresql` package).
#
#   scripts/pg-server.sh          start (or reuse) it; prints its URL on stdout, nothing else
#   scripts/pg-server.sh stop     stop it and delete its files
#   scripts/pg-server.sh status   print the URL if it is running, exit 1 otherwise
#
# PG_PORT (default 5433) and PG_DIR (default /tmp/fleet-pg-$PG_PORT) choose where it lives.
# Trust authentication on 127.0.0.1 only: the URL is postgres://postgres@127.0.0.1:$PG_PORT/postgres.
# As root the server runs as the `postgres` system user (PostgreSQL refuses to run as root).
set -euo pipefail

PG_PORT="${PG_PORT:-5433}"
PG_DIR="${PG_DIR:-/tmp/fleet-pg-$PG_PORT}"
DATA="$PG_DIR/data"
URL="postgres://postgres@127.0.0.1:$PG_PORT/postgres"

BIN="${PG_BIN:-}"
if [ -z "$BIN" ]; then
  BIN="$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1 || true)"
fi
if [ -z "$BIN" ] || [ ! -x "$BIN/postgres" ]; then
  echo "pg-server: no PostgreSQL binaries under /usr/lib/postgresql/*/bin (apt-get install postgresql)" >&2
  exit 2
fi

as_pg() {
  if [ "$(id -u)" = "0" ]; then runuser -u postgres -- "$@"; else "$@"; fi
}

is_ready() {
  "$BIN/pg_isready" -q -h 127.0.0.1 -p "$PG_PORT" -U postgres
}

start() {
  if is_ready; then
    echo "$URL"
    return 0
  fi
  mkdir -p "$PG_DIR"
  if [ "$(id -u)" = "0" ]; then chown postgres: "$PG_DIR"; fi
  if [ ! -f "$DATA/PG_VERSION" ]; then
    # C locale like PGlite, so sorting and LIKE behave the same on both databases.
    as_pg "$BIN/initdb" -D "$DATA" -U postgres --auth=trust --encoding=UTF8 --locale=C >"$PG_DIR/initdb.log" 2>&1 || {
      cat "$PG_DIR/initdb.log" >&2
      exit 1
    }
  fi
  as_pg "$BIN/pg_ctl" -D "$DATA" -l "$PG_DIR/server.log" -w -t 60 \
    -o "-p $PG_PORT -k $PG_DIR -c listen_addresses=127.0.0.1 -c max_connections=200 -c TimeZone=UTC" \
    start >&2 || {
    tail -n 30 "$PG_DIR/server.log" >&2 || true
    exit 1
  }
  for _ in $(seq 1 60); do
    if is_ready; then
      echo "$URL"
      return 0
    fi
    sleep 0.5
  done
  echo "pg-server: not ready after 30 s; see $PG_DIR/server.log" >&2
  exit 1
}

stop() {
  if [ -f "$DATA/postmaster.pid" ]; then
    as_pg "$BIN/pg_ctl" -D "$DATA" -m fast -w stop >&2 || true
  fi
  rm -rf "$PG_DIR"
}

case "${1:-start}" in
  start) start ;;
  stop) stop ;;
  status) if is_ready; then echo "$URL"; else exit 1; fi ;;
  *) echo "usage: $0 [start|stop|status]" >&2; exit 2 ;;
esac
