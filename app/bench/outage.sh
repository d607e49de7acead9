#!/usr/bin/env bash
# pocketapi Redis outage test: Redis paused (SIGSTOP) for 15 s while 100,000 new users call, then
# a steady client; measures what the hand-off to disk writes (the process's write_bytes) against the
# pending log's size, and the slowest answer the steady client saw; then Redis comes back and every
# call must be in Redis once. At the unit's JVM flags, STATS_FLUSH_SECONDS=5.
#
#   app/bench/outage.sh          (talks only to 127.0.0.1; a redis-server of its own on a free port)
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
. "$here/prepare.sh"
port=18182; rport=18383; users=100000
work=$(mktemp -d /tmp/pocketapi-outage.XXXXXX)
command -v redis-server >/dev/null 2>&1 || DEBIAN_FRONTEND=noninteractive apt-get install -y -qq redis-server >/dev/null

redis-server --port $rport --bind 127.0.0.1 --save "" --appendonly no --loglevel warning >"$work/redis.log" 2>&1 &
rpid=$!
pid=""
trap 'kill -CONT $rpid 2>/dev/null; kill $rpid 2>/dev/null; [ -n "$pid" ] && kill $pid 2>/dev/null; rm -rf "$work"' EXIT
until redis-cli -p $rport ping >/dev/null 2>&1; do sleep 0.05; done
(cd "$work" && exec env PORT=$port HOST=127.0.0.1 STATS_FILE="$work/stats.json" STATS_FLUSH_SECONDS=5 \
  STATS_REDIS_URL="redis://127.0.0.1:$rport" UPDATES=off \
  java "${flags[@]}" -jar "$top/app/target/pocketapi.jar") >"$work/server.log" 2>&1 &
pid=$!
until curl -fs -o /dev/null "http://127.0.0.1:$port/healthz"; do sleep 0.1; done
written() { awk '/^write_bytes/ {print $2}' /proc/$pid/io; }

kill -STOP $rpid
start=$(date +%s.%N); before=$(written)
echo "Redis paused; $users new users call, then a steady client, for 15 s in all"
IDS=$((users / 2)) wrk -t2 -c16 -d7s -s "$here/flood.lua" "http://127.0.0.1:$port" | grep -E 'Requests/sec|completed'
left=$(python3 -c "import time; print(max(1, round(15 - (time.time() - $start))))")
steady=$(wrk -t1 -c4 -d${left}s --latency -H 'X-Forwarded-For: steady' "http://127.0.0.1:$port/api/holidays?type=pithy")
echo "$steady" | grep -E 'Latency|99%|Requests/sec'
sleep 0.2
after=$(written)
size=$(stat -c %s "$work/stats.redis-pending.json")
python3 -c "print(f'written during the outage: {($after - $before):,} bytes; pending log: {$size:,} bytes; ratio {($after - $before) / $size:.2f}')"
kill -CONT $rpid
until [ ! -e "$work/stats.redis-pending.json" ]; do sleep 0.2; done
counted=$(( $(curl -fs -H 'X-Forwarded-For: check' "http://127.0.0.1:$port/api/info" | sed 's/.*"site":{"totalRequests":\([0-9]*\).*/\1/') ))
sleep 1
inredis=$(redis-cli -p $rport get pocketapi:total)
echo "caught up; /api/info site total $counted, Redis total $inredis"
grep -E 'is back after' "$work/server.log" | cut -c1-200
[ "$inredis" = "$counted" ] && echo PASS || { echo "FAIL"; exit 1; }
