#!/usr/bin/env bash
# Refreshes the list of crawlers the counters keep apart (docs/counters.md: Bots apart) from the npm
# package crawler-user-agents (MIT, Martin Monperrus and contributors), its newest version unless one
# is named: writes app/src/main/resources/crawlers/patterns.txt (its patterns, one a line, under a
# line naming the version: what the jar reads), crawlers/LICENSE beside it, and the package's own
# crawler-user-agents.json to app/src/test/resources/crawlers/ (its examples are CrawlersTest's).
# The patterns named in app/tools/crawlers/clients.txt are left out of patterns.txt (general HTTP clients:
# curl, python-requests, okhttp ... are this service's users, not crawlers), and its header says how many and
# why; a pattern clients.txt names that the list no longer has stops the refresh, to be decided again.
# Needs npm and node; then run CrawlersTest and commit the three files.
#
#   app/tools/crawlers/refresh.sh [VERSION]
set -euo pipefail
top=$(cd "$(dirname "$0")/../../.." && pwd)
work=$(mktemp -d /tmp/pocketapi-crawlers.XXXXXX)
trap 'rm -rf "$work"' EXIT
(cd "$work" && npm pack --silent "crawler-user-agents@${1:-latest}" >/dev/null && tar xzf crawler-user-agents-*.tgz)
main=$top/app/src/main/resources/crawlers
test=$top/app/src/test/resources/crawlers
mkdir -p "$main" "$test"
cp "$work/package/LICENSE" "$main/LICENSE"
cp "$work/package/crawler-user-agents.json" "$test/crawler-user-agents.json"
node - "$work/package" "$main/patterns.txt" "$top/app/tools/crawlers/clients.txt" <<'EOF'
const fs = require('node:fs');
const [dir, out, clientsFile] = process.argv.slice(2);
const pkg = JSON.parse(fs.readFileSync(dir + '/package.json', 'utf8'));
const list = JSON.parse(fs.readFileSync(dir + '/crawler-user-agents.json', 'utf8'));
// clients.txt: a pattern a line, then # and why; blank lines and lines of # alone are comments.
const clients = new Set();
for (const line of fs.readFileSync(clientsFile, 'utf8').split('\n')) {
  const pattern = line.split('#')[0].trimEnd();
  if (pattern !== '') clients.add(pattern);
}
const known = new Set(list.map(entry => entry.pattern));
const gone = [...clients].filter(p => !known.has(p));
if (gone.length > 0) {
  throw new Error('clients.txt names patterns this version of the list does not have (renamed? decide again): ' +
    gone.map(p => JSON.stringify(p)).join(', '));
}
const kept = list.filter(entry => !clients.has(entry.pattern));
const n = new Intl.NumberFormat('en-US');
const lines = [
  `# crawler-user-agents ${pkg.version} (npm; ${pkg.license}, see LICENSE): its patterns, one a line, ` +
    'as app/tools/crawlers/refresh.sh wrote them',
  `# ${n.format(kept.length)} of its ${n.format(list.length)}: the ${clients.size} that app/tools/crawlers/clients.txt ` +
    'names are left out, general HTTP clients (curl, Wget,',
  '# python-requests, aiohttp, okhttp, Go-http-client, axios ...) and platforms that call a URL their user set up ' +
    '(EasyCron, IFTTT,',
  '# Zapier ...): for this service they are people\'s cron jobs, phone alarms and home automation, not crawlers ' +
    '(docs/decisions.md).'];
for (const entry of kept) {
  if (/[\r\n]/.test(entry.pattern) || entry.pattern.startsWith('#') || entry.pattern === '') {
    throw new Error('a pattern this file cannot hold on one line: ' + JSON.stringify(entry.pattern));
  }
  lines.push(entry.pattern);
}
fs.writeFileSync(out, lines.join('\n') + '\n');
console.log(`crawler-user-agents ${pkg.version}: ${kept.length} patterns in ${out} ` +
  `(${clients.size} left out: app/tools/crawlers/clients.txt)`);
EOF
