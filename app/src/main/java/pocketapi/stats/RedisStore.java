package pocketapi.stats;

import java.util.List;
import java.util.Map;

/**
 * The shared store of {@link RedisCounters}: every update is one atomic step (a Lua script),
 * applied at most once per batch. {@link JedisStore} talks to Redis; tests may stand in.
 */
public interface RedisStore extends AutoCloseable {

    /**
     * Counted calls of one UTC+8 day, from one instance, numbered: a batch whose number is not
     * above the last one applied for its instance is not applied again, so a batch can be resent
     * after a lost answer without counting anything twice. Seq 0 carries nothing and only asks.
     *
     * @param users per-user counts
     */
    record Batch(String instance, long seq, long day, long site, Map<String, Long> users) {
        public Batch {
            users = Map.copyOf(users);
        }

        /** A batch that applies nothing: only reports the counters of {@code day}. */
        public static Batch none(String instance, long day) {
            return new Batch(instance, 0, day, 0, Map.of());
        }

        public boolean isEmpty() {
            return site == 0 && users.isEmpty();
        }
    }

    /**
     * The counters in Redis right after a batch, for the batch's day.
     *
     * @param users user -> {total, daily}, for the users asked for
     */
    record Totals(long siteTotal, long siteDaily, Map<String, long[]> users) {
    }

    /** The store could not be reached or answered an error; the batch may or may not be applied. */
    final class Unavailable extends Exception {
        public Unavailable(String message, Throwable cause) {
            super(message, cause);
        }
    }

    /**
     * Applies {@code batch} (unless it was applied before) and reports the site's counters and
     * those of {@code report} for the batch's day, in one atomic step.
     *
     * @param maxUsers users kept at most; past that the least recently seen are dropped
     */
    Totals apply(Batch batch, List<String> report, int maxUsers) throws Unavailable;

    /**
     * Imports a stats file's totals, only into a store that holds no counters yet.
     *
     * @param today the current UTC+8 day: daily counts of another day are not imported
     * @return true if imported; false if the store already held counters
     */
    boolean importOnce(UsageCounters.Snapshot snapshot, long today, int maxUsers) throws Unavailable;

    /** Where the store is, for log lines (never a password). */
    String describe();

    @Override
    void close();
}
