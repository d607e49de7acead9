# Sourced by the load scripts here (after they set $here): the checkout's top, wrk (installed from the
# Debian registry when missing), the jar (built when missing), and the systemd unit's JVM flags in $flags.
top=$(cd "$here/../.." && pwd)
command -v wrk >/dev/null 2>&1 || { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq wrk >/dev/null; }
[ -f "$top/app/target/pocketapi.jar" ] || (cd "$top" && mvn -B -q package -DskipTests)
read -r -a flags <<<"$(sed -n 's/^ExecStart=[^ ]*java \(.*\) -jar .*/\1/p' "$top/app/deploy/pocketapi.service" \
  | sed 's/ -XX:SharedArchiveFile=[^ ]*//; s/ -Xshare:[a-z]*//')"  # the installed archive: bench.sh makes its own
