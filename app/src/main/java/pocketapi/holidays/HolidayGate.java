package pocketapi.holidays;

import java.time.LocalDate;
import java.time.Month;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import pocketapi.logging.LogText;

/**
 * The one check every holiday year passes before it is served, whatever its source (built in, {@code HOLIDAY_DATA_DIR},
 * the cache, a fetch). It exists because a wrong year is worse than no year: an alarm that rings on a day off is the
 * one thing this service must never cause.
 *
 * <ul>
 *   <li>A file for year Y lists dates of Y and of December Y-1 only, nothing else: its reach. Every State Council
 *       notice 2008-2026 keeps to it (a break may start on the last days of December, as 2023's New Year break starts
 *       on 2022-12-31, and holiday-cn files such a date under the notice's year); a wider reach would let a next-year
 *       file rewrite this year.
 *   <li>A year with no days at all is a placeholder: holiday-cn publishes {@code {"year":2027, "days":[]}} from 1
 *       January until the State Council's notice is out. Not published yet.
 *   <li>The law: every statutory holiday of the year ({@link Law}) must be a day off in it (a weekend day counts as one
 *       unless the year lists it as worked). Bounds taken from past years' data would refuse a reform that adds days
 *       off; the law's dates refuse a year that is not an arrangement of this law. An operator's own file that breaks
 *       it is served, with a warning ({@link #checkOwn}).
 * </ul>
 *
 * Stateless.
 */
public final class HolidayGate {
    private HolidayGate() {}

    /** What the gate decided about a year. */
    public enum Kind {
        /** Passes: it may be served. */
        SERVED,
        /** No days at all: the notice is not out yet. */
        NOT_PUBLISHED,
        /** Something is missing or implausible: never served. */
        REFUSED
    }

    /**
     * @param unlawful the statutory holidays the year does not give as days off (for an operator's own file, served
     *     with a warning)
     * @param problem for {@link Kind#REFUSED}, what is wrong; else empty
     */
    public record Verdict(Kind kind, int daysOff, int makeUpDays, List<LocalDate> unlawful, String problem) {
        public boolean served() {
            return kind == Kind.SERVED;
        }

        /** The verdict in words, the same wherever it is reported: {@code refused: lists 2027-03-01 ...}. */
        public String describe() {
            return switch (kind) {
                case SERVED -> unlawful.isEmpty() ? "served" : "served, though " + lawBroken(unlawful);
                case NOT_PUBLISHED -> "not published yet (a placeholder with no days)";
                case REFUSED -> "refused: " + problem;
            };
        }
    }

    /** A year of any source but the operator's own folder. */
    public static Verdict check(HolidayYear year) {
        return check(year, false);
    }

    /** A year of HOLIDAY_DATA_DIR: the operator's own, served even where it breaks the law (with a warning). */
    public static Verdict checkOwn(HolidayYear year) {
        return check(year, true);
    }

    private static Verdict check(HolidayYear year, boolean own) {
        int off = 0;
        int makeUp = 0;
        List<LocalDate> outside = new ArrayList<>();
        Map<LocalDate, Boolean> listed = new HashMap<>();
        for (ListedDay day : year.days()) {
            listed.put(day.date(), day.offDay());
            if (day.date().getYear() == year.year()) {
                off += day.offDay() ? 1 : 0;
                makeUp += day.offDay() ? 0 : 1;
            } else if (!inReach(year.year(), day.date())) {
                outside.add(day.date());
            }
        }
        if (year.days().isEmpty()) {
            return new Verdict(Kind.NOT_PUBLISHED, 0, 0, List.of(), "");
        }
        if (!outside.isEmpty()) {
            return new Verdict(
                    Kind.REFUSED,
                    off,
                    makeUp,
                    List.of(),
                    "lists " + LogText.first(outside, 10)
                            + ", outside " + year.year() + " and December " + (year.year() - 1)
                            + " (a year's file reaches only its own year and the December before it)");
        }
        List<LocalDate> unlawful = new ArrayList<>();
        if (Law.covers(year.year())) {
            for (Law.Holiday h : Law.of(year.year(), LunarCalendar.get())) {
                Boolean entry = listed.get(h.date());
                boolean dayOff = entry != null ? entry : Day.weekend(h.date());
                if (!dayOff && !unlawful.contains(h.date())) {
                    unlawful.add(h.date());
                }
            }
        }
        if (!unlawful.isEmpty() && !own) {
            return new Verdict(Kind.REFUSED, off, makeUp, unlawful, lawBroken(unlawful));
        }
        return new Verdict(Kind.SERVED, off, makeUp, unlawful, "");
    }

    /** {@code the statutory holidays 2027-01-01, 2027-10-01 are not days off in it (...)}. */
    static String lawBroken(List<LocalDate> unlawful) {
        return "the statutory " + (unlawful.size() == 1 ? "holiday " : "holidays ") + LogText.first(unlawful, 10)
                + (unlawful.size() == 1 ? " is" : " are") + " not " + (unlawful.size() == 1 ? "a day" : "days")
                + " off in it (《全国年节及纪念日放假办法》: every arrangement gives them off)";
    }

    /** Whether the file of {@code year} may list {@code date}: a date of that year or of the December before. */
    public static boolean inReach(int year, LocalDate date) {
        return date.getYear() == year || date.getYear() == year - 1 && date.getMonth() == Month.DECEMBER;
    }
}
