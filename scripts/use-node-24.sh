#!/usr/bin/env bash
# Runs a command with Node.js 24 LTS first on PATH, so it and everything it starts by the name
# `node` (npm and its scripts, Playwright's web server, the tests' child processes) run on 24:
#
#   bash scripts/use-node-24.sh npm install && bash scripts/use-node-24.sh npm start
#
# The machine's own Node.js if it is 24 or newer; else node-<platform>-<arch>@24 from the npm
# registry, installed into ~/.cache/mwamba-ci/node-24 on first use (scripts/lib/node-from-registry.mjs,
# ADR 038). Any Node.js on PATH (the machines here have 20) runs that installer.
set -euo pipefail
if [ "$#" -eq 0 ]; then
  echo "Usage: bash scripts/use-node-24.sh <command> [arguments…], e.g. npm start" >&2
  exit 2
fi
node_binary="$(node "$(dirname "${BASH_SOURCE[0]}")/lib/node-from-registry.mjs" 24)"
PATH="$(dirname "$node_binary"):$PATH"
export PATH
exec "$@"
