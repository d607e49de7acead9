package pocketapi.stats;

import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The semantics of the Lua scripts, in memory, for unit tests of the bookkeeping (the scripts
 * themselves are tested against a real redis-server). Can be told to be unreachable, to apply a
 * call and lose the answer, or to refuse every call as Redis does when a key is not a counter.
 */
class FakeRedis implements RedisStore {
    enum Mode { UP, DOWN, LOSE_ANSWERS, REFUSE }

    volatile Mode mode = Mode.UP;
    final int maxUsers;
    long total;
    final Map<Long, Long> daily = new HashMap<>();
    final Map<String, Long> userTotals = new HashMap<>();
    final Map<Long, Map<String, Long>> userDaily = new HashMap<>();
    /** Users by last seen, least recent first. */
    final LinkedHashMap<String, Boolean> seen = new LinkedHashMap<>(16, 0.75f, true);
    final Map<String, Long> applied = new HashMap<>();
    /** instance -> when last heard from (ms, by {@link #now}); and the sweep's horizon. */
    final Map<String, Long> heard = new HashMap<>();
    long horizon;
    /** The time this Redis thinks it is (ms): tests move it. */
    long now = 1_780_000_000_000L;
    long expiredCalls;
    /** Refuse forget() (as an outage just then would), while true. */
    volatile boolean failForget;
    String importId;
    int importNext;
    int calls;
    int batchesApplied;

    FakeRedis(int maxUsers) {
        this.maxUsers = maxUsers;
    }

    private void answerable() throws Unavailable, Refused {
        calls++;
        if (mode == Mode.DOWN) {
            throw new Unavailable("connection refused", null);
        }
        if (mode == Mode.REFUSE) {
            throw new Refused("ERR pocketapi: pocketapi:total holds a value that is not a whole number, not a count", null);
        }
    }

    @Override
    public synchronized Totals apply(Batch b, List<String> report, Collection<String> instances)
            throws Unavailable, Refused {
        answerable();
        heard.put(b.instance(), now);
        boolean expired = b.seq() > 0 && !applied.containsKey(b.instance()) && b.sealed() > 0 && b.sealed() <= horizon;
        if (expired) {
            expiredCalls += b.site();
        }
        if (!expired && b.seq() > applied.getOrDefault(b.instance(), 0L)) {
            batchesApplied++;
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
        Map<String, Long> marks = new HashMap<>();
        for (String instance : instances) {
            marks.put(instance, applied.getOrDefault(instance, 0L));
        }
        return new Totals(total, daily.getOrDefault(b.day(), 0L), users, marks, expired);
    }

    @Override
    public synchronized int importChunk(ImportChunk c) throws Unavailable, Refused {
        answerable();
        if (importId == null) {
            if (total > 0 || c.index() != 0) {
                return -1;
            }
            importId = c.id();
            total += c.siteTotal();
            daily.merge(c.day(), c.daily(), Long::sum);
        } else if (!importId.equals(c.id())) {
            return -1;
        }
        if (c.index() != importNext) {
            return importNext;
        }
        for (ImportedUser u : c.users()) {
            userTotals.merge(u.id(), u.total(), Long::sum);
            seen.put(u.id(), true);
        }
        importNext++;
        if (mode == Mode.LOSE_ANSWERS) {
            throw new Unavailable("read timed out", null);
        }
        return importNext;
    }

    @Override
    public synchronized void forget(String instance) throws Unavailable, Refused {
        answerable();
        if (failForget) {
            throw new Unavailable("connection reset", null);
        }
        applied.remove(instance);
    }

    @Override
    public synchronized int sweep(long nowMillis, long goneMillis) throws Unavailable, Refused {
        answerable();
        int removed = 0;
        for (java.util.Iterator<Map.Entry<String, Long>> it = heard.entrySet().iterator(); it.hasNext(); ) {
            Map.Entry<String, Long> e = it.next();
            if (e.getValue() < nowMillis - goneMillis) {
                applied.remove(e.getKey());
                horizon = Math.max(horizon, e.getValue());
                it.remove();
                removed++;
            }
        }
        for (String instance : applied.keySet()) {
            heard.putIfAbsent(instance, nowMillis);
        }
        return removed;
    }

    @Override
    public String describe() {
        return "fake";
    }

    @Override
    public void close() {
    }
}
