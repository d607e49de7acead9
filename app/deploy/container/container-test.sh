#!/usr/bin/env bash
# The container image for real (issue 42): built from app/deploy/container/Containerfile with podman
# on a base made here (no registry is reachable: a Debian 12 root file system from debootstrap with
# Debian's Java 17 and redis-server, imported with `podman import`, passed as BASE), then run as
# the README says: it answers the README's examples, runs as a non-root user on a read-only root
# file system, its health check passes, a SIGTERM saves the counters (exit 0) and they survive a
# start with the same volume, a bad setting exits with code 2 and one line; compose.yaml starts
# exactly one instance, and compose.redis.yaml's two instances and Redis end with exact counters.
# Run by .ci/run after `mvn -B verify` (needs root, podman, runc, podman-compose, debootstrap and
# the Debian archive for the base, once; skipped, saying so, without them unless
# POCKETAPI_REQUIRE_TOOLS=1). Prints what it measured. Removes what it made but the base.
#
#   app/deploy/container/container-test.sh
set -euo pipefail
top=$(cd "$(dirname "$0")/../../.." && pwd)
jar=$top/app/target/pocketapi.jar
cache=/var/cache/pocketapi-container-test
work=$(mktemp -d /tmp/pocketapi-container-test.XXXXXX)
base=localhost/pocketapi-test-base
image=localhost/pocketapi-test
fail() { echo "FAIL: $*" >&2; exit 1; }
step() { echo "== $*"; }
cleanup() {
  podman rm -f -t 0 pocketapi-test-one >/dev/null 2>&1 || true
  (cd "$work" && podman-compose -p pocketapi-test -f "$work/compose.redis.yaml" down -v >/dev/null 2>&1) || true
  (cd "$work" && podman-compose -p pocketapi-one -f "$work/compose.yaml" down -v >/dev/null 2>&1) || true
  podman volume rm -f pocketapi-test-data >/dev/null 2>&1 || true
  podman network rm -f pocketapi-test_default pocketapi-one_default >/dev/null 2>&1 || true
  podman rmi -f "$image" >/dev/null 2>&1 || true
  rm -rf "$work"
}
trap cleanup EXIT
[ -f "$jar" ] || fail "no $jar: run mvn -B package first"
for tool in podman runc podman-compose debootstrap curl python3; do
  if ! command -v "$tool" >/dev/null 2>&1; then
    [ "${POCKETAPI_REQUIRE_TOOLS:-}" = 1 ] && fail "$tool is missing (POCKETAPI_REQUIRE_TOOLS=1: .ci/run installs it)"
    echo "SKIPPED: the container test needs $tool (apt-get install podman runc podman-compose debootstrap curl)"
    exit 0
  fi
done

# Podman as these machines run it: runc, cgroupfs, explicit limits (every podman call, podman-compose's too).
export CONTAINERS_CONF=$work/containers.conf
cat >"$CONTAINERS_CONF" <<'EOF'
[containers]
default_ulimits = ["nofile=4096:4096", "nproc=4096:4096"]
[engine]
runtime = "runc"
cgroup_manager = "cgroupfs"
EOF

if ! podman image exists "$base"; then
  if [ ! -x "$cache/rootfs/usr/bin/java" ] || [ ! -x "$cache/rootfs/usr/bin/redis-server" ]; then
    step "debootstrap bookworm with Java 17 and redis-server (once)"
    rm -rf "$cache"; mkdir -p "$cache"
    debootstrap --variant=minbase --include=openjdk-17-jre-headless,redis-server bookworm "$cache/rootfs" \
      http://deb.debian.org/debian >"$cache/debootstrap.log" 2>&1 || { tail -20 "$cache/debootstrap.log"; fail "debootstrap"; }
  fi
  step "import the base image"
  tar -C "$cache/rootfs" -c . | podman import -q - "$base" >/dev/null
fi

step "build the image (Containerfile, BASE=$base)"
t0=$(date +%s)
podman build -q --format docker --build-arg BASE="$base" -t "$image" -f "$top/app/deploy/container/Containerfile" \
  "$top/app" >/dev/null
echo "built in $(( $(date +%s) - t0 )) s; size $(podman image inspect --format '{{.Size}}' "$image" | awk '{printf "%.0f MB", $1/1e6}') (the base: $(podman image inspect --format '{{.Size}}' "$base" | awk '{printf "%.0f MB", $1/1e6}'))"

free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'; }
await() {  # $1 port: waits (a minute at most) for /healthz; prints the milliseconds it took
  local t0; t0=$(date +%s%N)
  for _ in $(seq 600); do
    curl -fs -o /dev/null "http://127.0.0.1:$1/healthz" && { echo $(( ($(date +%s%N) - t0) / 1000000 )); return 0; }
    sleep 0.1
  done
  return 1
}
total() { curl -fs -H "X-Forwarded-For: $2" "http://127.0.0.1:$1/api/info" | sed 's/.*"site":{"totalRequests":\([0-9]*\).*/\1/'; }
expect() {  # $1 port, $2 path, $3 the exact body
  local got; got=$(curl -fs "http://127.0.0.1:$1$2") || fail "$2 did not answer"
  [ "$got" = "$3" ] || fail "$2 answered $got, expected $3"
}
# Tests reach no server but those they start: holiday updates off.
offline=(-e UPDATES=off)

step "run it read-only as the README says, and the README's examples"
port=$(free_port)
podman volume create pocketapi-test-data >/dev/null
run() {
  podman run -d --name pocketapi-test-one --read-only -p "127.0.0.1:$port:8080" -v pocketapi-test-data:/data \
    --health-interval disable "${offline[@]}" "$image" >/dev/null 2>>"$work/podman.log"
}
run
ms=$(await "$port") || fail "no answer: $(podman logs pocketapi-test-one 2>&1 | tail -5)"
echo "first answer $ms ms after podman run"
podman exec pocketapi-test-one test -s /opt/pocketapi/pocketapi.jsa || fail "no class-data-sharing archive in the image"
podman logs pocketapi-test-one 2>&1 | grep -q 'shared archive' && fail "the archive was not used: $(podman logs pocketapi-test-one 2>&1 | grep -m1 'shared archive')"
expect "$port" '/api/holidays?y=2025&m=10&d=1' \
  '{"date":"2025-10-01","year":2025,"month":10,"day":1,"status":"ture","isHoliday":true,"isWorkday":false,"name":"国庆节、中秋节"}'
expect "$port" '/api/holidays?type=alarm&y=2026&m=10&d=10' 'work'
expect "$port" '/api/holidays/next?y=2026&m=5&d=6' \
  '{"date":"2026-05-06","name":"端午节","start":"2026-06-19","end":"2026-06-21","days":3,"daysUntil":44}'
expect "$port" '/healthz' 'ok'
[ "$(podman exec pocketapi-test-one id -u)" = 10001 ] || fail "not running as user 10001"
podman exec pocketapi-test-one touch /pocketapi-test 2>/dev/null && fail "the root file system is writable"
podman healthcheck run pocketapi-test-one >/dev/null || fail "the health check failed"
echo "runs as uid 10001 on a read-only root file system; the health check passes"

step "SIGTERM saves the counters; a start with the same volume counts on"
for _ in $(seq 20); do curl -fs -o /dev/null -H 'X-Forwarded-For: 198.51.100.7' "http://127.0.0.1:$port/img/url"; done
before=$(total "$port" 198.51.100.7)
podman stop -t 10 pocketapi-test-one >/dev/null 2>>"$work/podman.log"
code=$(podman inspect --format '{{.State.ExitCode}}' pocketapi-test-one)
[ "$code" = 0 ] || fail "exit code $code after SIGTERM"
podman logs pocketapi-test-one 2>&1 | grep -q 'INFO Main - stopped$' || fail "no clean stop in the log"
podman rm pocketapi-test-one >/dev/null 2>>"$work/podman.log"
run
await "$port" >/dev/null || fail "no answer after the restart"
after=$(total "$port" 198.51.100.7)
[ "$after" = $((before + 1)) ] || fail "counted $before before the stop, $after after (expected $((before + 1)))"
echo "counted $before before podman stop (exit code 0), $after after the start"
podman rm -f -t 0 pocketapi-test-one >/dev/null 2>>"$work/podman.log"

step "a bad setting exits with code 2 and one line"
set +e
out=$(podman run --rm --no-healthcheck -e PORT=eighty "${offline[@]}" "$image" 2>&1)
code=$?
set -e
[ "$code" = 2 ] || fail "exit code $code for PORT=eighty: $out"
[ "$(echo "$out" | wc -l)" = 1 ] || fail "more than one line: $out"
echo "PORT=eighty: exit code 2, \"$out\""

step "compose.yaml: exactly one instance, with podman-compose"
cp "$top/app/deploy/container/compose.yaml" "$top/app/deploy/container/compose.redis.yaml" "$work/"
sed -i "s#context: ../..#context: $top/app#" "$work/compose.yaml" "$work/compose.redis.yaml"
compose() {  # $1 file, $2 project, the rest: podman-compose's command
  (cd "$work" && POCKETAPI_IMAGE=$image REDIS_IMAGE=$base POCKETAPI_PORT=$port_a POCKETAPI_PORT_B=$port_b \
    podman-compose -p "$2" -f "$work/$1" --podman-run-args="--health-interval disable -e UPDATES=off" "${@:3}" \
    >>"$work/compose.log" 2>&1) || { tail -20 "$work/compose.log"; fail "podman-compose ${*:3} ($1)"; }
}
running() { podman ps --filter "label=io.podman.compose.project=$1" --format '{{.Names}}' | sort | tr '\n' ' '; }
port_a=$(free_port); port_b=$(free_port)
compose compose.yaml pocketapi-one up -d --no-build
await "$port_a" >/dev/null || fail "compose.yaml: no answer"
[ "$(running pocketapi-one)" = "pocketapi-one_pocketapi_1 " ] || fail "compose.yaml started: $(running pocketapi-one)"
echo "compose.yaml started exactly: $(running pocketapi-one)"
compose compose.yaml pocketapi-one down -v

step "compose.redis.yaml: two instances and Redis, with podman-compose"
t0=$(date +%s)
compose compose.redis.yaml pocketapi-test up -d --no-build
[ "$(running pocketapi-test)" = "pocketapi-test_pocketapi-b_1 pocketapi-test_pocketapi_1 pocketapi-test_redis_1 " ] \
  || fail "compose.redis.yaml started: $(running pocketapi-test)"
await "$port_a" >/dev/null || fail "instance a: no answer"
await "$port_b" >/dev/null || fail "instance b: no answer"
for i in $(seq 30); do
  curl -fs -o /dev/null -H "X-Forwarded-For: 203.0.113.$((i % 3))" "http://127.0.0.1:$port_a/api/holidays?type=alarm"
  curl -fs -o /dev/null -H "X-Forwarded-For: 203.0.113.$((i % 3))" "http://127.0.0.1:$port_b/img/url"
done
redis() { podman exec pocketapi-test_redis_1 redis-cli "$@"; }
for _ in $(seq 100); do [ "$(redis get pocketapi:total)" = 60 ] && break; sleep 0.1; done
[ "$(redis get pocketapi:total)" = 60 ] || fail "Redis holds $(redis get pocketapi:total) calls, expected 60"
a=$(total "$port_a" 203.0.113.0)
[ "$a" = 61 ] || fail "instance a says $a, expected 61"
for _ in $(seq 100); do [ "$(redis get pocketapi:total)" = 61 ] && break; sleep 0.1; done
b=$(total "$port_b" 203.0.113.0)
[ "$b" = 62 ] || fail "instance b says $b, expected 62 (Redis: $(redis get pocketapi:total))"
echo "60 calls on two instances: 60 in Redis, each instance's /api/info exact (61, then 62); up in $(( $(date +%s) - t0 )) s"
echo "PASS"
