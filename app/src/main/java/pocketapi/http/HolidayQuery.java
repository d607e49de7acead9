package pocketapi.http;

import java.time.DateTimeException;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;

import pocketapi.util.IsoDate;
import pocketapi.holiday.HolidayCalendar;

/**
 * Turns the {@code y}, {@code m}, {@code d} query parameters into a covered date (README, "GET /api/holidays"):
 * none given means today in UTC+8; a parameter counts as given when its name is present, even
 * empty; each value is 1-9 ASCII digits; the first of repeated values counts.
 */
final class HolidayQuery {
    private HolidayQuery() {
    }

    /**
     * @param y the first {@code y} value ({@code ""} if given empty, null if absent); likewise m, d
     * @throws ApiError 400 with a message saying what was wrong and what is accepted
     */
    static LocalDate date(String y, String m, String d, HolidayCalendar calendar) {
        return date(y, m, d, null, null, calendar);
    }

    /**
     * As {@link #date(String, String, String, HolidayCalendar)}, or {@code date=YYYY-MM-DD} instead
     * of y/m/d (not both), moved by {@code offset} days (−366…366; null: none): the date so reached
     * must be covered, the one it starts from need not be.
     */
    static LocalDate date(String y, String m, String d, String iso, String offset, HolidayCalendar calendar) {
        boolean today = y == null && m == null && d == null && iso == null;
        LocalDate date;
        if (iso != null) {
            if (y != null || m != null || d != null) {
                throw badRequest("date and y, m, d cannot be given together: give date=YYYY-MM-DD or y, m and d");
            }
            try {
                date = IsoDate.parse(iso);
            } catch (DateTimeException e) {
                throw badRequest("date=" + cut(iso) + " is not accepted; date must be a date YYYY-MM-DD");
            }
        } else if (today) {
            date = calendar.today();
        } else if (y == null || m == null || d == null) {
            throw badRequest("y, m and d must be given together (or none of them, for today)");
        } else {
            int year = number("y", y);
            int month = number("m", m);
            int day = number("d", d);
            try {
                date = LocalDate.of(year, month, day);
            } catch (DateTimeException e) {
                throw badRequest("y=" + cut(y) + ", m=" + cut(m) + ", d=" + cut(d) + " is not a real calendar date");
            }
        }
        String what = today ? "today" : "the date";
        if (offset != null) {
            int days = integer("offset", offset, -MAX_OFFSET, MAX_OFFSET);
            LocalDate from = date;
            try {
                date = date.plusDays(days);
            } catch (DateTimeException e) {
                throw badRequest(from + " + " + days + " days is not a date");
            }
            what = (today ? "today" : "the date " + from) + " " + (days < 0 ? "- " + -days : "+ " + days)
                    + (Math.abs(days) == 1 ? " day," : " days,");
        }
        return covered(date, calendar, what);
    }

    /** The largest {@code offset}: a year either way. */
    static final int MAX_OFFSET = 366;

    /**
     * A strict {@code YYYY-MM-DD} date parameter that the data covers.
     *
     * @throws ApiError 400 when absent, not such a date, or not covered
     */
    static LocalDate isoDate(String name, String value, HolidayCalendar calendar) {
        if (value == null) {
            throw badRequest(name + " is missing; give a date YYYY-MM-DD, e.g. " + name + "=2026-10-01");
        }
        LocalDate date;
        try {
            date = IsoDate.parse(value);
        } catch (DateTimeException e) {
            throw badRequest(name + "=" + cut(value) + " is not accepted; " + name + " must be a date YYYY-MM-DD");
        }
        return covered(date, calendar, name + "=" + date + ":");
    }

    /**
     * A whole-number parameter from {@code min} to {@code max}, with an optional sign.
     *
     * @throws ApiError 400 saying what is accepted
     */
    static int integer(String name, String value, int min, int max) {
        String digits = value.startsWith("-") || value.startsWith("+") ? value.substring(1) : value;
        boolean ok = !digits.isEmpty() && digits.length() <= 9;
        for (int i = 0; ok && i < digits.length(); i++) {
            ok = digits.charAt(i) >= '0' && digits.charAt(i) <= '9';
        }
        if (ok) {
            long n = Long.parseLong(digits) * (value.startsWith("-") ? -1 : 1);
            if (n >= min && n <= max) {
                return (int) n;
            }
        }
        throw badRequest(name + "=" + cut(value) + " is not accepted; " + name + " must be a whole number from " + min
                + " to " + max);
    }

    /** A value as echoed in an error message: at most 40 characters. */
    static String cut(String value) {
        return value.length() <= 40 ? value : value.substring(0, 40) + "…";
    }

    /**
     * The notice year of {@code y}, or this UTC+8 year when absent; it must be a year the data holds.
     *
     * @throws ApiError 400 with a message saying what was wrong and what is accepted
     */
    static int year(String y, HolidayCalendar calendar) {
        int year = y == null ? calendar.today().getYear() : number("y", y);
        if (!calendar.years().containsKey(year)) {
            String what = y == null ? "this year, " + year + "," : "y=" + y;
            String standing = standing(year, calendar);
            if (standing != null) {
                throw badRequest(what + ": the holiday arrangement of " + year + " is " + standing + "; the data holds "
                        + calendar.years().firstKey() + " to " + calendar.years().lastKey());
            }
            throw badRequest(what + " is not in the holiday data, which holds " + calendar.years().firstKey() + " to "
                    + calendar.years().lastKey());
        }
        return year;
    }

    /**
     * Why an uncovered year is not served, when that is known: {@code not published yet}, or
     * {@code disputed (the sources disagree on 2027-01-01, 2027-10-01)}; else null.
     */
    static String standing(int year, HolidayCalendar calendar) {
        if (calendar.notPublished(year)) {
            return "not published yet";
        }
        List<LocalDate> disputed = calendar.disputed(year);
        if (disputed.isEmpty()) {
            return null;
        }
        return "disputed (the sources disagree on " + someDates(disputed) + ")";
    }

    /** {@code 2027-01-01, 2027-10-01}: the first ten dates, then how many more. */
    static String someDates(List<LocalDate> dates) {
        List<String> shown = new ArrayList<>();
        for (LocalDate date : dates.subList(0, Math.min(dates.size(), 10))) {
            shown.add(date.toString());
        }
        return String.join(", ", shown) + (dates.size() > 10 ? " and " + (dates.size() - 10) + " more" : "");
    }

    private static int number(String name, String value) {
        if (value.isEmpty() || value.length() > 9) {
            throw notANumber(name, value);
        }
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            if (c < '0' || c > '9') {
                throw notANumber(name, value);
            }
        }
        return Integer.parseInt(value);
    }

    /** {@code date}, when covered; else 400 saying which year is missing and whether it is published yet. */
    static LocalDate covered(LocalDate date, HolidayCalendar calendar, String what) {
        if (!calendar.covers(date)) {
            throw badRequest(what + " " + date + " " + missing(date.getYear(), calendar));
        }
        return date;
    }

    /** Why dates of {@code year} cannot be answered, e.g. {@code is in 2027, whose ... not published yet; ...}. */
    static String missing(int year, HolidayCalendar calendar) {
        String standing = standing(year, calendar);
        if (standing != null) {
            return "is in " + year + ", whose holiday arrangement is " + standing + "; covered: " + calendar.first()
                    + " to " + calendar.last();
        }
        return "is outside the covered range " + calendar.first() + " to " + calendar.last() + " ("
                + yearStatus(year, calendar) + ")";
    }

    /** Where an uncovered year stands, e.g. {@code 2027's holiday arrangement is not published yet}. */
    static String yearStatus(int year, HolidayCalendar calendar) {
        String standing = standing(year, calendar);
        if (standing != null) {
            return year + "'s holiday arrangement is " + standing;
        }
        return year + (year > calendar.last().getYear() ? " is not in the holiday data yet" : " is not in the holiday data");
    }

    private static ApiError notANumber(String name, String value) {
        return badRequest(name + "=" + cut(value) + " is not accepted; " + name + " must be 1 to 9 digits 0-9");
    }

    private static ApiError badRequest(String message) {
        return new ApiError(400, message);
    }
}
