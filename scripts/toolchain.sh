#!/usr/bin/env bash
# The one way to get the toolchain: `npm run demo`, `npm test` and .ci/run all go through here.
# Needs only a system Node (20 is enough) with npm. When Node is older than 22 or pnpm is missing, it
# installs the pinned Node 22 + pnpm 10 into .tools/ (once) and puts them first on PATH; then it runs
# `pnpm install --frozen-lockfile` and the given pnpm script.
#   bash scripts/toolchain.sh [--chromium] <pnpm script> [args…]
# --chromium also installs Debian's chromium when it is missing (browser and end-to-end tests).
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
log() { printf '[toolchain] %s\n' "$*" >&2; }

chromium=false
if [ "${1:-}" = "--chromium" ]; then chromium=true; shift; fi
if [ $# -eq 0 ]; then log "usage: bash scripts/toolchain.sh [--chromium] <pnpm script> [args…]"; exit 2; fi

node_major=$(node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0)
if [ "$node_major" -lt 22 ] || ! command -v pnpm >/dev/null 2>&1; then
  if [ ! -x .tools/node_modules/.bin/node ] || [ ! -x .tools/node_modules/.bin/pnpm ]; then
    log "installing the pinned Node 22 + pnpm 10 into .tools/ (once)"
    npm ci --prefix .tools --ignore-scripts --no-audit --no-fund >/dev/null
  fi
  export PATH="$root/.tools/node_modules/.bin:$PATH"
fi

if $chromium && [ -z "${CHROMIUM_PATH:-}" ] && ! command -v chromium >/dev/null 2>&1; then
  log "installing Debian's chromium (browser tests; Playwright's own download does not work here)"
  sudo=""; [ "$(id -u)" -ne 0 ] && sudo="sudo"
  $sudo apt-get update -qq >/dev/null
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq chromium >/dev/null
fi

log "node $(node -v), pnpm $(pnpm -v)"
pnpm install --frozen-lockfile --reporter=silent
exec pnpm run "$@"
