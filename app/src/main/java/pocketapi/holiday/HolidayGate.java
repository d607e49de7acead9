package pocketapi.holiday;

import java.time.LocalDate;
import java.time.Month;
import java.util.ArrayList;
import java.util.List;

/**
 * The one check every holiday year passes before it is served, whatever its source (built in,
 * {@code HOLIDAY_DATA_DIR}, the cache, a fetch). It exists because a wrong year is worse than no
 * year: an alarm that rings on a day off is the one thing this service must never cause.
 *
 * <ul>
 *   <li>A file for year Y lists dates of Y and of December Y-1 only, nothing else: its reach. Every
 *       State Council notice 2008-2026 keeps to it (a break may start on the last days of December,
 *       as 2023's New Year break starts on 2022-12-31, and holiday-cn files such a date under the
 *       notice's year); a wider reach would let a next-year file rewrite this year.</li>
 *   <li>A year with no days at all is a placeholder: holiday-cn publishes {@code {"year":2027,
 *       "days":[]}} from 1 January until the State Council's notice is out. Not published yet.</li>
 *   <li>From 2008 on (the current set of festivals) a year must give days off for all seven
 *       statutory festivals, and its number of days off must lie within the range of every real
 *       arrangement 2008–2026, both counted on the dates of the year itself only.</li>
 * </ul>
 * Stateless.
 */
public final class HolidayGate {
    /** The seven statutory festivals since 2008; a joined name such as 国庆节、中秋节 counts for each it contains. */
    public static final List<String> FESTIVALS = List.of("元旦", "春节", "清明节", "劳动节", "端午节", "中秋节", "国庆节");
    /** The first year of the current festival set (清明节, 端午节 and 中秋节 became days off in 2008). */
    static final int FESTIVAL_SET_SINCE = 2008;
    /*
     * Days off of the year itself listed per year in holiday-cn's files (github.com/NateScarlet/holiday-cn,
     * YYYY.json, read 2026-11; for 2022-2026, whose stored copies were placeholders, the built-in files
     * written from the same notices): 2008 27, 2009 27, 2010 29, 2011 29, 2012 27, 2013 29, 2014 22,
     * 2015 26, 2016 24, 2017 24, 2018 25, 2019 22, 2020 30, 2021 31, 2022 31, 2023 26, 2024 28,
     * 2025 28, 2026 33. The low end is 2014, whose file lists a few weekend days of short breaks
     * not at all; the high end 2026 (a nine-day Spring Festival). The copies are in the tests'
     * resources (holiday-cn/), and a test holds every year to these bounds.
     */
    static final int MIN_DAYS_OFF = 22;
    static final int MAX_DAYS_OFF = 33;

    private HolidayGate() {
    }

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
     * @param festivals the statutory festivals that have days off in the year
     * @param problem   for {@link Kind#REFUSED}, what is wrong; else empty
     */
    public record Verdict(Kind kind, int daysOff, int makeUpDays, List<String> festivals, String problem) {
        public boolean served() {
            return kind == Kind.SERVED;
        }

        /** The verdict in words, the same wherever it is reported: {@code refused: no days off for 春节}. */
        public String describe() {
            return switch (kind) {
                case SERVED -> "served";
                case NOT_PUBLISHED -> "not published yet (a placeholder with no days)";
                case REFUSED -> "refused: " + problem;
            };
        }
    }

    public static Verdict check(HolidayYear year) {
        int off = 0;
        int makeUp = 0;
        List<String> found = new ArrayList<>();
        List<LocalDate> outside = new ArrayList<>();
        for (OfficialDay day : year.days()) {
            if (day.date().getYear() == year.year()) {
                off += day.offDay() ? 1 : 0;
                makeUp += day.offDay() ? 0 : 1;
            } else if (!inReach(year.year(), day.date())) {
                outside.add(day.date());
            }
        }
        for (String festival : FESTIVALS) {
            for (OfficialDay day : year.days()) {
                if (day.offDay() && day.date().getYear() == year.year() && day.festival().contains(festival)) {
                    found.add(festival);
                    break;
                }
            }
        }
        if (year.days().isEmpty()) {
            return new Verdict(Kind.NOT_PUBLISHED, 0, 0, found, "");
        }
        if (!outside.isEmpty()) {
            List<String> dates = new ArrayList<>();
            for (LocalDate date : outside.subList(0, Math.min(outside.size(), 10))) {
                dates.add(date.toString());
            }
            return new Verdict(Kind.REFUSED, off, makeUp, found, "lists " + String.join(", ", dates)
                    + (outside.size() > 10 ? " and " + (outside.size() - 10) + " more" : "")
                    + ", outside " + year.year() + " and December " + (year.year() - 1)
                    + " (a year's file reaches only its own year and the December before it)");
        }
        if (year.year() < FESTIVAL_SET_SINCE) {
            return new Verdict(Kind.SERVED, off, makeUp, found, "");
        }
        List<String> missing = new ArrayList<>(FESTIVALS);
        missing.removeAll(found);
        if (!missing.isEmpty()) {
            return new Verdict(Kind.REFUSED, off, makeUp, found,
                    "no days off for " + String.join(", ", missing) + " (every year since " + FESTIVAL_SET_SINCE
                            + " has days off for all of " + String.join(", ", FESTIVALS) + ")");
        }
        if (off < MIN_DAYS_OFF || off > MAX_DAYS_OFF) {
            return new Verdict(Kind.REFUSED, off, makeUp, found, off + " days off, but every real arrangement "
                    + "2008-2026 has from " + MIN_DAYS_OFF + " to " + MAX_DAYS_OFF);
        }
        return new Verdict(Kind.SERVED, off, makeUp, found, "");
    }

    /** Whether the file of {@code year} may list {@code date}: a date of that year or of the December before. */
    public static boolean inReach(int year, LocalDate date) {
        return date.getYear() == year || date.getYear() == year - 1 && date.getMonth() == Month.DECEMBER;
    }
}
