#!/usr/bin/env bash
# Makes sure a Chromium for Playwright exists: $CHROMIUM_PATH, else /usr/bin/chromium (Debian's package).
# Playwright's own browser downloads are not used (PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1).
set -euo pipefail

candidate="${CHROMIUM_PATH:-/usr/bin/chromium}"
if [ -x "$candidate" ]; then
  echo "ensure-chromium: using $candidate"
  exit 0
fi
if [ -n "${CHROMIUM_PATH:-}" ]; then
  echo "ensure-chromium: CHROMIUM_PATH=$CHROMIUM_PATH does not exist or is not executable." >&2
  exit 1
fi

if [ "$(id -u)" -eq 0 ] && command -v apt-get >/dev/null 2>&1; then
  echo "ensure-chromium: /usr/bin/chromium is missing; installing the Debian chromium package"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update
  apt-get install -y chromium
  if [ -x /usr/bin/chromium ]; then
    echo "ensure-chromium: installed $(/usr/bin/chromium --version 2>/dev/null || echo chromium)"
    exit 0
  fi
  echo "ensure-chromium: apt-get finished but /usr/bin/chromium is still missing." >&2
  exit 1
fi

cat >&2 <<'MSG'
ensure-chromium: no Chromium found for the end-to-end tests.
  Install it as root:        sudo apt-get update && sudo apt-get install -y chromium
  or point at another one:   export CHROMIUM_PATH=/path/to/chromium
Then run the tests again.
MSG
exit 1
