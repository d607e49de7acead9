#!/usr/bin/env bash
# pocketapi flood test: new 128-character user ids as fast as wrk can send them, at the unit's JVM
# flags (-Xmx64m, exit on OutOfMemoryError), in the file store and in Redis mode with Redis
# unreachable. Passes when the service is still up, counted every completed call, and stops cleanly.
#
#   app/bench/flood.sh [seconds]     (default 30 per mode; talks only to 127.0.0.1)
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
. "$here/prepare.sh"
seconds=${1:-30}; conns=64; port=18181
work=$(mktemp -d /tmp/pocketapi-flood.XXXXXX)

pid=""
trap '[ -n "$pid" ] && kill $pid 2>/dev/null; rm -rf "$work"' EXIT
site_total() { curl -fs -H 'X-Forwarded-For: flood-check' "http://127.0.0.1:$port/api/info" | sed 's/.*"site":{"totalRequests":\([0-9]*\).*/\1/'; }

flood() {  # $1: a name; the rest: extra environment
  local name=$1; shift
  rm -rf "$work/data"; mkdir -p "$work/data"
  (cd "$work" && exec env PORT=$port HOST=127.0.0.1 STATS_FILE="$work/data/stats.json" UPDATES=off \
    HOLIDAY_CONFIRM_URL=off "$@" \
    java "${flags[@]}" -jar "$top/app/target/pocketapi.jar") >"$work/server.log" 2>&1 &
  pid=$!
  until curl -fs -o /dev/null "http://127.0.0.1:$port/healthz"; do sleep 0.1; done
  echo "$name: $conns connections for ${seconds}s, a new 128-character id per request, JVM ${flags[*]}"
  out=$(wrk -t2 -c$conns -d${seconds}s --timeout 5s -s "$here/flood.lua" "http://127.0.0.1:$port")
  echo "$out" | grep -E 'Requests/sec|Latency|completed|errors'
  if ! kill -0 $pid 2>/dev/null; then echo "FAIL: the service died"; tail -5 "$work/server.log"; exit 1; fi
  local counted=$(( $(site_total) - 1 )) completed errors
  completed=$(echo "$out" | awk '/^completed/ {print $2}')
  errors=$(echo "$out" | awk -F'[= ]' '/^errors/ {print $3 + $5 + $7 + $9 + $11}')
  jcmd $pid GC.run >/dev/null
  local heap rss
  heap=$(jcmd $pid GC.heap_info | grep generation | sed 's/.*used \([0-9]*\)K.*/\1/' | awk '{s += $1} END {printf "%.1f", s/1024}')
  rss=$(awk '/VmHWM/ {print int($2/1024)}' /proc/$pid/status)
  echo "counted: $counted; completed by wrk: $completed; failed: $errors; heap after a full GC: ${heap} MB; peak RSS: ${rss} MB"
  kill -TERM $pid; local code=0; wait $pid || code=$?; pid=""
  echo "stopped with exit code $code; on disk: $(du -sh "$work/data" | cut -f1)"
  grep -E 'WARN|ERROR' "$work/server.log" | cut -c1-200 | sort | uniq -c | head -5 || true
  if [ "$errors" -ne 0 ] || [ "$code" -ne 0 ] || [ "$counted" -lt "$completed" ] || [ "$counted" -gt $((completed + conns)) ]; then
    echo "FAIL"; exit 1
  fi
}

flood "file store"
closed=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
flood "Redis mode, Redis unreachable" STATS_REDIS_URL="redis://127.0.0.1:$closed" STATS_FLUSH_SECONDS=5
echo "PASS"
