#!/usr/bin/env bash
# Fresh machine to running server on the embedded SQLite store: install, build, start.
# Honours PORT (3000), HOST (0.0.0.0), TANDEM_DATA_DIR (./data) and the other variables in docs/operator-guide.md.
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."
# better-sqlite3 compiles against the system Node headers when no prebuilt binary can be fetched.
export npm_config_nodedir="${npm_config_nodedir:-/usr}"
export PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1

npm ci
npm run build
exec npm start
