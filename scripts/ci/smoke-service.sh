#!/usr/bin/env bash
# The README's first command on a fresh clone: `npm run service` must start and answer /health (on a free port and a
# throw-away data dir so nothing of the machine's is touched), then stop on Ctrl+C as a shop owner would stop it.
set -euo pipefail
data=$(mktemp -d)
log="$data/service.log"
# Its own session, so Ctrl+C can reach the whole process group (npm → sh → tsx → node) as a terminal would send it.
setsid npm run service --silent -- --port 0 --host 127.0.0.1 --data-dir "$data" >"$log" 2>&1 &
group=$!
trap 'kill -KILL -- "-$group" 2>/dev/null || true' EXIT
port=""
for _ in $(seq 1 150); do
  port=$(sed -n 's/.*listening on ws:\/\/[^:]*:\([0-9]*\)\/ws.*/\1/p' "$log" | head -n 1)
  [ -n "$port" ] && break
  if ! kill -0 "$group" 2>/dev/null; then cat "$log"; echo "smoke: npm run service exited" >&2; exit 1; fi
  sleep 0.2
done
[ -n "$port" ] || { cat "$log"; echo "smoke: npm run service did not start within 30 s" >&2; exit 1; }
curl -fsS --max-time 10 "http://127.0.0.1:$port/health" | grep -q '"status":"ok"' || { cat "$log"; echo "smoke: /health is not ok" >&2; exit 1; }
kill -INT -- "-$group"
for _ in $(seq 1 75); do
  kill -0 -- "-$group" 2>/dev/null || break
  sleep 0.2
done
if kill -0 -- "-$group" 2>/dev/null; then cat "$log"; echo "smoke: npm run service did not stop within 15 s of Ctrl+C" >&2; exit 1; fi
grep -q 'Stopping' "$log" || { cat "$log"; echo "smoke: the service did not stop cleanly" >&2; exit 1; }
echo "smoke: npm run service answered /health on port $port and stopped on Ctrl+C"
