#!/usr/bin/env bash
# The Debian package for real (issue 26): app/target/pocketapi_<version>_all.deb installed, as the
# README says, in a Debian 12 root file system booted with its own systemd (systemd-nspawn), then
# answered, counted, its settings edited, upgraded to a rebuilt package of a higher version,
# broken by a bad setting and reinstalled, removed and purged. Run by .ci/run after `mvn -B verify`
# (it takes a few minutes and needs root, debootstrap, systemd-container and the package
# registries: the root file system and Java are installed from them). Prints what it measured.
# Also: pocketapi --import as the README says (refused while the service runs, once when stopped).
#
#   app/deploy/debian/package-test.sh [path/to/pocketapi_<version>_all.deb]
set -euo pipefail
top=$(cd "$(dirname "$0")/../../.." && pwd)
deb=${1:-$(ls "$top"/app/target/pocketapi_*_all.deb | head -1)}
cache=/var/cache/pocketapi-package-test
work=$(mktemp -d /tmp/pocketapi-package-test.XXXXXX)
nspawn=""
cleanup() {
  if [ -n "$nspawn" ] && kill -0 "$nspawn" 2>/dev/null; then
    kill "$nspawn"
    for _ in $(seq 50); do kill -0 "$nspawn" 2>/dev/null || break; sleep 0.2; done
  fi
  rm -rf "$work"
}
trap cleanup EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }
step() { echo "== $*"; }

step "lintian (no error allowed)"
# lintian leaves its own files in $TMPDIR (mldbm-elf-*): give it ours, which the cleanup removes
mkdir -p "$work/lintian-tmp"
TMPDIR="$work/lintian-tmp" lintian --fail-on error "$deb" 2>&1 | grep -v 'running with root privileges' || true
TMPDIR="$work/lintian-tmp" lintian --fail-on error "$deb" >/dev/null 2>&1 || fail "lintian reports an error"

# A rebuilt package of a higher version, to upgrade to: the same files, version +test1.
version=$(dpkg-deb -f "$deb" Version)
mkdir -p "$work/pkgs" "$work/rebuild"
cp "$deb" "$work/pkgs/"
dpkg-deb -R "$deb" "$work/rebuild"
sed -i "s/^Version: .*/Version: $version+test1/" "$work/rebuild/DEBIAN/control"
dpkg-deb --root-owner-group -Zxz -b "$work/rebuild" "$work/pkgs/pocketapi_${version}+test1_all.deb" >/dev/null
first=$(basename "$deb")
second=pocketapi_${version}+test1_all.deb

# A fresh Debian 12 with systemd and nothing else of ours (kept between runs; copied for each).
if [ ! -x "$cache/rootfs/lib/systemd/systemd" ]; then
  step "debootstrap bookworm (once)"
  rm -rf "$cache"; mkdir -p "$cache"
  debootstrap --variant=minbase --include=systemd,systemd-sysv,dbus,curl,ca-certificates bookworm \
    "$cache/rootfs" http://deb.debian.org/debian >"$cache/debootstrap.log" 2>&1 || { tail -20 "$cache/debootstrap.log"; fail "debootstrap"; }
fi
cp -a "$cache/rootfs" "$work/root"
mkdir -p "$work/root/pkgs"

step "boot the root file system with its own systemd"
systemd-nspawn -D "$work/root" -b -q --register=no --keep-unit --bind-ro="$work/pkgs:/pkgs" >"$work/console.log" 2>&1 &
nspawn=$!
# The container's init is nspawn's child in a PID namespace of its own: nspawn's first child (its "outer child",
# in ours) forks it and exits, and a test that took that one failed at random (nsenter: no such process).
init=""
for _ in $(seq 100); do
  for child in $(pgrep -P "$nspawn" || true); do
    ns=$(readlink "/proc/$child/ns/pid" 2>/dev/null || true)
    if [ -n "$ns" ] && [ "$ns" != "$(readlink /proc/self/ns/pid)" ]; then init=$child; break; fi
  done
  [ -n "$init" ] && break
  sleep 0.1
done
[ -n "$init" ] || fail "the container did not start: $(tail -5 "$work/console.log")"
inside() { nsenter -t "$init" -m -u -i -p -n -- env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin DEBIAN_FRONTEND=noninteractive "$@"; }
for _ in $(seq 150); do
  state=$(inside systemctl is-system-running 2>/dev/null || true)
  case "$state" in running|degraded) break ;; esac
  sleep 0.2
done
echo "systemd in the container: $state"

answer() {  # $1: port, $2: path; waits up to 60 s for an answer
  for _ in $(seq 300); do
    if out=$(inside curl -fsS "http://127.0.0.1:$1$2" 2>/dev/null); then echo "$out"; return 0; fi
    sleep 0.2
  done
  return 1
}
total() { answer "$1" /api/info | sed 's/.*"site":{"totalRequests":\([0-9]*\).*/\1/'; }

# Tests reach no server but those they start: the service's holiday updates (GitHub, jsDelivr, unpkg)
# are switched off by a drop-in of the test's own, in place before the package's first start. The
# package's settings file stays as shipped.
mkdir -p "$work/root/etc/systemd/system/pocketapi.service.d"
printf '[Service]\nEnvironment=UPDATES=off\n' \
  >"$work/root/etc/systemd/system/pocketapi.service.d/no-internet.conf"

step "install: apt install ./$first (as the README says; Java comes from the registry)"
inside apt-get update -qq >/dev/null
start=$(date +%s.%N)
inside sh -c "cd /pkgs && apt-get install -y -qq ./$first" >"$work/install.log" 2>&1 || { tail -20 "$work/install.log"; fail "install"; }
answer 8080 /healthz >/dev/null || fail "no answer after the install: $(inside systemctl status pocketapi --no-pager | tail -5)"
installed=$(awk -v s="$start" -v e="$(date +%s.%N)" 'BEGIN { printf "%.1f", e - s }')
[ "$(inside systemctl is-enabled pocketapi)" = enabled ] || fail "not enabled"
[ "$(inside stat -c %a:%U /etc/pocketapi/pocketapi.env)" = 600:root ] || fail "the settings file is not root's 0600"
help=$(inside pocketapi --help)
[[ "$help" == *HEADER_TIMEOUT_SECONDS* ]] || fail "pocketapi --help"

step "the class-data-sharing archive postinst made: the unit starts with it"
inside test -s /var/cache/pocketapi/pocketapi.jsa || fail "no /var/cache/pocketapi/pocketapi.jsa after the install"
archive_mb=$(inside stat -c %s /var/cache/pocketapi/pocketapi.jsa | awk '{printf "%.0f", $1/1048576}')
inside journalctl -u pocketapi --no-pager 2>/dev/null | grep -q 'Unable to use shared archive' \
  && fail "the service could not use the archive: $(inside journalctl -u pocketapi --no-pager | grep -m1 'shared archive')"
# Time to first answer as installed, the archive in use, against the same JVM flags without it (both from
# systemctl start, the machine's Java warm in its page cache): median of three each.
# The test starts the unit more often than systemd's default start limit allows (5 in 10 s; a fast
# machine gets there): each start by the test first resets that count, as `systemctl status` advises.
start_unit() { inside systemctl reset-failed pocketapi; inside systemctl "${1:-start}" pocketapi; }
first_answer() {
  local t0 t1
  inside systemctl stop pocketapi
  t0=$(date +%s%N); start_unit; answer 8080 /healthz >/dev/null || fail "no answer"; t1=$(date +%s%N)
  echo $(( (t1 - t0) / 1000000 ))
}
with=(); without=()
for _ in 1 2 3; do with+=("$(first_answer)"); done
inside mv /var/cache/pocketapi/pocketapi.jsa /var/cache/pocketapi/pocketapi.jsa.off
for _ in 1 2 3; do without+=("$(first_answer)"); done
inside mv /var/cache/pocketapi/pocketapi.jsa.off /var/cache/pocketapi/pocketapi.jsa
start_unit restart
median3() { printf '%s\n' "$@" | sort -n | sed -n 2p; }
echo "archive ${archive_mb} MB; systemctl start to first answer: $(median3 "${with[@]}") ms with it, $(median3 "${without[@]}") ms without"

step "answer and count"
[ "$(answer 8080 '/api/holidays?date=2026-10-01&type=alarm')" = vacation ] || fail "the alarm on 2026-10-01"
for _ in 1 2 3; do answer 8080 '/api/holidays?type=pithy' >/dev/null; done
before=$(total 8080)
[ "$before" -ge 5 ] || fail "counted $before calls, expected at least 5"

step "a starting count: pocketapi --import, refused while the service runs, once when it is stopped"
printf 'date,count\n2026-01-01,5\ntotal,100000\n' >"$work/root/root/hits.csv"
inside chmod 0600 /root/hits.csv  # root's own file: the service's user cannot read it, the command passes it
refused=$(inside pocketapi --import /root/hits.csv 2>&1) && fail "an import while the service runs: $refused"
[[ "$refused" == *"is in use by another pocketapi"* ]] || fail "the import's refusal: $refused"
inside systemctl stop pocketapi
imported=$(inside pocketapi --import /root/hits.csv 2>&1) || fail "pocketapi --import: $imported"
[[ "$imported" == "imported /root/hits.csv (rows of date,count, sha256:"* ]] || fail "the import said: $imported"
again=$(inside pocketapi --import /root/hits.csv 2>&1) || fail "pocketapi --import a second time: $again"
[[ "$again" == "/root/hits.csv was imported before (sha256:"* ]] || fail "the second import said: $again"
start_unit start
before=$(total 8080)
[ "$before" -ge 100005 ] || fail "counted $before calls after the import, expected 100,005 and more"

step "edit the settings: PORT=8081"
inside sh -c 'printf "PORT=8081\n" >> /etc/pocketapi/pocketapi.env'
start_unit restart
edited=$(total 8081)
[ "$edited" -gt "$before" ] || fail "counters after the restart: $edited, before $before"
pid=$(inside systemctl show -p MainPID --value pocketapi)

step "upgrade: apt install ./$second"
inside sh -c "cd /pkgs && apt-get install -y -qq -o Dpkg::Options::=--force-confold ./$second" >"$work/upgrade.log" 2>&1 \
  || { tail -20 "$work/upgrade.log"; fail "upgrade"; }
[ "$(inside dpkg-query -W -f '${Version}' pocketapi)" = "$version+test1" ] || fail "not upgraded"
upgraded=$(total 8081) || fail "no answer on 8081 after the upgrade: the edited settings were lost"
[ "$upgraded" -gt "$edited" ] || fail "counters after the upgrade: $upgraded, before $edited"
[ "$(inside systemctl show -p MainPID --value pocketapi)" != "$pid" ] || fail "not restarted by the upgrade"
grep -q "PORT=8081" "$work/root/etc/pocketapi/pocketapi.env" || fail "the edit of the settings is gone"
restarts=$(inside journalctl -u pocketapi --no-pager -o cat | grep -c ' listening on ' || true)

step "a bad setting: the reinstall completes, systemctl status says why"
inside sh -c 'echo "MAX_CONNECTIONS=7" >> /etc/pocketapi/pocketapi.env'
inside sh -c "cd /pkgs && apt-get install -y -qq --reinstall -o Dpkg::Options::=--force-confold ./$second" >"$work/bad.log" 2>&1 \
  || { tail -20 "$work/bad.log"; fail "the install did not complete with a bad setting"; }
for _ in $(seq 50); do [ "$(inside systemctl is-failed pocketapi || true)" = failed ] && break; sleep 0.2; done
status=$(inside systemctl status pocketapi --no-pager 2>&1 || true)
[[ "$status" == *'ERROR pocketapi: MAX_CONNECTIONS (--max-connections): "7" is not accepted'* ]] \
  || fail "systemctl status does not say why: $(echo "$status" | tail -5)"
inside sed -i '/^MAX_CONNECTIONS=7$/d' /etc/pocketapi/pocketapi.env
start_unit restart
answer 8081 /healthz >/dev/null || fail "no answer after the setting was fixed"

step "remove: stopped, counters and settings kept"
inside apt-get remove -y -qq pocketapi >"$work/remove.log" 2>&1 || { tail -20 "$work/remove.log"; fail "remove"; }
[ "$(inside systemctl is-active pocketapi || true)" != active ] || fail "still running after remove"
[ -f "$work/root/etc/pocketapi/pocketapi.env" ] || fail "the settings are gone after remove"
inside sh -c 'ls /var/lib/pocketapi/stats.json' >/dev/null || fail "the counters are gone after remove"

step "purge: nothing of pocketapi left"
inside apt-get purge -y -qq pocketapi >"$work/purge.log" 2>&1 || { tail -20 "$work/purge.log"; fail "purge"; }
# The startup lines said so: no holiday update was attempted, from the first start on.
journal=$(inside journalctl -u pocketapi --no-pager -o cat)
[[ "$journal" == *"automatic updates off"* && "$journal" != *"updates every"* && "$journal" != *"holiday update"* ]] \
  || fail "the service tried to reach the internet: $(echo "$journal" | grep -m3 'holiday update\|updates every')"
rm -rf "$work/root/etc/systemd/system/pocketapi.service.d"  # the test's own drop-in, not the package's
left=$(inside sh -c 'find / -xdev \( -path /proc -o -path /pkgs -o -path /sys -o -path /var/lib/apt -o -path /var/cache/apt \
  -o -path /var/log/journal \) -prune -o -name "*pocketapi*" -print' || true)
[ -z "$left" ] || fail "left behind after purge: $left"

echo
echo "package: $first, $(stat -c %s "$deb") bytes"
echo "install to first answer (Java from the registry included): ${installed} s"
echo "counted: $before calls after the install, $edited after the edit, $upgraded after the upgrade"
echo "service starts seen in the journal: $restarts (install, edit, upgrade)"
echo "after purge: nothing named *pocketapi* outside apt's lists and the journal"
echo "PASS"
