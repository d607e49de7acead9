package pocketapi.stats;

import java.util.Collection;
import java.util.List;
import java.util.Map;

/**
 * The shared store of {@link RedisCounters}: every call is one atomic step (a Lua script).
 * {@link JedisStore} talks to Redis; tests may stand in.
 */
public interface RedisStore extends AutoCloseable {

    /**
     * Counted calls of one UTC+8 day, from one instance, numbered: a batch whose number is not
     * above the last one applied for its instance is not applied again, so a batch can be resent
     * after a lost answer, however much later, without counting anything twice. Seq 0 carries
     * nothing and only reads.
     *
     * @param users  per-user counts
     * @param sealed when the batch was made (epoch ms): one Redis can no longer judge (its instance's
     *               mark removed as gone, after it was made) is not applied, see {@link Totals#expired}
     */
    record Batch(String instance, long seq, long day, long site, Map<String, Long> users, long sealed) {
        public Batch {
            users = Map.copyOf(users);
        }

        /** A batch that applies nothing: only reads the counters of {@code day}. */
        public static Batch none(String instance, long day) {
            return new Batch(instance, 0, day, 0, Map.of(), 0);
        }
    }

    /**
     * The counters in Redis as of one atomic step, for one day.
     *
     * @param users   user -> {total, daily}, for the users asked for
     * @param applied instance -> the last batch applied for it, for the instances asked for: which
     *                of their batches these totals include
     * @param expired the batch was not applied: its instance's mark was removed (gone for
     *                {@link RedisTimings#GONE}) after it was made, so whether it was applied before cannot
     *                be told; it is dropped rather than risk counting it twice
     */
    record Totals(long siteTotal, long siteDaily, Map<String, long[]> users, Map<String, Long> applied,
                  boolean expired) {
        Totals(long siteTotal, long siteDaily, Map<String, long[]> users, Map<String, Long> applied) {
            this(siteTotal, siteDaily, users, applied, false);
        }
    }

    /**
     * One part of a stats file's counters to import. Chunk 0 also carries the site's counters.
     *
     * @param id     names the import (a digest of the file's counters): a retry of it is recognised
     * @param daily  site calls of {@code day} (0 when the file is of another day)
     */
    record ImportChunk(String id, int index, int chunks, long siteTotal, long daily, long day, List<ImportedUser> users) {
    }

    /** @param lastSeen when the user was last seen (ms), which orders who is dropped first */
    record ImportedUser(String id, long total, long daily, long lastSeen) {
    }

    /** No answer (not reachable, timed out): the call may or may not have been applied. */
    final class Unavailable extends Exception {
        public Unavailable(String message, Throwable cause) {
            super(message, cause);
        }
    }

    /** Redis answered with an error (a key under the prefix that is not a counter, say): nothing was applied. */
    final class Refused extends Exception {
        public Refused(String message, Throwable cause) {
            super(message, cause);
        }
    }

    /**
     * Applies {@code batch} unless it was applied before, and reports the site's counters, those
     * of {@code report} and the applied marks of {@code instances}, in one atomic step.
     */
    Totals apply(Batch batch, List<String> report, Collection<String> instances) throws Unavailable, Refused;

    /**
     * Applies one chunk of an import, unless it was applied before.
     *
     * @return the index of the chunk Redis expects next for this import ({@code chunks} when done),
     *         or -1 when Redis held counters before this import began (nothing is imported)
     */
    int importChunk(ImportChunk chunk) throws Unavailable, Refused;

    /** Drops the applied mark of an instance none of whose batches can be sent again. */
    void forget(String instance) throws Unavailable, Refused;

    /**
     * Removes the marks of instances not heard from for {@code gone} (crashed, their folder lost)
     * and keeps the horizon that makes a batch of theirs sent later {@link Totals#expired}.
     *
     * @return how many instances were removed
     */
    int sweep(long nowMillis, long goneMillis) throws Unavailable, Refused;

    /** Where the store is, for log lines (never a password). */
    String describe();

    @Override
    void close();
}
