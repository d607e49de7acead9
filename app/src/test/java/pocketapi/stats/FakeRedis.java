package pocketapi.stats;

import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The semantics of the Lua scripts, in memory, for unit tests of RedisCounters' bookkeeping (the
 * scripts themselves are tested against a real redis-server). Can be told to be unreachable, or
 * to apply a batch and lose the answer.
 */
final class FakeRedis implements RedisStore {
    enum Mode { UP, DOWN, LOSE_ANSWERS }

    volatile Mode mode = Mode.UP;
    long total;
    final Map<Long, Long> daily = new HashMap<>();
    final Map<String, Long> userTotals = new HashMap<>();
    final Map<Long, Map<String, Long>> userDaily = new HashMap<>();
    /** Users by last seen, least recent first. */
    final LinkedHashMap<String, Boolean> seen = new LinkedHashMap<>(16, 0.75f, true);
    final Map<String, Long> applied = new HashMap<>();
    boolean imported;
    int exchanges;

    @Override
    public synchronized Totals apply(Batch b, List<String> report, int maxUsers) throws Unavailable {
        exchanges++;
        if (mode == Mode.DOWN) {
            throw new Unavailable("connection refused", null);
        }
        if (b.seq() > applied.getOrDefault(b.instance(), 0L)) {
            total += b.site();
            daily.merge(b.day(), b.site(), Long::sum);
            for (Map.Entry<String, Long> e : b.users().entrySet()) {
                userTotals.merge(e.getKey(), e.getValue(), Long::sum);
                userDaily.computeIfAbsent(b.day(), d -> new HashMap<>()).merge(e.getKey(), e.getValue(), Long::sum);
                seen.remove(e.getKey());
                seen.put(e.getKey(), true);
            }
            while (seen.size() > maxUsers) {
                String gone = seen.keySet().iterator().next();
                seen.remove(gone);
                userTotals.remove(gone);
                userDaily.values().forEach(m -> m.remove(gone));
            }
            applied.put(b.instance(), b.seq());
        }
        if (mode == Mode.LOSE_ANSWERS) {
            throw new Unavailable("read timed out", null);
        }
        Map<String, long[]> users = new HashMap<>();
        for (String user : report) {
            users.put(user, new long[] {userTotals.getOrDefault(user, 0L),
                userDaily.getOrDefault(b.day(), Map.of()).getOrDefault(user, 0L)});
        }
        return new Totals(total, daily.getOrDefault(b.day(), 0L), users);
    }

    @Override
    public synchronized boolean importOnce(UsageCounters.Snapshot s, long today, int maxUsers) throws Unavailable {
        exchanges++;
        if (mode != Mode.UP) {
            throw new Unavailable("connection refused", null);
        }
        if (imported || total > 0) {
            return false;
        }
        total = s.site().total();
        if (s.site().day() == today) {
            daily.put(today, s.site().daily());
        }
        for (int i = 0; i < s.users().length; i++) {
            userTotals.put(s.users()[i], s.tallies()[i].total());
            seen.put(s.users()[i], true);
        }
        imported = true;
        return true;
    }

    @Override
    public String describe() {
        return "fake";
    }

    @Override
    public void close() {
    }
}
