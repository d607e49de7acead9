#!/usr/bin/env bash
# The container image and the compose files for real (issues 42 and 67), by the commands of docs/deploy.md, "Without
# a registry", as written: each sh block marked <!-- container-test: NAME --> there is taken from the page (as
# ReadmeExamplesTest takes the README's examples) and run with bash -e from the top of the checkout, with two
# changes only: free ports in place of 8080 and 8081 (the docs' `-p 8080:8080` and curl lines; POCKETAPI_PORT and
# POCKETAPI_PORT_B for the compose files), and the base block run only where the base image is missing (the one
# thing kept between runs, as a cache). Podman as the machine has it: no containers.conf, no `-p` project name,
# no extra flag. Then it checks: the README's examples answer exactly; the service runs as uid 10001 on a
# read-only root file system; `podman healthcheck run` passes; `podman stop` exits 0 after the save, and the docs'
# run on the same volume counts on; a bad setting exits with code 2 and one line; the one-instance compose file
# starts exactly its container, on the volume of the run recipe; the Redis pair, started after it, exactly its
# three, with fresh counters of its own (60 calls: 60 in Redis, each instance's /api/info exact); the one instance
# again after the pair, counting on; no container restarted; the image's own layers are the size deploy.md states.
# Run by .ci/run after the package test (root, podman, runc, podman-compose, debootstrap, curl, python3; skipped,
# saying so, without them unless POCKETAPI_REQUIRE_TOOLS=1). Prints what it measured. Removes everything it made
# but the base image; it refuses to start where a container, volume, network or image of the docs' names exists.
#
#   app/deploy/container/container-test.sh
set -euo pipefail
top=$(cd "$(dirname "$0")/../../.." && pwd)
jar=$top/app/target/pocketapi.jar
docs=$top/app/docs/deploy.md
base=localhost/pocketapi-base
image=localhost/pocketapi
containers=(pocketapi pocketapi-a pocketapi-b pocketapi-redis)
volumes=(pocketapi-data pocketapi-a-data pocketapi-b-data pocketapi-key pocketapi-redis-data)
networks=(pocketapi_default pocketapi-redis_default)
single=app/deploy/container/pocketapi/compose.yaml
pair=app/deploy/container/pocketapi-redis/compose.yaml
t0=$(date +%s)
fail() { echo "FAIL: $*" >&2; exit 1; }
step() { echo "== [$(( $(date +%s) - t0 )) s] $*"; }

[ -f "$jar" ] || fail "no $jar: run mvn -B package first"
for tool in podman runc podman-compose debootstrap curl python3; do
  if ! command -v "$tool" >/dev/null 2>&1; then
    [ "${POCKETAPI_REQUIRE_TOOLS:-}" = 1 ] && fail "$tool is missing (POCKETAPI_REQUIRE_TOOLS=1: .ci/run installs it)"
    echo "SKIPPED: the container test needs $tool (apt-get install podman runc podman-compose debootstrap curl)"
    exit 0
  fi
done
[ "$(id -u)" = 0 ] || fail "run it as root (the docs' recipe is podman's rootful mode)"
# Podman's own configuration, as a newcomer's machine has it.
unset CONTAINERS_CONF

taken=()
for c in "${containers[@]}"; do podman container exists "$c" && taken+=("container $c"); done
for v in "${volumes[@]}"; do podman volume exists "$v" && taken+=("volume $v"); done
for n in "${networks[@]}"; do podman network exists "$n" && taken+=("network $n"); done
podman image exists "$image" && taken+=("image $image")
[ ${#taken[@]} = 0 ] || fail "the docs' names are taken on this host, and the test removes only what it made: ${taken[*]}"

work=$(mktemp -d /tmp/pocketapi-container-test.XXXXXX)
base_dir_new=0
[ -e /var/tmp/pocketapi-base ] || base_dir_new=1
cleanup() {
  local c v n
  for c in "${containers[@]}"; do podman rm -f -t 0 "$c" >/dev/null 2>&1 || true; done
  for v in "${volumes[@]}"; do podman volume rm -f "$v" >/dev/null 2>&1 || true; done
  for n in "${networks[@]}"; do podman network rm -f "$n" >/dev/null 2>&1 || true; done
  podman rmi -f "$image" >/dev/null 2>&1 || true
  [ "$base_dir_new" = 1 ] && rm -rf /var/tmp/pocketapi-base
  rm -rf "$work"
}
trap cleanup EXIT

free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'; }
port_a=$(free_port)
port_b=$(free_port)
export POCKETAPI_PORT=$port_a POCKETAPI_PORT_B=$port_b

# The sh block after <!-- container-test: $1 --> in deploy.md, on the test's ports.
block() {
  local text
  text=$(awk -v name="$1" '
    $0 == "<!-- container-test: " name " -->" { marked = 1; next }
    marked && $0 == "```sh" { inside = 1; next }
    inside && $0 == "```" { exit }
    inside { print }' "$docs")
  [ -n "$text" ] || fail "deploy.md has no sh block marked <!-- container-test: $1 -->"
  printf '%s\n' "$text" | sed -e "s/-p 8080:8080 /-p $port_a:8080 /g" \
    -e "s#127\.0\.0\.1:8080/#127.0.0.1:$port_a/#g" -e "s#127\.0\.0\.1:8081/#127.0.0.1:$port_b/#g"
}
# Runs the docs' block $1 from the top of the checkout; its output goes to $work/$1.log (shown if it fails).
docs_run() {
  block "$1" >"$work/$1.sh"
  (cd "$top" && bash -e "$work/$1.sh") >>"$work/$1.log" 2>&1 || { tail -20 "$work/$1.log"; fail "deploy.md's $1 block"; }
}
await() {  # $1 port: waits (a minute at most) for /healthz
  for _ in $(seq 600); do
    curl -fs -o /dev/null "http://127.0.0.1:$1/healthz" && return 0
    sleep 0.1
  done
  return 1
}
total() { curl -fs -H "X-Forwarded-For: $2" "http://127.0.0.1:$1/api/info" | sed 's/.*"site":{"totalRequests":\([0-9]*\).*/\1/'; }
expect() {  # $1 port, $2 path, $3 the exact body
  local got; got=$(curl -fs "http://127.0.0.1:$1$2") || fail "$2 did not answer"
  [ "$got" = "$3" ] || fail "$2 answered $got, expected $3"
}
running() { podman ps --filter "label=io.podman.compose.project=$1" --format '{{.Names}}' | sort | tr '\n' ' '; }
no_restart() {
  local c n
  for c in "$@"; do
    n=$(podman inspect --format '{{.RestartCount}}' "$c")
    [ "$n" = 0 ] || fail "$c restarted $n time(s): $(podman logs --tail 5 "$c" 2>&1)"
  done
}
ms_since() { echo $(( ($(date +%s%N) - $1) / 1000000 )); }
mb() { awk -v b="$1" 'BEGIN { printf "%.1f", b / 1e6 }'; }

# Every marked block of the page is there and parses, before anything runs.
for name in base build run compose compose-redis; do block "$name" | bash -n || fail "deploy.md's $name block is not sh"; done

if podman image exists "$base"; then
  step "the base $base exists (kept from an earlier run): its block is not run"
else
  step "deploy.md's base block: debootstrap bookworm with Java 17 and redis-server, podman import (once)"
  s=$(date +%s%N)
  docs_run base
  echo "made the base in $(( $(ms_since "$s") / 1000 )) s"
fi

step "deploy.md's build block"
s=$(date +%s%N)
docs_run build
image_bytes=$(podman image inspect --format '{{.Size}}' "$image")
base_bytes=$(podman image inspect --format '{{.Size}}' "$base")
own=$((image_bytes - base_bytes))
# Its own layers: the jar's (COPY) and the class-data-sharing archive's (the RUN of the training).
history=$(podman history --no-trunc --format json "$image" \
  | python3 -c 'import json, sys; [print(l["size"], l["CreatedBy"]) for l in json.load(sys.stdin)]')
jar_layer=$(echo "$history" | awk '/ COPY file:/ { print $1; exit }')
archive_layer=$(echo "$history" | awk '/ArchiveClassesAtExit/ { print $1; exit }')
[ -n "$jar_layer" ] && [ -n "$archive_layer" ] || fail "no layer of the jar or the archive in $image: $history"
echo "built in $(( $(ms_since "$s") / 1000 )) s: the base $(mb "$base_bytes") MB plus $(mb "$own") MB" \
  "(the jar's layer $(mb "$jar_layer") MB, the class-data-sharing archive's $(mb "$archive_layer") MB)"
# deploy.md's figures row for the image: "| the image's own layers … | 36.0 MB (…) |"
stated=$(grep -m1 "^| the image's own layers" "$docs" | awk -F'|' '{ print $3 }' | grep -o '[0-9][0-9.]* MB' | head -1 | cut -d' ' -f1)
[ -n "$stated" ] || fail "deploy.md's figures state no size for the image's own layers"
awk -v s="$stated" -v m="$(mb "$own")" 'BEGIN { exit !(m >= s * 0.9 && m <= s * 1.1) }' \
  || fail "the image's own layers are $(mb "$own") MB; deploy.md states $stated MB (±10 %)"
echo "deploy.md states $stated MB for the image's own layers: within 10 %"

step "deploy.md's run block: podman run, then its curl line"
s=$(date +%s%N)
docs_run run
echo "the docs' curl line answered $(ms_since "$s") ms after podman run began"
podman exec pocketapi test -s /opt/pocketapi/pocketapi.jsa || fail "no class-data-sharing archive in the image"
podman logs pocketapi 2>&1 | grep -q 'shared archive' && fail "the archive was not used: $(podman logs pocketapi 2>&1 | grep -m1 'shared archive')"
podman logs pocketapi 2>&1 | grep -q 'automatic updates off' || fail "UPDATES=off did not reach the service"
expect "$port_a" '/api/holidays?y=2025&m=10&d=1' \
  '{"date":"2025-10-01","year":2025,"month":10,"day":1,"status":"ture","isHoliday":true,"isWorkday":false,"name":"国庆节、中秋节"}'
expect "$port_a" '/api/holidays?type=alarm&y=2026&m=10&d=10' 'work'
expect "$port_a" '/api/holidays/next?y=2026&m=5&d=6' \
  '{"date":"2026-05-06","name":"端午节","start":"2026-06-19","end":"2026-06-21","days":3,"daysUntil":44}'
[ "$(podman exec pocketapi id -u)" = 10001 ] || fail "not running as user 10001"
podman exec pocketapi touch /pocketapi-test 2>/dev/null && fail "the root file system is writable"
podman healthcheck run pocketapi >/dev/null 2>>"$work/podman.log" || fail "the health check failed"
echo "runs as uid 10001 on a read-only root file system; the health check passes"

step "SIGTERM saves the counters; the docs' run on the same volume counts on"
for _ in $(seq 20); do curl -fs -o /dev/null -H 'X-Forwarded-For: 198.51.100.7' "http://127.0.0.1:$port_a/img/url"; done
before=$(total "$port_a" 198.51.100.7)
podman stop -t 10 pocketapi >/dev/null 2>>"$work/podman.log"
code=$(podman inspect --format '{{.State.ExitCode}}' pocketapi)
[ "$code" = 0 ] || fail "exit code $code after SIGTERM"
podman logs pocketapi 2>&1 | grep -q 'INFO Main - stopped$' || fail "no clean stop in the log"
no_restart pocketapi
podman rm pocketapi >/dev/null 2>>"$work/podman.log"
docs_run run
after=$(total "$port_a" 198.51.100.7)
[ "$after" = $((before + 1)) ] || fail "counted $before before the stop, $after after (expected $((before + 1)))"
echo "counted $before before podman stop (exit code 0), $after after the new container's start"

step "a bad setting exits with code 2 and one line"
set +e
out=$(podman run --rm --no-healthcheck --ulimit nofile=4096:4096 --ulimit nproc=4096:4096 -e PORT=eighty -e UPDATES=off \
  "$image" 2>&1)
code=$?
set -e
[ "$code" = 2 ] || fail "exit code $code for PORT=eighty: $out"
[ "$(echo "$out" | wc -l)" = 1 ] || fail "more than one line: $out"
echo "PORT=eighty: exit code 2, \"$out\""

step "deploy.md's compose block: exactly one container, on the run recipe's volume"
no_restart pocketapi
podman stop -t 10 pocketapi >/dev/null 2>>"$work/podman.log"
podman rm pocketapi >/dev/null 2>>"$work/podman.log"
s=$(date +%s%N)
docs_run compose
echo "up, and the docs' curl line answered, in $(ms_since "$s") ms"
[ "$(running pocketapi)" = "pocketapi " ] || fail "$single started: $(running pocketapi)"
single_total=$(total "$port_a" 198.51.100.7)
[ "$single_total" = $((after + 1)) ] || fail "compose.yaml counted $single_total, expected $((after + 1)) (the run's volume)"
no_restart pocketapi
echo "$single started exactly: $(running pocketapi); counted on from $after to $single_total"
(cd "$top" && podman-compose -f "$single" down) >>"$work/compose.log" 2>&1 || { tail -20 "$work/compose.log"; fail "$single down"; }
podman volume exists pocketapi-data || fail "down removed the volume pocketapi-data"

step "deploy.md's compose-redis block, after the other file: exactly three containers, counters of their own"
s=$(date +%s%N)
docs_run compose-redis
echo "up, and the docs' curl line answered both, in $(ms_since "$s") ms"
[ "$(running pocketapi-redis)" = "pocketapi-a pocketapi-b pocketapi-redis " ] || fail "$pair started: $(running pocketapi-redis)"
for i in $(seq 30); do
  curl -fs -o /dev/null -H "X-Forwarded-For: 203.0.113.$((i % 3))" "http://127.0.0.1:$port_a/api/holidays?type=alarm"
  curl -fs -o /dev/null -H "X-Forwarded-For: 203.0.113.$((i % 3))" "http://127.0.0.1:$port_b/img/url"
done
redis() { podman exec pocketapi-redis redis-cli "$@"; }
for _ in $(seq 100); do [ "$(redis get pocketapi:total)" = 60 ] && break; sleep 0.1; done
[ "$(redis get pocketapi:total)" = 60 ] || fail "Redis holds $(redis get pocketapi:total) calls, expected 60"
a=$(total "$port_a" 203.0.113.0)
[ "$a" = 61 ] || fail "instance a says $a, expected 61"
for _ in $(seq 100); do [ "$(redis get pocketapi:total)" = 61 ] && break; sleep 0.1; done
b=$(total "$port_b" 203.0.113.0)
[ "$b" = 62 ] || fail "instance b says $b, expected 62 (Redis: $(redis get pocketapi:total))"
no_restart pocketapi-a pocketapi-b pocketapi-redis
echo "60 calls on two instances: 60 in Redis, each instance's /api/info exact (61, then 62); no restart"
(cd "$top" && podman-compose -f "$pair" down) >>"$work/compose.log" 2>&1 || { tail -20 "$work/compose.log"; fail "$pair down"; }

step "deploy.md's compose block again, after the pair: its counters are as it left them"
docs_run compose
again=$(total "$port_a" 198.51.100.7)
[ "$again" = $((single_total + 1)) ] || fail "compose.yaml counted $again after the pair, expected $((single_total + 1))"
no_restart pocketapi
echo "counted on from $single_total to $again"
(cd "$top" && podman-compose -f "$single" down -v && podman-compose -f "$pair" down -v) >>"$work/compose.log" 2>&1 \
  || { tail -20 "$work/compose.log"; fail "down -v"; }

echo "the container test took $(( $(date +%s) - t0 )) s"
echo "PASS"
