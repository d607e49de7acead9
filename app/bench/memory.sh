#!/usr/bin/env bash
# pocketapi memory figures at the unit's JVM flags (-Xmx64m, serial GC), the numbers MemoryBudget is
# built on: the heap after a full collection at rest with every cache full and 1000 connections, per
# user of the counters (file and Redis mode), per picture of a pool, per listed day of a calendar;
# and the start-up with a 100,000-user counters file, the stop with the largest STATS_MAX_USERS full.
#
#   app/bench/memory.sh            (a few minutes; talks only to 127.0.0.1)
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
. "$here/prepare.sh"
port=18191
work=$(mktemp -d /tmp/pocketapi-memory.XXXXXX)
pid=""
trap '[ -n "$pid" ] && kill $pid 2>/dev/null; [ -n "${rpid:-}" ] && kill $rpid 2>/dev/null; rm -rf "$work"' EXIT

start() {  # the environment of a run; sets $pid and $started_ms (launch to first answer)
  rm -rf "$work/run"; mkdir -p "$work/run"
  local t0; t0=$(date +%s%N)
  (cd "$work/run" && exec env PORT=$port HOST=127.0.0.1 UPDATES=off \
    STATS_FILE="${STATS_FILE:-$work/run/stats.json}" "$@" java "${flags[@]}" -jar "$top/app/target/pocketapi.jar") \
    >"$work/run.log" 2>&1 &
  pid=$!
  until curl -fs -o /dev/null "http://127.0.0.1:$port/healthz"; do
    kill -0 $pid 2>/dev/null || { cat "$work/run.log"; exit 1; }
    sleep 0.05
  done
  started_ms=$(( ($(date +%s%N) - t0) / 1000000 ))
}
heap() {  # MB in use after two full collections
  jcmd $pid GC.run >/dev/null; jcmd $pid GC.run >/dev/null
  jcmd $pid GC.heap_info | grep generation | sed 's/.*used \([0-9]*\)K.*/\1/' | awk '{s += $1} END {printf "%.1f", s/1024}'
}
stop() {  # SIGTERM; prints how long the stop took (call it in this shell: it waits for its child)
  local t0; t0=$(date +%s%N); kill -TERM $pid; local code=0; wait $pid || code=$?; pid=""
  echo "$(( ($(date +%s%N) - t0) / 1000000 )) ms, exit code $code"
}
users_file() {  # $1 users, $2 file: a counters file of keyed hashes, seen today
  python3 - "$1" "$2" <<'PY'
import sys, datetime
n, path = int(sys.argv[1]), sys.argv[2]
today = (datetime.datetime.utcnow() + datetime.timedelta(hours=8)).date().isoformat()
with open(path, "w") as f:
    f.write('{"format":"pocketapi-stats/4","instance":"0123456789abcdef",\n"site":[%d,0,"%s"],\n"users":[\n' % (n, today))
    f.write(",\n".join('["%016x",1,0,"%s"]' % (0x1000000000000 + i, today) for i in range(n)))
    f.write("\n]}\n")
PY
}

echo "JVM ${flags[*]}"
start
at_rest=$(heap)
for wk in "" "&week=6" "&week=alt:2026-11-28" "&week=alt:2026-11-21" "&calendar=exchange"; do
  for y in 2020 2021 2022 2023 2024 2025 2026; do
    curl -fs -o /dev/null "http://127.0.0.1:$port/api/holidays/range?from=$y-01-01&to=$y-12-31&detail=true$wk"
    for v in "" "&only=off" "&only=work" "&remind=07:00" "&lang=en"; do
      curl -fs -o /dev/null "http://127.0.0.1:$port/api/holidays.ics?y=$y$wk$v"
    done
  done
done
wrk -t2 -c1000 -d5s "http://127.0.0.1:$port/api/holidays?type=alarm" >/dev/null 2>&1 || true
base=$(heap)
echo "at rest: $at_rest MB; every cache full and 1000 connections served: $base MB (MemoryBudget.BASE: 16 MB)"
stop >/dev/null

users_file 100000 "$work/users.json"
STATS_FILE="$work/users.json" start
echo "start-up with a 100,000-user counters file: $started_ms ms to the first answer"
file_mode=$(heap)
echo "file store, 100,000 users: $file_mode MB, $(awk -v a="$file_mode" -v b="$at_rest" 'BEGIN {printf "%.0f", (a-b)*1048576/100000}') bytes a user (UsageCounters.BYTES_PER_USER: 76 with a save's copy)"
stop >/dev/null

if command -v redis-server >/dev/null 2>&1; then
  rport=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
  redis-server --port $rport --bind 127.0.0.1 --save '' --appendonly no >/dev/null 2>&1 &
  rpid=$!
  until redis-cli -p $rport ping >/dev/null 2>&1; do sleep 0.05; done
  users_file 100000 "$work/users.json"
  STATS_FILE="$work/users.json" start STATS_REDIS_URL="redis://127.0.0.1:$rport"
  until [ "$(redis-cli -p $rport get pocketapi:total)" = "100000" ]; do sleep 0.2; done
  redis_mode=$(heap)
  echo "Redis mode, 100,000 users sent: $redis_mode MB, $(awk -v a="$redis_mode" -v b="$at_rest" 'BEGIN {printf "%.0f", (a-b)*1048576/100000}') bytes a user with the others' part"
  stop >/dev/null
  kill $rpid; wait $rpid 2>/dev/null || true; rpid=""
fi

mkdir -p "$work/pools"
python3 -c "
for i in range(50000): print('wallpapers/2024/some folder/IMG_%06d.jpg 1920x1080' % i)" >"$work/pools/wall.txt"
echo a.jpg >"$work/p.txt"; echo b.jpg >"$work/l.txt"
start IMAGE_HOST=https://img.example.com IMAGE_POOL_PORTRAIT="$work/p.txt" IMAGE_POOL_LANDSCAPE="$work/l.txt" \
  IMAGE_POOLS_DIR="$work/pools"
pools=$(heap)
echo "a pool of 50,000 pictures ($(stat -c %s "$work/pools/wall.txt") bytes): $pools MB, $(awk -v a="$pools" -v b="$at_rest" 'BEGIN {printf "%.0f", (a-b)*1048576/50000}') bytes a picture (ImagePool: its UTF-8 bytes + 40)"
stop >/dev/null

mkdir -p "$work/calendars"
python3 - "$work/calendars" <<'PY'
import sys, json, datetime
for k in range(4):
    d = datetime.date(2020, 1, 1)
    days = [{"name": "公司假日", "date": (d + datetime.timedelta(days=i)).isoformat(), "isOffDay": i % 3 == 0} for i in range(2500)]
    json.dump({"week": "6", "days": days}, open(f"{sys.argv[1]}/c{k}.json", "w"), ensure_ascii=False)
PY
start CALENDARS_DIR="$work/calendars"
for k in 0 1 2 3; do curl -fs -o /dev/null "http://127.0.0.1:$port/api/holidays?calendar=c$k"; done
calendars=$(heap)
echo "4 calendars of 2,500 days each, used: $calendars MB, $(awk -v a="$calendars" -v b="$at_rest" 'BEGIN {printf "%.0f", (a-b)*1048576/10000}') bytes a listed day (OwnCalendars.BYTES_PER_DAY: 240)"
stop >/dev/null

fits=$(env PORT=$port STATS_FILE="$work/stats.json" STATS_MAX_USERS=5000000 UPDATES=off \
  java "${flags[@]}" -jar "$top/app/target/pocketapi.jar" 2>&1 | sed -n 's/.*holds at most \([0-9]*\) beside.*/\1/p' || true)
echo "the largest STATS_MAX_USERS at this heap: $fits"
users_file "$fits" "$work/users.json"
STATS_FILE="$work/users.json" start STATS_MAX_USERS="$fits"
echo -n "start-up with $fits users: $started_ms ms; heap $(heap) MB; stop: "
stop
