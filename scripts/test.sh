#!/usr/bin/env bash
# Runs every check and test, then prints one closing line "N passed, N failed".
# Lint and type check count as one test each, so a broken build cannot hide behind green tests.
set -u
cd "$(dirname "$0")/.."
[ -d node_modules ] || npm ci --no-audit --no-fund
bash scripts/ensure-chromium.sh || echo "warning: Chromium could not be installed; browser tests will fail"
# The cluster tests run nats-server and nginx from Debian beside Node.
bash scripts/ensure-cluster-packages.sh || echo "warning: nats-server or nginx could not be installed; the cluster tests will fail"
# The account suite's second run (vitest project account-postgres) uses this server; without it those tests fail.
if pg_url=$(bash scripts/ensure-postgres.sh); then export ACCOUNT_PG_URL=$pg_url
else echo "warning: PostgreSQL could not be started; the account tests on PostgreSQL will fail"; fi

report=$(mktemp)
checks_passed=0
checks_failed=0
run_check() {
  local name=$1; shift
  if "$@"; then echo "check $name: ok"; checks_passed=$((checks_passed + 1));
  else echo "check $name: FAILED"; checks_failed=$((checks_failed + 1)); fi
}
run_check lint npx biome check .
run_check typecheck npx tsc --noEmit -p .

npx vitest run --reporter=default --reporter=json --outputFile.json="$report" "$@"
vitest_status=$?
node scripts/test-summary.mjs "$report" "$checks_passed" "$checks_failed" "$vitest_status"
