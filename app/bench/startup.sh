#!/usr/bin/env bash
# pocketapi start-up time: from `java -jar` to the first answer of /api/info (which opens the counters
# and, in the answer, counts a visitor), at the unit's JVM flags, no class-data archive, nothing
# fetched: the wall time, and the CPU time the JVM used by then (steadier on a shared machine).
# Prints each run and the medians; with --base-jar, the other jar's runs too, alternating A/B to
# cancel machine drift. Each run starts from an empty state folder.
#
#   app/bench/startup.sh [--runs=N] [--base-jar=PATH]     (default 5 runs; talks only to 127.0.0.1)
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../.." && pwd)
[ -f "$top/app/target/pocketapi.jar" ] || (cd "$top" && mvn -B -q package -DskipTests)
read -r -a flags <<<"$(sed -n 's/^ExecStart=[^ ]*java \(.*\) -jar .*/\1/p' "$top/app/deploy/pocketapi.service" \
  | sed 's/ -XX:SharedArchiveFile=[^ ]*//; s/ -Xshare:[a-z]*//')"
runs=5
base=""
for arg in "$@"; do
  case $arg in
    --runs=*) runs=${arg#--runs=} ;;
    --base-jar=*) base=${arg#--base-jar=} ;;
    *) echo "usage: $0 [--runs=N] [--base-jar=PATH]" >&2; exit 2 ;;
  esac
done
work=$(mktemp -d /tmp/pocketapi-startup.XXXXXX)
pid=""
trap '[ -n "$pid" ] && kill $pid 2>/dev/null; rm -rf "$work"' EXIT

once() {  # $1: the jar; prints "wall-ms cpu-ms" from exec to the first answer
  local jar=$1 port=$((20000 + RANDOM % 20000)) start end
  rm -rf "$work/state"; mkdir -p "$work/state"
  start=$(date +%s%N)
  PORT=$port HOST=127.0.0.1 STATS_FILE="$work/state/stats.json" UPDATES=off \
    HOLIDAY_CACHE_DIR="$work/state/holidays" java "${flags[@]}" -jar "$jar" >"$work/server.log" 2>&1 &
  pid=$!
  until curl -fs -o /dev/null "http://127.0.0.1:$port/api/info"; do
    kill -0 $pid 2>/dev/null || { cat "$work/server.log"; exit 1; }; sleep 0.01
  done
  end=$(date +%s%N)
  # utime + stime, fields 14 and 15 of /proc/PID/stat, in clock ticks
  cpu=$(awk -v hz="$(getconf CLK_TCK)" '{print int(($14 + $15) * 1000 / hz)}' "/proc/$pid/stat")
  kill $pid; wait $pid 2>/dev/null || true; pid=""
  echo "$(((end - start) / 1000000)) $cpu"
}

median() { sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
report() {  # $1: a name; then "wall cpu" pairs
  local name=$1; shift
  local walls cpus
  walls=$(printf '%s\n' "$@" | cut -d' ' -f1)
  cpus=$(printf '%s\n' "$@" | cut -d' ' -f2)
  echo "$name: wall $(echo $walls) ms, median $(echo "$walls" | median) ms; CPU $(echo $cpus) ms, median $(echo "$cpus" | median) ms"
}

this=()
other=()
for i in $(seq 1 "$runs"); do
  this+=("$(once "$top/app/target/pocketapi.jar")")
  [ -z "$base" ] || other+=("$(once "$base")")
done
report "this build" "${this[@]}"
[ -z "$base" ] || report "base jar  " "${other[@]}"
