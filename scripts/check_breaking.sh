#!/usr/bin/env bash
# `buf breaking` on protos/ against the contract as it was on main before this change:
# origin/main when this checkout is ahead of it, else the previous commit (CI runs on main).
# BUF_AGAINST_REF overrides the reference.
set -euo pipefail
cd "$(dirname "$0")/.."
BUF=node_modules/.bin/buf
ref="${BUF_AGAINST_REF:-}"
if [ -z "$ref" ]; then
  if git rev-parse -q --verify origin/main >/dev/null &&
     [ "$(git rev-parse HEAD)" != "$(git rev-parse origin/main)" ]; then
    ref=origin/main
  elif git rev-parse -q --verify HEAD~1 >/dev/null; then
    ref=HEAD~1
  fi
fi
if [ -z "$ref" ] || ! git cat-file -e "$ref:buf.yaml" 2>/dev/null; then
  echo "buf breaking: no earlier contract to compare with"
  exit 0
fi
"$BUF" breaking --against ".git#ref=$(git rev-parse "$ref")"
echo "buf breaking: no breaking change against $ref"
