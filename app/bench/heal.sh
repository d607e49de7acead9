#!/usr/bin/env bash
# pocketapi heal test (issue 23): how long after the confirming source (chinese-days) publishes a
# year that contradicts the version served unconfirmed does the alarm give the right answer?
# Two local holiday-cn mirrors (the first with a wrong but lawful 2027, the second with the right
# one), a local chinese-days mirror without 2027, HOLIDAY_CONFIRM_WAIT_SECONDS=0 and
# HOLIDAY_UPDATE_SECONDS=10. 2027 must be next year (run it in 2026, UTC+8). Talks only to 127.0.0.1.
#
#   app/bench/heal.sh [runs]     (default 3)
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../.." && pwd)
runs=${1:-3}; port=18182
work=$(mktemp -d /tmp/pocketapi-heal.XXXXXX)
[ -f "$top/app/target/pocketapi.jar" ] || (cd "$top" && mvn -B -q package -DskipTests)
pids=()
trap 'for p in "${pids[@]}"; do kill $p 2>/dev/null || true; done; rm -rf "$work"' EXIT

made_up="$top/app/src/test/resources/made-up-2027.json"
mkdir -p "$work/wrong" "$work/right" "$work/cd"
cp "$made_up" "$work/right/2027.json"
grep -v -e '"2027-05-05"' -e '"2027-10-07"' "$made_up" >"$work/wrong/2027.json"
python3 - "$made_up" "$work/cd-2027.json" <<'PY'
import json, sys
days = json.load(open(sys.argv[1]))["days"]
out = {"holidays": {}, "workdays": {}}
for d in days:
    out["holidays" if d["isOffDay"] else "workdays"][d["date"]] = "x," + d["name"] + ",1"
json.dump(out, open(sys.argv[2], "w"), ensure_ascii=False)
PY
serve() { (cd "$1" && exec python3 -m http.server "$2" --bind 127.0.0.1) >/dev/null 2>&1 & pids+=($!); }
serve "$work/wrong" 18183; serve "$work/right" 18184; serve "$work/cd" 18185
alarm() { curl -fs "http://127.0.0.1:$port/api/holidays?type=alarm&y=2027&m=10&d=7" || echo "(400)"; }

for run in $(seq "$runs"); do
  rm -rf "$work/data" "$work/cd/2027.json"
  (cd "$work" && exec env PORT=$port HOST=127.0.0.1 HOLIDAY_UPDATE_SECONDS=10 HOLIDAY_CONFIRM_WAIT_SECONDS=0 \
    HOLIDAY_UPDATE_URL=http://127.0.0.1:18183,http://127.0.0.1:18184 HOLIDAY_CONFIRM_URL=http://127.0.0.1:18185 \
    java -jar "$top/app/target/pocketapi.jar") >"$work/server.log" 2>&1 &
  pid=$!; pids+=($pid)
  until [ "$(alarm)" = work ]; do sleep 0.1; done   # the wrong 2027, served unconfirmed
  sleep $((RANDOM % 10))                             # publish at some point of the 10 s interval
  cp "$work/cd-2027.json" "$work/cd/2027.json"
  start=$(date +%s.%N)
  until [ "$(alarm)" = vacation ]; do sleep 0.05; done
  awk -v run="$run" -v s="$start" -v e="$(date +%s.%N)" \
    'BEGIN { printf "run %d: 2027-10-07 right (vacation) %.1f s after chinese-days published 2027\n", run, e - s }'
  kill -TERM $pid; wait $pid || true
done
