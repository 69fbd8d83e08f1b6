#!/usr/bin/env bash
# `npm run check`: the contract, the catalogues, the types and the lint, the lint beside the rest (ESLint keeps one core
# busy for most of a minute; the other checks use the other). `--changed` (npm run test:changed) lets ESLint skip the
# files unchanged since its last run: a type change may alter another file's lint, which CI's full lint catches.
# `--without-lint` leaves the lint out: CI runs it beside the browser tests (.ci/run).
set -uo pipefail
cd "$(dirname "$0")/.."
case "${1:-}" in
  --changed) lint=(npx eslint --cache --cache-location node_modules/.cache/eslint/ .) ;;
  --without-lint) lint=(true) ;;
  *) lint=(npx eslint .) ;;
esac
"${lint[@]}" &
lint=$!
npm run --silent api:check && npm run --silent api:lint && npm run --silent i18n:check && npm run --silent typecheck
rest=$?
wait $lint && [ $rest -eq 0 ]
