package pocketapi.counters;

import com.fasterxml.jackson.annotation.JsonClassDescription;
import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import java.time.LocalDate;
import java.util.List;
import pocketapi.web.Family;

/**
 * The usage counters, site-wide and per user, in total and for the current UTC+8 day; the site's calls per day by
 * endpoint family, with those of crawlers ({@code bots}) and those imported; and the distinct visitors (callers that
 * are not crawlers) of each day, as estimates: in this process and its file ({@link LocalCounters}), or shared by
 * several instances through Redis ({@link RedisCounters}). Thread-safe; a call never waits long.
 */
public interface Counters {
    /**
     * Counts one call by {@code user} to an endpoint of {@code family}; {@code bot}: the caller is a crawler (counted
     * in every count as any call, and apart as {@code bots}; never a visitor).
     */
    void count(String user, boolean bot, Family family);

    /** Counts one call by {@code user}, a person's. */
    default void count(String user, Family family) {
        count(user, false, family);
    }

    /**
     * Counts one call by {@code user} and reports the counters including it; {@code family} null: reports them without
     * counting.
     */
    Report countAndReport(String user, boolean bot, Family family);

    /** {@link #countAndReport(String, boolean, Family)} for a person's call. */
    default Report countAndReport(String user, Family family) {
        return countAndReport(user, false, family);
    }

    /**
     * The site's calls on each of the last {@code days} UTC+8 days, today included, oldest first (a day without calls
     * as zeros).
     */
    List<DayCount> history(int days);

    /** The distinct visitors of the last {@code days} UTC+8 days together, today included, estimated. */
    long visitors(int days);

    /**
     * The distinct visitors of today, of the last 30 days and of all the days kept, estimated; null when no day is kept
     * (STATS_HISTORY_DAYS=0).
     */
    Visitors visitors();

    /** The site's counts as they stand, without counting a call (for the badge). */
    Summary summary();

    /**
     * What one counted call reports on {@code /api/info}, its own call included; {@code date}: the UTC+8 day of the
     * daily counts.
     */
    record Report(LocalDate date, String user, long siteTotal, long siteDaily, long userTotal, long userDaily) {}

    /**
     * The site's counts: calls in total, today and in the last 30 days, the crawlers' part of each, and the distinct
     * visitors of today, of the last 30 days and of all the days kept (null when no day is kept: STATS_HISTORY_DAYS=0).
     */
    record Summary(
            long total, long today, long days30, long botsTotal, long botsToday, long bots30, Visitors visitors) {}

    /** Distinct visitors, estimated: today, the last 30 days, all the days kept (STATS_HISTORY_DAYS). */
    record Visitors(long today, long days30, long kept) {}

    /**
     * The calls of one UTC+8 day: the site's (every call), each family's, the crawlers' part, the part imported
     * ({@code pocketapi --import}); and the day's distinct visitors, estimated.
     */
    @JsonClassDescription("The calls of one UTC+8 day: the site's (every call), each family's (holidays, pictures, "
            + "info, other), the crawlers' part and the imported part; and the day's distinct visitors, estimated.")
    record DayCount(
            @JsonPropertyDescription("The day, YYYY-MM-DD (UTC+8).")
            String date,

            @JsonPropertyDescription("Every call of the day: each family's, crawlers' and imported ones included.")
            long site,

            long holidays,
            long pictures,
            long info,
            long other,

            @JsonPropertyDescription("The calls of crawlers (a User-Agent on the shipped crawler list; generic HTTP "
                    + "clients such as curl are not on it): counted in site and the families as any call, and "
                    + "never visitors.")
            long bots,

            @JsonPropertyDescription(
                    "The calls added by pocketapi --import (an old counter's count): in site, in no " + "family.")
            long imported,

            @JsonPropertyDescription("The day's distinct callers that are not crawlers, estimated (a HyperLogLog "
                    + "sketch of keyed hashes: about 1 % off, nothing from which a caller can be recovered).")
            long visitors) {
        /** The day's columns, as {@link LocalCounters} keeps them. */
        long[] counts() {
            return new long[] {site, holidays, pictures, info, other, bots, imported};
        }

        /** A day as its row of columns ({@link LocalCounters#COLUMNS}) has it. */
        static DayCount of(long day, long[] c, long visitors) {
            return new DayCount(
                    LocalDate.ofEpochDay(day).toString(), c[0], c[1], c[2], c[3], c[4], c[5], c[6], visitors);
        }
    }
}
