#!/usr/bin/env bash
# pocketapi memory probe, at the unit's JVM flags: the feed's variants (remind over 1,440 minutes,
# lang, only) against one variant, and the most named calendars a folder may hold (48) in rotation
# against 8 (the probe that found the problem used 70, beyond today's bound). Prints req/s and
# the process's peak resident memory (VmHWM) for each; the unit's bound is MemoryMax=256M.
#
#   app/bench/probe.sh [seconds]     (default 20 per run; talks only to 127.0.0.1)
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
. "$here/prepare.sh"
seconds=${1:-20}
work=$(mktemp -d /tmp/pocketapi-probe.XXXXXX)
read -r -a extra <<<"${POCKETAPI_JAVA_FLAGS:-}"
pid=""
trap '[ -n "$pid" ] && kill $pid 2>/dev/null; rm -rf "$work"' EXIT
mkdir -p "$work/calendars"
for i in $(seq 1 48); do echo '{"week": "6", "days": []}' >"$work/calendars/c$i.json"; done

run() {  # $1: a name, $2: calendars in rotation (0: the feed mix), $3: a fixed path or ""
  local name=$1 calendars=$2 path=$3 dir="$work/some"
  port=$((20000 + RANDOM % 20000))
  rm -rf "$dir"; mkdir -p "$dir"
  for i in $(seq 1 "$calendars"); do cp "$work/calendars/c$i.json" "$dir"/; done
  PORT=$port HOST=127.0.0.1 STATS_FILE="$work/stats.json" UPDATES=off \
    HOLIDAY_CACHE_DIR="$work/holidays" CALENDARS_DIR="$dir" \
    java "${flags[@]}" "${extra[@]}" -jar "$top/app/target/pocketapi.jar" >"$work/server.log" 2>&1 &
  pid=$!
  until curl -fs -o /dev/null "http://127.0.0.1:$port/healthz"; do
    kill -0 $pid 2>/dev/null || { cat "$work/server.log"; exit 1; }; sleep 0.1
  done
  if [ -n "$path" ]; then
    out=$(wrk -t1 -c16 -d${seconds}s "http://127.0.0.1:$port$path")
  else
    out=$(POCKETAPI_CALENDARS=$calendars wrk -t1 -c16 -d${seconds}s -s "$here/feeds.lua" "http://127.0.0.1:$port")
  fi
  kill -0 $pid 2>/dev/null || { echo "the service died:"; tail -5 "$work/server.log"; exit 1; }
  printf '%-34s %10s req/s   peak RSS %4d MB   now %4d MB\n' "$name" \
    "$(echo "$out" | sed -n 's/Requests\/sec: *//p')" \
    $(( $(sed -n 's/VmHWM:[[:space:]]*\([0-9]*\).*/\1/p' /proc/$pid/status) / 1024 )) \
    $(( $(sed -n 's/VmRSS:[[:space:]]*\([0-9]*\).*/\1/p' /proc/$pid/status) / 1024 ))
  kill $pid; wait $pid 2>/dev/null || true; pid=""
}
echo "JVM: ${flags[*]} ${extra[*]}, ${seconds}s each, 16 connections"
run "feed, one variant" 0 "/api/holidays.ics?remind=20:00"
run "feed, the probe's mix of variants" 0 ""
run "alarm, 8 calendars in turn" 8 ""
run "alarm, 48 calendars in turn" 48 ""
