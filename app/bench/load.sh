#!/usr/bin/env bash
# pocketapi load test: mixed endpoints, random user ids, 100 connections, for a bounded time.
# Passes when no request failed and the site total rose by exactly the requests wrk completed
# (plus at most the 100 that were in flight when wrk stopped).
#
#   app/bench/load.sh [seconds]     (default 30; talks only to 127.0.0.1)
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
. "$here/prepare.sh"
seconds=${1:-30}; conns=100; port=18180
work=$(mktemp -d /tmp/pocketapi-load.XXXXXX)

(cd "$work" && exec env PORT=$port HOST=127.0.0.1 STATS_FILE="$work/stats.json" UPDATES=off \
  java "${flags[@]}" -jar "$top/app/target/pocketapi.jar") >"$work/server.log" 2>&1 &
pid=$!
trap 'kill $pid 2>/dev/null; wait $pid 2>/dev/null; rm -rf "$work"' EXIT
until curl -fs -o /dev/null "http://127.0.0.1:$port/healthz"; do sleep 0.1; done

site_total() { curl -fs -H 'X-Forwarded-For: load-check' "http://127.0.0.1:$port/api/info" | sed 's/.*"site":{"totalRequests":\([0-9]*\).*/\1/'; }

before=$(site_total)
echo "load: $conns connections for ${seconds}s, mixed endpoints, random user ids"
out=$(wrk -t2 -c$conns -d${seconds}s --timeout 5s -s "$here/load.lua" "http://127.0.0.1:$port")
echo "$out" | grep -E 'Requests/sec|Latency|completed|errors'
after=$(site_total)

completed=$(echo "$out" | awk '/^completed/ {print $2}')
errors=$(echo "$out" | awk -F'[= ]' '/^errors/ {print $3 + $5 + $7 + $9 + $11}')
counted=$((after - before - 1))   # the second look is itself a counted call
echo "counted by the service: $counted; completed by wrk: $completed; failed: $errors"
rss=$(awk '/VmHWM/ {print int($2/1024)}' /proc/$pid/status)
echo "peak RSS: ${rss} MB"
if [ "$errors" -ne 0 ]; then echo "FAIL: $errors requests failed"; exit 1; fi
if [ "$counted" -lt "$completed" ] || [ "$counted" -gt $((completed + conns)) ]; then
  echo "FAIL: counted $counted is not within [$completed, $((completed + conns))]"; exit 1
fi
if grep -q ERROR "$work/server.log"; then echo "FAIL: errors in the server log"; grep ERROR "$work/server.log"; exit 1; fi
echo "PASS"
