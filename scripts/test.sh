#!/usr/bin/env bash
# The test command: starts a throw-away FerretDB (unless MONGO_URL is given), makes sure NATS
# and Redis answer, then runs the suite under Jest (arguments go to Jest).
#   npm test                                    all tests
#   npm test -- --selectProjects unit           one layer (unit, integration, e2e)
#   npm test -- test/integration/gateway.test.ts   one file (or any path pattern)
#   npm test -- --coverage                      with coverage (coverage/index.html)
set -euo pipefail
cd "$(dirname "$0")/.."

bash scripts/infra.sh test-deps
# the tests start the server as `npm start` does: from dist/, rebuilt when a source changed
node scripts/build-server.js --if-stale
export TEST_NATS_URL="${TEST_NATS_URL:-nats://127.0.0.1:4222}"
export TEST_REDIS_URL="${TEST_REDIS_URL:-redis://127.0.0.1:6379}"

if [ -z "${MONGO_URL:-}" ]; then
  DATA="$(mktemp -d -t cluster-api-test-XXXXXX)"
  PORT="$(node -e 'const s=require("net").createServer();s.listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})')"
  PID="$(bash scripts/infra.sh ferretdb-start "$DATA" "$PORT")"
  trap 'kill "$PID" 2>/dev/null || true; rm -rf "$DATA"' EXIT
  export MONGO_URL="mongodb://127.0.0.1:$PORT/"
fi

# Jest runs the suite as native ES modules; the results go to a JSON file for the summary line
RESULTS="$(mktemp -t jest-results-XXXXXX.json)"
args=("$@")
# the whole suite measures coverage against the thresholds in jest.config.js; a subset does not
if [ ${#args[@]} -eq 0 ]; then args=(--coverage); fi
status=0
NODE_OPTIONS="--experimental-vm-modules --experimental-async-context-frame --no-warnings=ExperimentalWarning ${NODE_OPTIONS:-}" \
  jest --json --outputFile="$RESULTS" "${args[@]}" || status=$?
node -e '
  const r = JSON.parse(require("fs").readFileSync(process.argv[1], "utf8"));
  const failedSuites = r.testResults.filter((s) => s.status === "failed" && s.assertionResults.length === 0).length;
  const status = Number(process.argv[2]);
  console.log(`${r.numPassedTests} passed, ${r.numFailedTests} failed, ${r.numPendingTests + r.numTodoTests} skipped` +
    (failedSuites ? `, ${failedSuites} test files failed to run` : "") +
    (status !== 0 && r.numFailedTests === 0 && !failedSuites ? " (but jest failed: coverage under its thresholds, see above)" : ""));
' "$RESULTS" "$status" 2>/dev/null || echo "no test results (jest exited with $status)"
rm -f "$RESULTS"
exit "$status"
