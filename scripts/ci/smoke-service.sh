#!/usr/bin/env bash
# The README's first command on a fresh clone: `npm run service` must start and answer /health (on a free port and a
# throw-away data dir so nothing of the machine's is touched), then stop cleanly on Ctrl+C.
set -euo pipefail
data=$(mktemp -d)
log="$data/service.log"
npm run service --silent -- --port 0 --host 127.0.0.1 --data-dir "$data" >"$log" 2>&1 &
pid=$!
trap 'kill "$pid" 2>/dev/null || true' EXIT
for _ in $(seq 1 150); do
  port=$(sed -n 's/.*listening on ws:\/\/[^:]*:\([0-9]*\)\/ws.*/\1/p' "$log" | head -n 1)
  [ -n "$port" ] && break
  if ! kill -0 "$pid" 2>/dev/null; then cat "$log"; echo "smoke: npm run service exited" >&2; exit 1; fi
  sleep 0.2
done
[ -n "${port:-}" ] || { cat "$log"; echo "smoke: npm run service did not start within 30 s" >&2; exit 1; }
curl -fsS "http://127.0.0.1:$port/health" | grep -q '"status":"ok"' || { cat "$log"; echo "smoke: /health is not ok" >&2; exit 1; }
kill -INT "$pid"
wait "$pid" || true
echo "smoke: npm run service answered /health on port $port"
