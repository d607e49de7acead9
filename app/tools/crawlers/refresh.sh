#!/usr/bin/env bash
# Refreshes the list of crawlers the counters keep apart (docs/counters.md: Bots apart) from the npm
# package crawler-user-agents (MIT, Martin Monperrus and contributors), its newest version unless one
# is named: writes app/src/main/resources/crawlers/patterns.txt (its patterns, one a line, under a
# line naming the version: what the jar reads), crawlers/LICENSE beside it, and the package's own
# crawler-user-agents.json to app/src/test/resources/crawlers/ (its examples are CrawlersTest's).
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
node - "$work/package" "$main/patterns.txt" <<'EOF'
const fs = require('node:fs');
const [dir, out] = process.argv.slice(2);
const pkg = JSON.parse(fs.readFileSync(dir + '/package.json', 'utf8'));
const list = JSON.parse(fs.readFileSync(dir + '/crawler-user-agents.json', 'utf8'));
const lines = [`# crawler-user-agents ${pkg.version} (npm; ${pkg.license}, see LICENSE): its patterns, one a line, ` +
  'as app/tools/crawlers/refresh.sh wrote them'];
for (const entry of list) {
  if (/[\r\n]/.test(entry.pattern) || entry.pattern.startsWith('#') || entry.pattern === '') {
    throw new Error('a pattern this file cannot hold on one line: ' + JSON.stringify(entry.pattern));
  }
  lines.push(entry.pattern);
}
fs.writeFileSync(out, lines.join('\n') + '\n');
console.log(`crawler-user-agents ${pkg.version}: ${list.length} patterns in ${out}`);
EOF
