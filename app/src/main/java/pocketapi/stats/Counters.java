package pocketapi.stats;

/**
 * The usage counters, site-wide and per user, in total and for the current UTC+8 day: in this
 * process ({@link UsageCounters}, saved to a file) or shared by several instances through Redis
 * ({@link RedisCounters}). Implementations are thread-safe, and a call never waits long on them.
 */
public interface Counters {
    /** Counts one call by {@code user}. */
    void count(String user);

    /**
     * Counts one call by {@code user} and reports the counters including it, and every call this
     * instance counted before it.
     */
    Report countAndReport(String user);
}
