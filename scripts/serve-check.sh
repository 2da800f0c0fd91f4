#!/usr/bin/env bash
# Starts Mostrador with the given command on a free port and a fresh SQLite file, waits for it,
# renders /login and checks that the start-up log names the V8 engine; stops it. Used by CI for
# the README's first command and for the release tarball run away from the build tree.
#
# Usage: bash scripts/serve-check.sh 'cargo run --release -- serve --demo'   (run from any folder)
set -euo pipefail
command=$1
dir=$(mktemp -d)
echo "+ $command  (PORT=0, base en $dir)"
PORT=0 DATABASE_URL="sqlite://$dir/mostrador.db" SSR_CACHE_DIR="$dir/cache" \
  bash -c "exec $command" >"$dir/log" 2>&1 &
pid=$!
address=""
# Up to 10 minutes: the command may compile first, and --demo loads its data before listening.
for _ in $(seq 1 3000); do
  address=$(sed -n 's/^Mostrador escuchando en //p' "$dir/log" | head -n1)
  [ -n "$address" ] && break
  kill -0 "$pid" 2>/dev/null || break
  sleep 0.2
done
status=0
if [ -z "$address" ]; then
  echo "La aplicación no arrancó:" >&2; cat "$dir/log" >&2; status=1
elif ! curl -fsS "$address/login" | grep -q '<form'; then
  echo "/login no se renderizó" >&2; status=1
elif ! grep -q 'primer motor de render listo: V8' "$dir/log"; then
  echo "El arranque no usa V8:" >&2; cat "$dir/log" >&2; status=1
else
  grep -o 'primer motor de render listo: .*' "$dir/log"
fi
kill "$pid" 2>/dev/null || true
wait "$pid" 2>/dev/null || true
rm -rf "$dir"
exit "$status"
