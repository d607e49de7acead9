package pocketapi.stats;

import java.time.LocalDate;

/**
 * The usage counters, site-wide and per user, in total and for the current UTC+8 day: in this
 * process and its file ({@link UsageCounters}), or shared by several instances through Redis
 * ({@link RedisCounters}). Thread-safe; a call never waits long.
 */
public interface Counters {
    /** Counts one call by {@code user}. */
    default void count(String user) {
        countAndReport(user);
    }

    /** Counts one call by {@code user} and reports the counters including it. */
    Report countAndReport(String user);

    /** What one counted call reports on {@code /api/info}, its own call included; {@code date}: the UTC+8 day of the daily counts. */
    record Report(LocalDate date, String user, long siteTotal, long siteDaily, long userTotal, long userDaily) {
    }
}
