package pocketapi.counters;

import com.fasterxml.jackson.annotation.JsonClassDescription;
import java.time.LocalDate;
import java.util.List;
import pocketapi.web.CallCounter;
import pocketapi.web.Family;

/**
 * The usage counters, site-wide and per user, in total and for the current UTC+8 day, and the site's calls per day by
 * endpoint family: in this process and its file ({@link LocalCounters}), or shared by several instances through Redis
 * ({@link RedisCounters}). Thread-safe; a call never waits long.
 */
public interface Counters extends CallCounter {
    /** Counts one call by {@code user} to an endpoint of {@code family}. */
    void count(String user, Family family);

    /**
     * Counts one call by {@code user} and reports the counters including it; {@code family} null: reports them without
     * counting.
     */
    Report countAndReport(String user, Family family);

    /**
     * The site's calls on each of the last {@code days} UTC+8 days, today included, oldest first (a day without calls
     * as zeros).
     */
    List<DayCount> history(int days);

    /**
     * The site's counts as they stand, without counting a call: total, today's, and the last 30 days' (for the badge).
     */
    long[] site();

    /**
     * What one counted call reports on {@code /api/info}, its own call included; {@code date}: the UTC+8 day of the
     * daily counts.
     */
    record Report(LocalDate date, String user, long siteTotal, long siteDaily, long userTotal, long userDaily) {}

    /** The calls of one UTC+8 day: the site's, and each family's. */
    @JsonClassDescription(
            "The calls of one UTC+8 day: the site's, and each family's (holidays, pictures, info, other).")
    record DayCount(String date, long site, long holidays, long pictures, long info, long other) {
        static DayCount of(long day, long[] c) {
            return new DayCount(LocalDate.ofEpochDay(day).toString(), c[0], c[1], c[2], c[3], c[4]);
        }

        long[] counts() {
            return new long[] {site, holidays, pictures, info, other};
        }
    }
}
