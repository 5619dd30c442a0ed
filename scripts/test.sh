#!/usr/bin/env bash
# The test command: starts a throw-away FerretDB (unless MONGO_URL is given), makes sure NATS
# and Redis answer, then runs every test file (or the ones given as arguments).
#   npm test                      all tests
#   npm test -- test/unit         a folder
#   npm test -- test/integration/gateway.test.ts
set -euo pipefail
cd "$(dirname "$0")/.."

bash scripts/infra.sh test-deps
export TEST_NATS_URL="${TEST_NATS_URL:-nats://127.0.0.1:4222}"
export TEST_REDIS_URL="${TEST_REDIS_URL:-redis://127.0.0.1:6379}"

if [ -z "${MONGO_URL:-}" ]; then
  DATA="$(mktemp -d -t cluster-api-test-XXXXXX)"
  PORT="$(node -e 'const s=require("net").createServer();s.listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})')"
  PID="$(bash scripts/infra.sh ferretdb-start "$DATA" "$PORT")"
  trap 'kill "$PID" 2>/dev/null || true; rm -rf "$DATA"' EXIT
  export MONGO_URL="mongodb://127.0.0.1:$PORT/"
fi

targets=("$@")
if [ ${#targets[@]} -eq 0 ]; then targets=(test); fi
files=()
for t in "${targets[@]}"; do
  if [ -d "$t" ]; then
    while IFS= read -r f; do files+=("$f"); done < <(find "$t" -name '*.test.ts' | sort)
  else
    files+=("$t")
  fi
done

node --experimental-async-context-frame --import tsx --test --test-concurrency="${TEST_CONCURRENCY:-2}" --test-timeout="${TEST_TIMEOUT_MS:-420000}" \
  --test-reporter=spec "${files[@]}"
