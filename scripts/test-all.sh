#!/usr/bin/env bash
# `npm test`: everything the README promises, in CI order (STACK.md §9), then one summary line.
# Every step runs even when an earlier one fails, so the summary is complete. lint, typecheck and
# build count as one test each; the suites count their tests from JSON reports in .ci-out/.
# The last line printed is `N passed, N failed`; the exit code is non-zero if anything failed.
set -uo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."
root="$PWD"
export npm_config_nodedir=/usr PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1
export PATH="$root/node_modules/.bin:$PATH"

out="$root/.ci-out"
mkdir -p "$out"
# Only our reports: the integration tests keep their own files in .ci-out too.
rm -f "$out/unit.json" "$out/integration.json" "$out/unit.errors.json" "$out/integration.errors.json" "$out/playwright.json" "$out/lint.exit" "$out/typecheck.exit"

summary_args=()

# run NAME CMD...: prints a header, runs CMD, remembers its exit code in $last_exit.
run() {
  local name="$1"
  shift
  printf '\n=== %s: %s\n' "$name" "$*"
  local started=$SECONDS
  "$@"
  last_exit=$?
  printf '=== %s: exit %d after %ds\n' "$name" "$last_exit" "$((SECONDS - started))"
}

step() {
  run "$@"
  summary_args+=(--step "$1=$last_exit")
}

suite() {
  local name="$1" report="$2"
  shift 2
  run "$name" "$@"
  summary_args+=(--report "$name=$report:$last_exit")
}

run chromium bash scripts/ensure-chromium.sh
chromium_exit=$last_exit

# lint and typecheck (one core, one after the other) run beside the unit tests; their output follows them.
(
  run lint npm run --silent lint
  echo "$last_exit" >"$out/lint.exit"
  run typecheck npm run --silent typecheck
  echo "$last_exit" >"$out/typecheck.exit"
) >"$out/static-checks.log" 2>&1 &
static_pid=$!
# Vitest uses one worker per core less one: on two cores that is one. Two for the CPU-bound unit tests, and
# three for the integration tests, which mostly wait on sockets, servers and timers.
# The errors reporter keeps what the JSON report leaves out: errors thrown outside any test.
TANDEM_VITEST_ERRORS="$out/unit.errors.json" suite unit "$out/unit.json" \
  vitest run --project client --project client-isolated --project node --maxWorkers=2 --reporter=default --reporter=json --reporter=./scripts/vitest-errors-reporter.mjs \
  "--outputFile.json=$out/unit.json"
wait "$static_pid"
cat "$out/static-checks.log"
summary_args+=(--step "lint=$(cat "$out/lint.exit" 2>/dev/null || echo 1)")
summary_args+=(--step "typecheck=$(cat "$out/typecheck.exit" 2>/dev/null || echo 1)")
TANDEM_VITEST_ERRORS="$out/integration.errors.json" suite integration "$out/integration.json" \
  vitest run --project integration --project integration-s3 --project integration-pg --maxWorkers=3 --reporter=default --reporter=json --reporter=./scripts/vitest-errors-reporter.mjs \
  "--outputFile.json=$out/integration.json"
step build npm run --silent build
# The first load may not grow past its ceiling (scripts/first-load.mjs says why it is not 300 KiB yet).
step first-load node scripts/first-load.mjs "${TANDEM_BUILD_DIR:-dist/client}"

if [ "$chromium_exit" -ne 0 ]; then
  echo "e2e: no Chromium (see above); the end-to-end tests will fail to launch a browser."
fi
# The env variable wins over any json outputFile in playwright.config.ts.
export PLAYWRIGHT_JSON_OUTPUT_FILE="$out/playwright.json"
suite e2e "$out/playwright.json" playwright test --reporter=list,json

node scripts/summarize-tests.mjs "${summary_args[@]}"
