package pocketapi.http;

import java.time.DateTimeException;
import java.time.LocalDate;

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
        if (y == null && m == null && d == null) {
            return covered(calendar.today(), calendar, "today");
        }
        if (y == null || m == null || d == null) {
            throw badRequest("y, m and d must be given together (or none of them, for today)");
        }
        int year = number("y", y);
        int month = number("m", m);
        int day = number("d", d);
        LocalDate date;
        try {
            date = LocalDate.of(year, month, day);
        } catch (DateTimeException e) {
            throw badRequest("y=" + y + ", m=" + m + ", d=" + d + " is not a real calendar date");
        }
        return covered(date, calendar, "the date");
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
            if (calendar.notPublished(year)) {
                throw badRequest(what + ": the holiday arrangement of " + year + " is not published yet; the data holds "
                        + calendar.years().firstKey() + " to " + calendar.years().lastKey());
            }
            throw badRequest(what + " is not in the holiday data, which holds " + calendar.years().firstKey() + " to "
                    + calendar.years().lastKey());
        }
        return year;
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

    private static LocalDate covered(LocalDate date, HolidayCalendar calendar, String what) {
        if (!calendar.covers(date) && calendar.notPublished(date.getYear())) {
            throw badRequest(what + " " + date + " is in " + date.getYear() + ", whose holiday arrangement is not "
                    + "published yet; covered: " + calendar.first() + " to " + calendar.last());
        }
        if (!calendar.covers(date)) {
            throw badRequest(what + " " + date + " is outside the covered range "
                    + calendar.first() + " to " + calendar.last());
        }
        return date;
    }

    private static ApiError notANumber(String name, String value) {
        return badRequest(name + "=" + value + " is not accepted; " + name + " must be 1 to 9 digits 0-9");
    }

    private static ApiError badRequest(String message) {
        return new ApiError(400, message);
    }
}
