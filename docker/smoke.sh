#!/usr/bin/env bash
# Smoke test of the container image, for operators: build it, start a container with a fresh volume and an
# admin token, wait for /healthz, create a document through the API, download a backup through the admin
# API and check it, run `tandem backup` and `tandem restore` inside the container, then stop and remove
# everything it created. Exit code 0 means every step passed.
#
#   bash docker/smoke.sh                      # docker
#   CONTAINER_ENGINE=podman bash docker/smoke.sh
#   SMOKE_PORT=4000 TANDEM_IMAGE=tandem:test bash docker/smoke.sh
set -euo pipefail

ENGINE="${CONTAINER_ENGINE:-docker}"
IMAGE="${TANDEM_IMAGE:-tandem:smoke}"
PORT="${SMOKE_PORT:-3999}"
NAME="tandem-smoke-$$"
VOLUME="tandem-smoke-data-$$"
TOKEN="smoke-admin-$$-${RANDOM}${RANDOM}"
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
BASE="http://127.0.0.1:${PORT}"
WORK="$(mktemp -d)"

step() { printf '\n== %s\n' "$*"; }
fail() {
  printf 'smoke: FAILED: %s\n' "$*" >&2
  "$ENGINE" logs --tail 50 "$NAME" >&2 2>/dev/null || true
  exit 1
}
cleanup() {
  "$ENGINE" rm -f "$NAME" >/dev/null 2>&1 || true
  "$ENGINE" volume rm -f "$VOLUME" >/dev/null 2>&1 || true
  rm -rf "$WORK"
}
trap cleanup EXIT

for tool in "$ENGINE" curl; do
  command -v "$tool" >/dev/null 2>&1 || { printf 'smoke: %s is not installed\n' "$tool" >&2; exit 2; }
done

step "build ${IMAGE}"
"$ENGINE" build -f "${ROOT}/docker/Dockerfile" -t "$IMAGE" "$ROOT"

step "start ${NAME} on port ${PORT} with volume ${VOLUME}"
"$ENGINE" volume create "$VOLUME" >/dev/null
"$ENGINE" run -d --name "$NAME" -p "127.0.0.1:${PORT}:3000" -v "${VOLUME}:/data" \
  -e TANDEM_ADMIN_TOKEN="$TOKEN" "$IMAGE" >/dev/null

step "wait for /healthz"
healthy=no
for _ in $(seq 1 60); do
  if curl -fsS "${BASE}/healthz" >/dev/null 2>&1; then
    healthy=yes
    break
  fi
  sleep 1
done
[ "$healthy" = yes ] || fail "/healthz did not answer within 60 s"
printf 'node %s in the container\n' "$("$ENGINE" exec "$NAME" node --version)"

step "create a document"
created="$(curl -fsS -X POST -H 'content-type: application/json' -d '{"title":"Smoke test"}' "${BASE}/api/documents")" ||
  fail "POST /api/documents"
id="$(printf '%s' "$created" | sed -n 's/.*"id":"\([A-Za-z0-9_-]*\)".*/\1/p')"
[ -n "$id" ] || fail "no document id in ${created}"
printf 'document %s\n' "$id"

step "backup through the admin API"
curl -fsS -X POST -H "authorization: Bearer ${TOKEN}" -D "${WORK}/headers" -o "${WORK}/backup.tandem" \
  "${BASE}/api/admin/backup" || fail "POST /api/admin/backup"
grep -qi '^content-disposition: attachment; filename="tandem-backup-' "${WORK}/headers" ||
  fail "no dated attachment name"
[ "$(head -c 15 "${WORK}/backup.tandem")" = "SQLite format 3" ] || fail "the backup is not a SQLite file"
grep -qaF "$id" "${WORK}/backup.tandem" || fail "the backup does not hold the document"
grep -qaF "tandem-backup" "${WORK}/backup.tandem" || fail "the backup has no format tag"
printf 'backup of %s bytes\n' "$(wc -c <"${WORK}/backup.tandem")"
status="$(curl -s -o /dev/null -w '%{http_code}' -X POST "${BASE}/api/admin/backup")"
[ "$status" = 401 ] || fail "the backup route answered ${status} without a token"

step "tandem backup and restore inside the container"
"$ENGINE" exec "$NAME" tandem backup /tmp/cli.tandem || fail "tandem backup"
"$ENGINE" exec "$NAME" tandem restore /tmp/cli.tandem --data-dir /tmp/restored || fail "tandem restore"
"$ENGINE" exec "$NAME" test -f /tmp/restored/tandem.sqlite || fail "the restore wrote no database"
if "$ENGINE" exec "$NAME" tandem restore /tmp/cli.tandem --data-dir /data >/dev/null 2>&1; then
  fail "tandem restore accepted a non-empty data directory"
fi

step "stop"
"$ENGINE" stop -t 15 "$NAME" >/dev/null || fail "stop"
printf '\nsmoke: OK\n'
