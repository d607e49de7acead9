// Writes the test data the lunar resource is checked against: chinese-days' own (table-based)
// lunar calendar and solar terms, an implementation independent of lunar-javascript's, for
// 1901-01-01 to 2100-12-31 (LunarCalendarTest reads them). Run with generate.mjs:
//   cd app/tools/lunar && npm ci && node check-data.mjs
import { writeFileSync, mkdirSync } from 'node:fs';
import cd from 'chinese-days';

const months = ['# chinese-days 1.5.7: the first day of every lunar month from 1901 to 2100 (and the month',
  '# holding 1901-01-01): "<date> <lunar year> <month> <1 if a leap month, else 0>"'];
const first = cd.getLunarDate('1901-01-01');
const start = new Date(Date.UTC(1901, 0, 1) - (first.lunarDay - 1) * 86400000).toISOString().slice(0, 10);
for (let t = Date.parse(start + 'T00:00:00Z'); t <= Date.UTC(2100, 11, 31); t += 86400000) {
  const date = new Date(t).toISOString().slice(0, 10);
  const l = cd.getLunarDate(date);
  if (l.lunarDay === 1) months.push(`${date} ${l.lunarYear} ${l.lunarMon} ${l.isLeap ? 1 : 0}`);
}
const terms = ['# chinese-days 1.5.7: the day of every solar term from 1901 to 2100: "<date> <name>"'];
for (const t of cd.getSolarTerms('1901-01-01', '2100-12-31')) terms.push(`${t.date} ${t.name}`);
mkdirSync('../../src/test/resources/lunar', { recursive: true });
writeFileSync('../../src/test/resources/lunar/chinese-days-months.txt', months.join('\n') + '\n');
writeFileSync('../../src/test/resources/lunar/chinese-days-terms.txt', terms.join('\n') + '\n');
console.log(`${months.length - 2} month starts, ${terms.length - 1} solar terms`);
