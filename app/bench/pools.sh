#!/usr/bin/env bash
# Named picture pools against today's /img/pc, at the unit's JVM flags, the server on CPU 1 and wrk
# on CPU 0: /img/pc and /img/wall (a 1,000-picture pool) in alternating rounds, with IMAGE_NO_REPEAT
# 0 and 8, each request from its own user id when K > 0 (the hard case: a new entry per user).
#
#   app/bench/pools.sh [seconds]     (default 8 per round, 3 rounds; talks only to 127.0.0.1)
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
. "$here/prepare.sh"
seconds=${1:-8}; port=18183
work=$(mktemp -d /tmp/pocketapi-pools.XXXXXX)
pid=""
trap '[ -n "$pid" ] && kill $pid 2>/dev/null; rm -rf "$work"' EXIT
mkdir -p "$work/pools"
for i in $(seq 1 1000); do echo "wall/$i.jpg $((1000 + i % 3 * 500))x1000"; done >"$work/pools/wall.txt"
for i in $(seq 1 500); do echo "pc/$i.jpg"; done >"$work/landscape.txt"
for i in $(seq 1 500); do echo "pe/$i.jpg"; done >"$work/portrait.txt"
cat >"$work/users.lua" <<'LUA'
local n = 0
request = function()
  n = n + 1
  return wrk.format("GET", wrk.path, {["X-Forwarded-For"] = "user-" .. (n % 50000)})
end
LUA
for k in 0 8; do
  PORT=$port HOST=127.0.0.1 STATS_FILE="$work/stats.json" UPDATES=off \
    IMAGE_HOST=https://pan.example.com IMAGE_POOL_PORTRAIT="$work/portrait.txt" IMAGE_POOL_LANDSCAPE="$work/landscape.txt" \
    IMAGE_POOLS_DIR="$work/pools" IMAGE_NO_REPEAT=$k taskset -c 1 java "${flags[@]}" -jar "$top/app/target/pocketapi.jar" \
    >"$work/server.log" 2>&1 &
  pid=$!
  until curl -fs -o /dev/null "http://127.0.0.1:$port/healthz"; do
    kill -0 $pid 2>/dev/null || { cat "$work/server.log"; exit 1; }; sleep 0.1
  done
  for path in /img/pc /img/wall; do taskset -c 0 wrk -t1 -c32 -d10s -s "$work/users.lua" "http://127.0.0.1:$port$path" >/dev/null; done
  declare -A sum=()
  for round in 1 2 3; do
    for path in /img/pc /img/wall; do
      r=$(taskset -c 0 wrk -t1 -c32 -d${seconds}s -s "$work/users.lua" "http://127.0.0.1:$port$path" | sed -n 's/Requests\/sec: *\([0-9.]*\).*/\1/p')
      sum[$path]=$(echo "${sum[$path]:-0} + $r" | bc)
    done
  done
  printf 'IMAGE_NO_REPEAT=%s: /img/pc %.0f req/s, /img/wall %.0f req/s, ratio %.1f%%\n' "$k" \
    "$(echo "${sum[/img/pc]} / 3" | bc -l)" "$(echo "${sum[/img/wall]} / 3" | bc -l)" \
    "$(echo "100 * ${sum[/img/wall]} / ${sum[/img/pc]}" | bc -l)"
  kill $pid; wait $pid 2>/dev/null || true; pid=""
  unset sum
done
