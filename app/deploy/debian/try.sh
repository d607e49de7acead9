#!/usr/bin/env bash
# Try the .deb in a few minutes and leave nothing behind (docs/deploy.md: Try it first): a throw-away
# Debian 12 made by debootstrap in a folder of /var/tmp, booted with its own systemd by systemd-nspawn (your
# system needs no systemd of its own), on a network of its own (its 127.0.0.1:8080 is not yours). The package
# is installed there as the README says, `apt install ./pocketapi_<version>_all.deb` (Java's packages come from
# Debian's archive, downloaded before the boot), and its first answers are shown. At a terminal you then get a
# shell inside; when it ends (or at once, without a terminal) the container is powered off and the folder
# deleted. Root; debootstrap and systemd-container installed; Debian's archive reachable.
#
#   app/deploy/debian/try.sh [--updates off] [path/to/pocketapi_<version>_all.deb]
#
# --updates off: the service fetches no holiday update (a drop-in of the unit's; the package's settings file
# stays as shipped). DEBIAN_MIRROR=URL: another Debian mirror than deb.debian.org.
# app/deploy/debian/package-test.sh runs the package test through these same steps: it sources this file.
set -euo pipefail

try_mirror=${DEBIAN_MIRROR:-http://deb.debian.org/debian}
try_dir=""
try_nspawn=""
try_init=""

try_fail() { echo "FAIL: $*" >&2; exit 1; }
try_started=$(date +%s)
try_step() { echo "== [$(( $(date +%s) - try_started )) s] $*"; }
# systemd-nspawn makes /run/systemd/nspawn/ (on a host whose /run is no tmpfs, it stays): removed again if new.
try_run_dir_new=0
[ -d /run/systemd/nspawn ] || try_run_dir_new=1

# Powers the container off (SIGTERM to systemd-nspawn is an orderly shutdown of a booted container) and deletes
# its folder. Run on every exit.
try_teardown() {
  if [ -n "$try_nspawn" ] && kill -0 "$try_nspawn" 2>/dev/null; then
    kill "$try_nspawn"
    for _ in $(seq 100); do kill -0 "$try_nspawn" 2>/dev/null || break; sleep 0.1; done
    kill -0 "$try_nspawn" 2>/dev/null && kill -KILL "$try_nspawn"
    wait "$try_nspawn" 2>/dev/null || true
  fi
  try_nspawn=""
  if [ "$try_run_dir_new" = 1 ]; then
    rmdir /run/systemd/nspawn/propagate /run/systemd/nspawn/locks /run/systemd/nspawn 2>/dev/null || true
  fi
  [ -n "$try_dir" ] && rm -rf "$try_dir"
  try_dir=""
}

# A command inside the booted container: its mounts, names, processes and network.
inside() { nsenter -t "$try_init" -m -u -i -p -n -- env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin DEBIAN_FRONTEND=noninteractive "$@"; }

# $1: port, $2: path; the body, once the service answers (a minute at most).
answer() {
  for _ in $(seq 300); do
    if out=$(inside curl -fs "http://127.0.0.1:$1$2"); then echo "$out"; return 0; fi
    sleep 0.2
  done
  return 1
}

# $1: the folder for the container (deleted by try_teardown), $2: a folder of .deb files, seen inside as /pkgs,
# $3: the name of the one there whose dependencies are downloaded before the boot. Leaves the container booted.
try_boot() {
  try_dir=$1
  local pkgs=$2 deb=$3 root=$1/root
  try_step "debootstrap a Debian 12 with systemd into $root"
  mkdir -p "$root"
  debootstrap --variant=minbase --include=systemd,systemd-sysv,dbus,curl,ca-certificates bookworm "$root" \
    "$try_mirror" >"$try_dir/debootstrap.log" 2>&1 || { tail -20 "$try_dir/debootstrap.log"; try_fail "debootstrap"; }
  try_step "download what $deb needs (Java) from Debian's archive"
  # The container boots without the host's network: what the install needs is fetched first, with the host's.
  systemd-nspawn -D "$root" -M pocketapi-try -q --register=no --keep-unit --link-journal=no --pipe \
    --bind-ro="$pkgs:/pkgs" -- sh -c "apt-get update -qq && apt-get install -y -qq --download-only /pkgs/$deb" \
    >"$try_dir/download.log" 2>&1 || { tail -20 "$try_dir/download.log"; try_fail "apt-get install --download-only"; }
  try_step "boot it with its own systemd (systemd-nspawn --boot --private-network)"
  systemd-nspawn -D "$root" -M pocketapi-try -b -q --register=no --keep-unit --link-journal=no --private-network \
    --bind-ro="$pkgs:/pkgs" >"$try_dir/console.log" 2>&1 &
  try_nspawn=$!
  # The container's init is nspawn's child in a PID namespace of its own: nspawn's first child (its "outer
  # child", in ours) forks it and exits, so the one to enter is the child whose PID namespace is not ours.
  for _ in $(seq 100); do
    for child in $(pgrep -P "$try_nspawn" || true); do
      ns=$(readlink "/proc/$child/ns/pid" 2>/dev/null || true)
      if [ -n "$ns" ] && [ "$ns" != "$(readlink /proc/self/ns/pid)" ]; then try_init=$child; break; fi
    done
    [ -n "$try_init" ] && break
    sleep 0.1
  done
  [ -n "$try_init" ] || try_fail "the container did not start: $(tail -5 "$try_dir/console.log")"
  local state=""
  for _ in $(seq 150); do
    state=$(inside systemctl is-system-running 2>/dev/null || true)
    case "$state" in running|degraded) break ;; esac
    sleep 0.2
  done
  echo "systemd in the container: $state"
}

# The service fetches no holiday update, from its first start on: a drop-in of the unit's, made before the install.
try_updates_off() {
  mkdir -p "$try_dir/root/etc/systemd/system/pocketapi.service.d"
  printf '[Service]\nEnvironment=UPDATES=off\n' >"$try_dir/root/etc/systemd/system/pocketapi.service.d/updates-off.conf"
}

# $1: the .deb's name in /pkgs. Installs it as the README says and waits for the first answer; prints the seconds
# from `apt install` to that answer.
try_install() {
  local start
  start=$(date +%s.%N)
  inside sh -c "cd /pkgs && apt-get install -y -qq ./$1" >"$try_dir/install.log" 2>&1 \
    || { tail -20 "$try_dir/install.log"; try_fail "apt install ./$1"; }
  answer 8080 /healthz >/dev/null || try_fail "no answer after the install: $(inside systemctl status pocketapi --no-pager | tail -5)"
  awk -v s="$start" -v e="$(date +%s.%N)" 'BEGIN { printf "%.1f\n", e - s }'
}

try_main() {
  local updates=on deb=""
  while [ $# -gt 0 ]; do
    case "$1" in
      --updates) updates=${2:-}; shift 2 ;;
      --updates=*) updates=${1#*=}; shift ;;
      -h|--help) sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
      *) deb=$1; shift ;;
    esac
  done
  [ "$updates" = on ] || [ "$updates" = off ] || try_fail "--updates takes on or off, not \"$updates\""
  top=$(cd "$(dirname "$0")/../../.." && pwd)
  [ -n "$deb" ] || deb=$(ls "$top"/app/target/pocketapi_*_all.deb 2>/dev/null | head -1)
  [ -f "$deb" ] || try_fail "no package: build it with mvn -B -q package -DskipTests, or name one"
  [ "$(id -u)" = 0 ] || try_fail "run it as root (debootstrap and systemd-nspawn need root)"
  for tool in debootstrap systemd-nspawn nsenter; do
    command -v "$tool" >/dev/null 2>&1 || try_fail "$tool is missing (apt-get install debootstrap systemd-container)"
  done
  trap 'try_teardown; try_step "powered off and deleted: nothing is left"' EXIT
  try_dir=$(mktemp -d /var/tmp/pocketapi-try.XXXXXX)
  local dir=$try_dir
  mkdir "$dir/pkgs"
  cp "$deb" "$dir/pkgs/"
  try_boot "$dir" "$dir/pkgs" "$(basename "$deb")"
  [ "$updates" = off ] && try_updates_off
  try_step "apt install ./$(basename "$deb")"
  local took
  took=$(try_install "$(basename "$deb")")
  echo "the first answer came $took s after apt install began"
  try_step "its first answers"
  echo "\$ curl http://127.0.0.1:8080/healthz"
  answer 8080 /healthz
  echo
  echo "\$ curl 'http://127.0.0.1:8080/api/holidays?type=alarm&offset=1'"
  answer 8080 '/api/holidays?type=alarm&offset=1'
  echo
  echo "\$ systemctl status pocketapi"
  inside systemctl status pocketapi --no-pager --lines=3 || true
  try_step "ready"
  if [ -t 0 ] && [ -t 1 ]; then
    try_step "a shell inside (systemctl status pocketapi, journalctl -u pocketapi, curl localhost:8080/...); exit removes it all"
    inside env TERM="${TERM:-xterm}" PS1='pocketapi-try# ' bash --norc -i || true
  fi
  try_step "power off and delete $dir"
}

# Run, or sourced by package-test.sh for the functions above.
if [ "${BASH_SOURCE[0]}" = "$0" ]; then
  try_main "$@"
fi
