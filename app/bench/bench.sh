#!/usr/bin/env bash
# pocketapi benchmark: every endpoint against its partner in a minimal Javalin hello-world (the same kind
# of answer, fixed bytes: hello/Hello.java), same JVM flags (those of
# app/deploy/pocketapi.service), in one run, alternating A/B rounds to cancel machine drift.
# Each server is pinned to one CPU and wrk to another, like a one-core VPS with a client beside it.
#
#   app/bench/bench.sh            full run (about 20 minutes on the development VM)
#   app/bench/bench.sh --quick    about 3 minutes: a smoke test, not figures
#   app/bench/bench.sh --only=NAME[,NAME]   endpoints of the table (and JSON and alarm, for the ratios), e.g. --only="/img/pc 302"
#   app/bench/bench.sh --redis    Redis mode (STATS_REDIS_URL, a redis-server on wrk's CPU) against
#                                 file mode, endpoint by endpoint; add --quick for a short run
#   app/bench/bench.sh --base-jar=PATH   this build against another pocketapi jar (an earlier version,
#                                 built from its commit), endpoint by endpoint; --only works too
#   app/bench/bench.sh --jvms=N   N pairs of JVMs one after the other, each warmed and measured, the sums over
#                                 all: one JVM of a jar can stay faster than another of the same jar (the JIT)
#
# Talks only to 127.0.0.1; every load is bounded in time; all servers are stopped at the end.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../.." && pwd)

rounds=3; seconds=8; warmup=25; starts=5; conns=32; redis=0; only=""; base_jar=""; jvms=1
for arg in "$@"; do
  case "$arg" in
    --quick) rounds=1; seconds=2; warmup=4; starts=3 ;;
    --redis) redis=1 ;;
    --only=*) only=${arg#--only=} ;;
    --jvms=*) jvms=${arg#--jvms=} ;;
    --base-jar=*) base_jar=$(realpath -e -- "${arg#--base-jar=}" 2>/dev/null) && [ -f "$base_jar" ] \
        || { echo "--base-jar: no file ${arg#--base-jar=}"; exit 2; } ;;
    *) echo "unknown option $arg"; exit 2 ;;
  esac
done
[[ "$jvms" =~ ^[1-9][0-9]?$ ]] || { echo "--jvms needs a number from 1 to 99"; exit 2; }

endpoints=(  # name|path|the hello app's partner for it
  "JSON|/api/holidays?y=2025&m=10&d=1|/json"
  "detail|/api/holidays/detail?y=2025&m=10&d=1|/detail"
  "pithy|/api/holidays?type=pithy&y=2025&m=10&d=1|/"
  "alarm|/api/holidays?type=alarm&y=2025&m=10&d=1|/"
  "alarm exchange|/api/holidays?type=alarm&y=2025&m=10&d=1&calendar=exchange|/"
  "alarm week=alt|/api/holidays?type=alarm&y=2025&m=10&d=1&week=alt:2025-09-27|/"
  "/img 302|/img|/redirect"
  "/img/pc 302|/img/pc|/redirect"
  "/img?type=json|/img?type=json|/json"
  "/api/info|/api/info|/json"
  "range (a month)|/api/holidays/range?from=2026-10-01&to=2026-10-31|/range"
  "workdays/add|/api/workdays/add?date=2026-09-28&n=5|/json"
  "/api/info/history|/api/info/history|/range"
  "badge.svg|/api/badge.svg|/detail"
  "/api/hitokoto|/api/hitokoto|/json"
  "/api/ping|/api/ping|/"
  "forecast|/api/holidays/forecast?y=2027|/range"
)
names=$(printf '%s\n' "${endpoints[@]}" | cut -d'|' -f1)
if [ -n "$only" ]; then
  IFS=, read -r -a wanted <<<"$only"
  for w in "${wanted[@]}"; do
    grep -qxF -- "$w" <<<"$names" || { echo "--only: no row named '$w'; the rows:"; echo "$names"; exit 2; }
  done
fi

# Made after the options are read, with its removal set at once: an exit anywhere after leaves nothing in /tmp.
work=$(mktemp -d /tmp/pocketapi-bench.XXXXXX)
pids=()
cleanup() { for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done; wait 2>/dev/null || true; rm -rf "$work"; }
trap cleanup EXIT

ncpu=$(nproc)
server_cpu=$(( ncpu > 1 ? 1 : 0 )); client_cpu=0
command -v taskset >/dev/null 2>&1 || { echo "taskset (util-linux) is needed"; exit 1; }
pin() { taskset -c "$1" "${@:2}"; }

echo "building the jar and the hello-world baseline"
(cd "$top" && mvn -B -q package -DskipTests)
. "$here/prepare.sh"  # wrk, and the systemd unit's JVM flags in $flags
jar="$top/app/target/pocketapi.jar"
mkdir -p "$work/hello"
javac -d "$work/hello" -cp "$jar" "$here/hello/Hello.java"
echo "JVM flags: ${flags[*]}"

redis_port=18379
if [ "$redis" = 1 ]; then
  command -v redis-server >/dev/null 2>&1 || { echo "installing redis-server (Debian package)";
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq redis-server >/dev/null; }
  taskset -c "$client_cpu" redis-server --port "$redis_port" --bind 127.0.0.1 --save "" --appendonly no \
    --loglevel warning >"$work/redis.log" 2>&1 &
  pids+=("$!")
  until redis-cli -p "$redis_port" ping >/dev/null 2>&1; do sleep 0.05; done
fi

start_app() {  # name port: starts a server, sets $started_pid (the JVM's own pid), waits for its first answer
  local name=$1 port=$2 url
  if [ "$name" = redis ]; then
    (cd "$work" && exec env PORT="$port" HOST=127.0.0.1 STATS_FILE="$work/stats-$port.json" UPDATES=off \
      STATS_REDIS_URL="redis://127.0.0.1:$redis_port" STATS_KEY_FILE="$work/redis.key" taskset -c "$server_cpu" java "${flags[@]}" -jar "$jar") \
      >"$work/$name-$port.log" 2>&1 &
    url="http://127.0.0.1:$port/healthz"
  elif [ "$name" = other ]; then
    (cd "$work" && exec env PORT="$port" HOST=127.0.0.1 STATS_FILE="$work/stats-$port.json" UPDATES=off \
      taskset -c "$server_cpu" java "${flags[@]}" -jar "$base_jar") >"$work/$name-$port.log" 2>&1 &
    url="http://127.0.0.1:$port/healthz"
  elif [ "$name" = hello ]; then
    (exec env PORT="$port" taskset -c "$server_cpu" java "${flags[@]}" -cp "$jar:$work/hello" Hello) \
      >"$work/$name-$port.log" 2>&1 &
    url="http://127.0.0.1:$port/"
  elif [ "$name" = installed ]; then  # as the .deb's unit and the image start it: with the training's archive
    (cd "$work" && exec env PORT="$port" HOST=127.0.0.1 STATS_FILE="$work/stats-$port.json" UPDATES=off \
      taskset -c "$server_cpu" java "${flags[@]}" -XX:SharedArchiveFile="$work/pocketapi.jsa" -Xshare:auto \
      -jar "$jar") >"$work/$name-$port.log" 2>&1 &
    url="http://127.0.0.1:$port/healthz"
  else
    (cd "$work" && exec env PORT="$port" HOST=127.0.0.1 STATS_FILE="$work/stats-$port.json" UPDATES=off \
      taskset -c "$server_cpu" java "${flags[@]}" -jar "$jar") >"$work/$name-$port.log" 2>&1 &
    url="http://127.0.0.1:$port/healthz"
  fi
  started_pid=$!
  pids+=("$started_pid")
  until curl -fs -o /dev/null "$url"; do
    kill -0 "$started_pid" 2>/dev/null || { echo "$name on port $port exited: $(tail -2 "$work/$name-$port.log")"; exit 1; }
    sleep 0.005
  done
}

stop_app() { kill "$1" 2>/dev/null || true; wait "$1" 2>/dev/null || true; }

# What is measured (app) against what (base): pocketapi against hello-world, or Redis mode against file mode.
if [ "$redis" = 1 ]; then
  base=pocketapi; app=redis; base_label="file mode"; app_label="Redis mode"; col=file
elif [ -n "$base_jar" ]; then
  base=other; app=pocketapi; base_label="$(basename "$base_jar")"; app_label="this build"; col=base
else
  base=hello; app=pocketapi; base_label=hello-world; app_label=pocketapi; col=hello
fi
base_url() { if [ "$base" = hello ]; then echo "http://127.0.0.1:18081$2"; else echo "http://127.0.0.1:18081$1"; fi; }
median() { printf '%s\n' "$@" | sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }

echo "measuring start-up: $starts launches each, alternating, each side first every other time"
su_hello=(); su_app=()
for i in $(seq "$starts"); do
  order=("$base" "$app"); [ $((i % 2)) = 0 ] && order=("$app" "$base")
  for name in "${order[@]}"; do
    t0=$(date +%s%N); start_app "$name" $((18100 + i)); t1=$(date +%s%N)
    stop_app "$started_pid"
    if [ "$name" = "$base" ]; then su_hello+=($(( (t1 - t0) / 1000000 ))); else su_app+=($(( (t1 - t0) / 1000000 ))); fi
  done
done
startup_hello=$(median "${su_hello[@]}"); startup_app=$(median "${su_app[@]}")

installed=0
if [ "$base" = hello ]; then
  echo "measuring start-up as installed: the training run's archive (--train), against the plain hello-world"
  (cd "$work" && taskset -c "$server_cpu" java "${flags[@]}" -XX:ArchiveClassesAtExit="$work/pocketapi.jsa" \
    -jar "$jar" --train >"$work/train.log" 2>&1) || { tail -5 "$work/train.log"; exit 1; }
  su_inst=(); su_hello2=()
  for i in $(seq "$starts"); do
    order=(hello installed); [ $((i % 2)) = 0 ] && order=(installed hello)
    for name in "${order[@]}"; do
      t0=$(date +%s%N); start_app "$name" $((18150 + i)); t1=$(date +%s%N)
      stop_app "$started_pid"
      if [ "$name" = hello ]; then su_hello2+=($(( (t1 - t0) / 1000000 ))); else su_inst+=($(( (t1 - t0) / 1000000 ))); fi
    done
  done
  installed=$(median "${su_inst[@]}"); installed_hello=$(median "${su_hello2[@]}")
fi

rss() { awk '/VmHWM/ {print int($2/1024)}' "/proc/$1/status"; }
cpu_ticks() { awk '{print $14 + $15}' "/proc/$1/stat"; }

run_wrk() {  # url seconds server-pid -> "req/s p50_ms p99_ms errors server_cpu_us_per_request"
  local before after
  before=$(cpu_ticks "$3")
  pin "$client_cpu" wrk -t1 -c"$conns" -d"$2"s --latency "$1" >"$work/wrk.out"
  after=$(cpu_ticks "$3")
  awk -v ticks=$((after - before)) -v hz="$(getconf CLK_TCK)" '
    function ms(v) { if (v ~ /us$/) return v/1000; if (v ~ /ms$/) return v+0; if (v ~ /s$/) return v*1000; return v }
    /^ +50%/ { p50 = ms($2) } /^ +99%/ { p99 = ms($2) }
    /requests in/ { n = $1 } /Requests\/sec/ { rps = $2 } /Non-2xx/ { err += $5 } /Socket errors/ { err += 1 }
    END { printf "%.0f %.2f %.2f %d %.1f\n", rps, p50, p99, err, (n ? 1e6 * ticks / hz / n : 0) }' "$work/wrk.out"
}


# Warm until the rate settles: 3-second runs until two in a row agree within 5% (at least $warmup s, at most
# 40 runs). On a small VM the JIT and the host take a minute or more to settle, and a JVM still compiling in the
# background slows the other one on the same CPU: a fixed short warm-up left the first endpoint measured at half speed.
settle() {  # url [script]
  local prev=0 cur k t0=$SECONDS
  for k in $(seq 40); do
    cur=$(pin "$client_cpu" wrk -t1 -c"$conns" -d3s ${2:+-s "$2"} "$1" | awk '/Requests\/sec/ {printf "%d", $2}')
    if [ $((SECONDS - t0)) -ge "$warmup" ] && [ "$prev" -gt 0 ] \
      && awk -v a="$prev" -v b="$cur" 'BEGIN {exit !(b < a * 1.05 && b > a * 0.95)}'; then return; fi
    prev=$cur
  done
}
# Each side's code for an endpoint compiled before it is measured: 2-second runs of each side until the two JVMs
# together compiled fewer than 8 methods more in one (jstat; at most 10 runs). A fixed 2 s each left the JIT compiling
# through the measured rounds on a small VM, on the CPU both servers share, and it slowed whichever side ran then.
compiled() { jstat -compiler "$1" 2>/dev/null | awk 'NR == 2 {print $1}'; }
warm_endpoint() {  # base-url app-url
  local before after k
  before=$(( $(compiled "$hello_jvm") + $(compiled "$app_jvm") + 0 ))
  for k in $(seq 10); do
    pin "$client_cpu" wrk -t1 -c"$conns" -d2s "$1" >/dev/null
    pin "$client_cpu" wrk -t1 -c"$conns" -d2s "$2" >/dev/null
    after=$(( $(compiled "$hello_jvm") + $(compiled "$app_jvm") + 0 ))
    [ $((after - before)) -lt 8 ] && return
    before=$after
  done
}
# Each pair of JVMs (--jvms=N: N pairs, one after the other) is started, warmed and measured on every endpoint; the
# sums run over all pairs. One JVM can stay faster or slower than another of the same jar for its whole life (the JIT's
# choices): an endpoint no change touched gave 90.4 % in one run and 105.9 % in the next; more pairs average that out.
declare -A h_sum a_sum errs a50 a99 h50 h99 acpu hcpu spread
rss_hello=0; rss_app=0
for pair in $(seq "$jvms"); do
  start_app "$base" 18081; hello_jvm=$started_pid
  start_app "$app" 18080; app_jvm=$started_pid
  echo "warming up both JVMs$([ "$jvms" -gt 1 ] && echo " (pair $pair of $jvms)") (at least ${warmup}s each, until the rate settles; the JIT needs a while)"
  for pass in 1 2; do
    if [ "$base" = hello ]; then settle "http://127.0.0.1:18081" "$here/hello.lua"
    else settle "http://127.0.0.1:18081" "$here/load.lua"; fi
    settle "http://127.0.0.1:18080" "$here/load.lua"
  done
  echo "measuring throughput: $rounds round(s) x ${seconds}s per endpoint, $base_label and $app_label alternating"
  for e in "${endpoints[@]}"; do
    name=${e%%|*}; rest=${e#*|}; path=${rest%%|*}; partner=${rest#*|}
    if [ -n "$only" ] && [[ ",$only," != *",$name,"* ]] && [ "$name" != JSON ] && [ "$name" != alarm ]; then continue; fi
    warm_endpoint "$(base_url "$path" "$partner")" "http://127.0.0.1:18080$path"
    for _ in $(seq "$rounds"); do
      read -r hr hp50 hp99 he hc <<<"$(run_wrk "$(base_url "$path" "$partner")" "$seconds" "$hello_jvm")"
      read -r ar ap50 ap99 ae ac <<<"$(run_wrk "http://127.0.0.1:18080$path" "$seconds" "$app_jvm")"
      h_sum[$name]=$(( ${h_sum[$name]:-0} + hr )); a_sum[$name]=$(( ${a_sum[$name]:-0} + ar ))
      errs[$name]=$(( ${errs[$name]:-0} + he + ae ))
      a50[$name]+=" $ap50"; a99[$name]+=" $ap99"; h50[$name]+=" $hp50"; h99[$name]+=" $hp99"
      acpu[$name]+=" $ac"; hcpu[$name]+=" $hc"
      spread[$name]+=" $(awk -v a="$ar" -v h="$hr" 'BEGIN{printf "%.0f", (h ? 100*a/h : 0)}')"
    done
  done
  r=$(rss "$hello_jvm"); [ "$r" -gt "$rss_hello" ] && rss_hello=$r
  r=$(rss "$app_jvm"); [ "$r" -gt "$rss_app" ] && rss_app=$r
  if [ "$pair" -lt "$jvms" ]; then stop_app "$hello_jvm"; stop_app "$app_jvm"; fi
done

table=()
declare -A app_rps base_rps
n=$((rounds * jvms))
for e in "${endpoints[@]}"; do
  name=${e%%|*}
  [ -n "${a_sum[$name]:-}" ] || continue
  # shellcheck disable=SC2086  # the lists are space-separated numbers
  table+=("$(printf '%-16s %8d %7s %7s %7s %8d %7s %7s %7s %6.1f%% %4d  %s' "$name" $((a_sum[$name] / n)) \
    "$(median ${a50[$name]})" "$(median ${a99[$name]})" "$(median ${acpu[$name]})" $((h_sum[$name] / n)) \
    "$(median ${h50[$name]})" "$(median ${h99[$name]})" "$(median ${hcpu[$name]})" \
    "$(awk -v a="${a_sum[$name]}" -v h="${h_sum[$name]}" 'BEGIN{print 100*a/h}')" "${errs[$name]}" \
    "$(printf '%s\n' ${spread[$name]} | sort -n | sed -n '1p;$p' | paste -sd- -)")")
  app_rps["$name"]=$((a_sum[$name] / n)); base_rps["$name"]=$((h_sum[$name] / n))
done
jar_bytes=$(stat -c %s "$jar")

echo
echo "pocketapi benchmark: $app_label against $base_label ($(date -u +%Y-%m-%d), $(nproc) CPUs, $(java -version 2>&1 | head -1))"
[ "$redis" = 1 ] && echo "redis-server $(redis-server --version | awk '{print $3}') on CPU $client_cpu, beside wrk"
echo "server on CPU $server_cpu, wrk on CPU $client_cpu, $conns connections, JVM flags: ${flags[*]}"
echo
echo "(req/s and latency from wrk; cpu = the server's own CPU time per request, in microseconds;"
echo " rounds % = the lowest and highest ratio of one round$([ "$jvms" -gt 1 ] && echo ", over $jvms pairs of JVMs"))"
printf '%-16s %8s %7s %7s %7s %8s %7s %7s %7s %7s %4s  %s\n' endpoint "req/s" "p50 ms" "p99 ms" "cpu us" \
  "$col/s" "p50 ms" "p99 ms" "cpu us" ratio errs "rounds %"
for row in "${table[@]}"; do echo "$row"; done
# The planning endpoints against the day record in the same run (target: at least 80%).
for name in "detail" "range (a month)" "workdays/add"; do
  [ -n "${app_rps[$name]:-}" ] || continue
  printf '%s: %.1f%% of /api/holidays (JSON) in this run\n' "$name" \
    "$(awk -v a="${app_rps[$name]}" -v j="${app_rps[JSON]}" 'BEGIN{print 100*a/j}')"
done
# A calendar of one's own against the plain alarm in the same run (target: at least 90%).
for name in "alarm exchange" "alarm week=alt"; do
  [ -n "${app_rps[$name]:-}" ] && [ -n "${app_rps[alarm]:-}" ] || continue
  printf '%s: %.1f%% of the plain alarm in this run\n' "$name" \
    "$(awk -v a="${app_rps[$name]}" -v j="${app_rps[alarm]}" 'BEGIN{print 100*a/j}')"
done
if [ "$base" = other ] && [ -n "${base_rps[JSON]:-}" ]; then
  # Against the earlier version: the day record as it was, and the endpoints that are new or grew.
  for name in JSON detail pithy alarm; do
    [ -n "${app_rps[$name]:-}" ] || continue
    printf '%s: %.1f%% of %s'"'"'s /api/holidays (JSON) in this run\n' "$name" \
      "$(awk -v a="${app_rps[$name]}" -v j="${base_rps[JSON]}" 'BEGIN{print 100*a/j}')" "$base_label"
  done
fi
echo
printf 'start-up, launch to first answer (median of %d): %s %d ms, %s %d ms, ratio %.2f\n' \
  "$starts" "$app_label" "$startup_app" "$base_label" "$startup_hello" "$(awk -v a="$startup_app" -v h="$startup_hello" 'BEGIN{print a/h}')"
if [ "$installed" != 0 ]; then
  printf 'start-up as installed (the .deb and the image: class-data-sharing archive of --train), median of %d: %s %d ms, plain %s %d ms, ratio %.2f\n' \
    "$starts" "$app_label" "$installed" "$base_label" "$installed_hello" "$(awk -v a="$installed" -v h="$installed_hello" 'BEGIN{print a/h}')"
fi
printf 'peak RSS under the same load: %s %d MB, %s %d MB, ratio %.2f\n' \
  "$app_label" "$rss_app" "$base_label" "$rss_hello" "$(awk -v a="$rss_app" -v h="$rss_hello" 'BEGIN{print a/h}')"
printf 'fat jar: %.1f MB (%d bytes)\n' "$(awk -v b="$jar_bytes" 'BEGIN{print b/1048576}')" "$jar_bytes"
