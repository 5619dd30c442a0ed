#!/usr/bin/env bash
# Local infrastructure for development and tests.
#
#   scripts/infra.sh ferretdb-path      build FerretDB once (cached) and print the binary's path
#   scripts/infra.sh ferretdb-start DIR PORT [POSTGRES_URL]
#                                       start FerretDB (SQLite backend, data in DIR; or the PostgreSQL
#                                       backend on POSTGRES_URL, state in DIR) on 127.0.0.1:PORT,
#                                       print its pid once it accepts connections
#   scripts/infra.sh nats               make sure NATS (JetStream) answers on 127.0.0.1:4222
#   scripts/infra.sh redis              make sure Redis answers on 127.0.0.1:6379
#   scripts/infra.sh test-deps          all of the above plus the Debian packages the tests use
#   scripts/infra.sh pdns DIR DNS_PORT API_PORT API_KEY
#                                       start a throw-away PowerDNS authoritative server (sqlite3
#                                       backend in DIR, DNS on 127.0.0.1:DNS_PORT, HTTP API on
#                                       127.0.0.1:API_PORT with API_KEY), installing the Debian
#                                       packages if missing; print its pid once the API answers
#   scripts/infra.sh pdns-install       only install PowerDNS (pdns-server, sqlite3 backend, dig)
#
# FerretDB is built from its module source rather than with `go install pkg@v`: the module
# proxy here refuses the version-list query `go install` makes, and a build from the module
# cache needs build/version/version.txt, which the module zip leaves out.
#
# The patches in scripts/ferretdb/ are applied in order (the cached binary is named after their
# hash, so a changed patch set rebuilds it). Each patch's header says why; in short:
#   0001  SQLite looked documents up by `->'$._id'` while the _id index is on `->"_id"`: every
#         read, update and delete by _id scanned the table.
#   0002  SQLite sent only a lone _id equality to SQL: every `{organization_id: x}` filter was
#         evaluated in Go over every tenant's documents. Top-level equality/$eq/$in of strings is
#         now pushed down with the indexes' expressions, still matching arrays as MongoDB does.
#   0003  leak tracking captured a stack per document iterator in release builds.
#   0004  every scalar of every document was decoded through its own json.Decoder.
#   0005  PostgreSQL: equality as `_jsonb->'f' = v` (plus arrays), which the btree indexes answer.
#   0006  documents of scalar fields are decoded in one pass instead of through encoding/json.
#   0007  a find without a projection no longer copies every document.
#   0008  writes wait on a per-file mutex instead of sleeping in SQLite's busy handler.
# FerretDB runs with GOGC=400 (FERRETDB_GOGC): its heap is small, and collection at the default
# 100 took about a fifth of its CPU under load. Real MongoDB is unaffected by all of this.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
FERRETDB_VERSION="v1.24.2"
CACHE_DIR="${XDG_CACHE_HOME:-$HOME/.cache}/cluster-infra-api"
FERRETDB_PATCHES=("$ROOT"/scripts/ferretdb/*.patch)
FERRETDB_PATCH="$(cat "${FERRETDB_PATCHES[@]}" | sha256sum | cut -c1-12)"
FERRETDB_BIN="${FERRETDB_BIN:-$CACHE_DIR/bin/ferretdb-$FERRETDB_VERSION-$FERRETDB_PATCH}"

log() { echo "infra: $*" >&2; }

port_open() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }

wait_port() { # port seconds
  local i
  for ((i = 0; i < $2 * 10; i++)); do
    port_open "$1" && return 0
    sleep 0.1
  done
  return 1
}

apt_install() {
  local pkgs=("$@")
  if [ "$(id -u)" != "0" ]; then SUDO=sudo; else SUDO=""; fi
  log "installing ${pkgs[*]} from Debian packages"
  # test runs started side by side must not run apt at the same time (dpkg breaks half-way)
  mkdir -p "$CACHE_DIR"
  (
    flock 9
    $SUDO apt-get update -qq >&2 || true
    DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${pkgs[@]}" >&2
  ) 9>"$CACHE_DIR/apt.lock"
}

ferretdb_path() {
  if [ ! -x "$FERRETDB_BIN" ]; then
    mkdir -p "$(dirname "$FERRETDB_BIN")"
    # two test runs starting at once on a fresh machine: one builds, the other waits for it
    exec 9>"$FERRETDB_BIN.lock"
    flock 9
  fi
  if [ ! -x "$FERRETDB_BIN" ]; then
    command -v go >/dev/null || { log "Go is required to build FerretDB (https://go.dev/dl)"; exit 1; }
    log "building FerretDB $FERRETDB_VERSION (once; cached at $FERRETDB_BIN)"
    mkdir -p "$(dirname "$FERRETDB_BIN")"
    local moddir src
    moddir="$(cd /tmp && GOFLAGS=-mod=mod go mod download -json "github.com/FerretDB/FerretDB@$FERRETDB_VERSION" \
      | sed -n 's/^[[:space:]]*"Dir": "\(.*\)",$/\1/p')"
    [ -d "$moddir" ] || { log "could not download FerretDB $FERRETDB_VERSION"; exit 1; }
    src="$(mktemp -d)"
    cp -r "$moddir/." "$src/"
    chmod -R u+w "$src"
    echo "$FERRETDB_VERSION" >"$src/build/version/version.txt"
    echo "sqlite" >"$src/build/version/package.txt"
    local patch
    for patch in "${FERRETDB_PATCHES[@]}"; do
      (cd "$src" && git init -q . && git apply "$patch") || { log "FerretDB patch $(basename "$patch") does not apply"; exit 1; }
    done
    (cd "$src" && GOFLAGS=-mod=mod go build -trimpath -buildvcs=false -o "$FERRETDB_BIN.tmp.$$" ./cmd/ferretdb >&2)
    rm -rf "$src"
    mv "$FERRETDB_BIN.tmp.$$" "$FERRETDB_BIN"
  fi
  echo "$FERRETDB_BIN"
}

ferretdb_start() { # dir port [postgres_url]
  local dir="$1" port="$2" pg="${3:-}" bin backend
  bin="$(ferretdb_path)"
  mkdir -p "$dir/sqlite" "$dir/state"
  if [ -n "$pg" ]; then backend=(--handler=postgresql --postgresql-url="$pg"); else backend=(--handler=sqlite --sqlite-url="file:$dir/sqlite/"); fi
  GOGC="${FERRETDB_GOGC:-400}" "$bin" --listen-addr="127.0.0.1:$port" "${backend[@]}" \
    --state-dir="$dir/state" --telemetry=disable --debug-addr="${FERRETDB_DEBUG_ADDR:--}" --log-level=warn \
    >>"$dir/ferretdb.log" 2>&1 &
  local pid=$!
  if ! wait_port "$port" 30; then
    log "FerretDB did not start; see $dir/ferretdb.log"
    kill "$pid" 2>/dev/null || true
    exit 1
  fi
  echo "$pid"
}

ensure_nats() {
  port_open 4222 && return 0
  command -v nats-server >/dev/null || apt_install nats-server
  mkdir -p "$ROOT/.data/nats"
  log "starting nats-server with JetStream on 127.0.0.1:4222"
  nohup nats-server -a 127.0.0.1 -p 4222 -js -sd "$ROOT/.data/nats" >"$ROOT/.data/nats.log" 2>&1 &
  wait_port 4222 15 || { log "nats-server did not start"; exit 1; }
}

ensure_redis() {
  port_open 6379 && return 0
  command -v redis-server >/dev/null || apt_install redis-server
  log "starting redis-server on 127.0.0.1:6379"
  redis-server --daemonize yes --bind 127.0.0.1 --port 6379 --save "" --appendonly no >&2
  wait_port 6379 15 || { log "redis-server did not start"; exit 1; }
}

pdns_install() {
  if ! command -v pdns_server >/dev/null || ! ls /usr/lib/*/pdns/libgsqlite3backend.so >/dev/null 2>&1 \
    || ! command -v sqlite3 >/dev/null || ! command -v dig >/dev/null; then
    apt_install pdns-server pdns-backend-sqlite3 sqlite3 dnsutils
  fi
}

pdns_start() { # dir dns_port api_port api_key
  local dir="$1" dns_port="$2" api_port="$3" key="$4" schema pid i
  pdns_install
  schema="/usr/share/pdns-backend-sqlite3/schema/schema.sqlite3.sql"
  [ -f "$schema" ] || schema="/usr/share/doc/pdns-backend-sqlite3/schema.sqlite3.sql"
  mkdir -p "$dir"
  [ -f "$dir/pdns.sqlite3" ] || sqlite3 "$dir/pdns.sqlite3" <"$schema"
  cat >"$dir/pdns.conf" <<CONF
launch=gsqlite3
gsqlite3-database=$dir/pdns.sqlite3
local-address=127.0.0.1
local-port=$dns_port
api=yes
api-key=$key
webserver=yes
webserver-address=127.0.0.1
webserver-port=$api_port
webserver-allow-from=127.0.0.0/8
socket-dir=$dir
guardian=no
daemon=no
disable-syslog=yes
cache-ttl=0
negquery-cache-ttl=0
query-cache-ttl=0
zone-cache-refresh-interval=0
loglevel=4
CONF
  pdns_server --config-dir="$dir" >>"$dir/pdns.log" 2>&1 &
  pid=$!
  for ((i = 0; i < 150; i++)); do
    if curl -fsS -H "X-API-Key: $key" "http://127.0.0.1:$api_port/api/v1/servers/localhost" >/dev/null 2>&1; then
      echo "$pid"
      return 0
    fi
    kill -0 "$pid" 2>/dev/null || break
    sleep 0.1
  done
  log "PowerDNS did not start; see $dir/pdns.log"
  kill "$pid" 2>/dev/null || true
  exit 1
}

# Debian packages the tests use (installed once, up front, so parallel test files never race on apt):
# Chromium renders the docs page and runs the operator console's browser test; PowerDNS and dig are the DNS end-to-end peers; ssh-keygen and
# unzip check SSH key downloads.
ensure_test_packages() {
  local missing=()
  command -v chromium >/dev/null || missing+=(chromium)
  command -v pdns_server >/dev/null || missing+=(pdns-server)
  ls /usr/lib/*/pdns/libgsqlite3backend.so >/dev/null 2>&1 || missing+=(pdns-backend-sqlite3)
  command -v sqlite3 >/dev/null || missing+=(sqlite3)
  command -v dig >/dev/null || missing+=(dnsutils)
  command -v ssh-keygen >/dev/null || missing+=(openssh-client)
  command -v unzip >/dev/null || missing+=(unzip)
  [ -x /usr/sbin/sshd ] || missing+=(openssh-server)
  if [ ${#missing[@]} -gt 0 ]; then apt_install "${missing[@]}"; fi
}

case "${1:-}" in
  ferretdb-path) ferretdb_path ;;
  ferretdb-start) ferretdb_start "${2:?data dir}" "${3:?port}" "${4:-}" ;;
  nats) ensure_nats ;;
  redis) ensure_redis ;;
  test-deps) ferretdb_path >/dev/null; ensure_nats; ensure_redis; ensure_test_packages ;;
  pdns-install) pdns_install ;;
  pdns) pdns_start "${2:?data dir}" "${3:?dns port}" "${4:?api port}" "${5:?api key}" ;;
  *) sed -n '2,17p' "$0" >&2; exit 2 ;;
esac
