#!/usr/bin/env bash
# Makes sure a Chromium for Playwright exists. Order: $CHROMIUM_PATH; Debian's chromium-headless-shell
# (the old headless shell: the same Chromium build without the browser UI, about a third less CPU per
# test on two cores); Debian's chromium. As root, the headless shell is installed with apt-get when
# missing. playwright.config.ts picks the browser in the same order.
# Playwright's own browser downloads are not used (PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1).
set -euo pipefail

shell=/usr/lib/chromium/chromium-headless-shell
full=/usr/bin/chromium

if [ -n "${CHROMIUM_PATH:-}" ]; then
  if [ -x "$CHROMIUM_PATH" ]; then
    echo "ensure-chromium: using CHROMIUM_PATH=$CHROMIUM_PATH"
    exit 0
  fi
  echo "ensure-chromium: CHROMIUM_PATH=$CHROMIUM_PATH does not exist or is not executable." >&2
  exit 1
fi
if [ -x "$shell" ]; then
  echo "ensure-chromium: using $shell"
  exit 0
fi

if [ "$(id -u)" -eq 0 ] && command -v apt-get >/dev/null 2>&1; then
  echo "ensure-chromium: $shell is missing; installing the Debian chromium-headless-shell package"
  export DEBIAN_FRONTEND=noninteractive
  if apt-get install -y chromium-headless-shell || { apt-get update && apt-get install -y chromium-headless-shell; }; then
    if [ -x "$shell" ]; then
      echo "ensure-chromium: installed $("$shell" --version 2>/dev/null || echo chromium-headless-shell)"
      exit 0
    fi
  fi
  echo "ensure-chromium: chromium-headless-shell could not be installed; trying the chromium package." >&2
  if [ -x "$full" ] || apt-get install -y chromium; then
    if [ -x "$full" ]; then
      echo "ensure-chromium: using $full"
      exit 0
    fi
  fi
  echo "ensure-chromium: apt-get finished but neither $shell nor $full exists." >&2
  exit 1
fi

if [ -x "$full" ]; then
  echo "ensure-chromium: using $full (install chromium-headless-shell as root for faster tests)"
  exit 0
fi

cat >&2 <<'MSG'
ensure-chromium: no Chromium found for the end-to-end tests.
  Install it as root:        sudo apt-get update && sudo apt-get install -y chromium-headless-shell
  or point at another one:   export CHROMIUM_PATH=/path/to/chromium
Then run the tests again.
MSG
exit 1
