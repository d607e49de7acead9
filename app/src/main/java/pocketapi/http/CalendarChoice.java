package pocketapi.http;

import java.time.LocalDate;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

import pocketapi.holiday.HolidayCalendar;
import pocketapi.holiday.Schedule;
import pocketapi.holiday.Week;
import pocketapi.util.LogText;

/**
 * The calendar a request answers from, and the words for what it does not cover. Without
 * {@code week} or {@code calendar}, the live official calendar; with {@code week=5|6|alt:YYYY-MM-DD}
 * or {@code calendar=NAME}, that calendar as the rule or the named calendar has it
 * ({@link HolidayCalendar#under}: derived once, then a lookup). Each call reads the live calendar
 * once. Thread-safe.
 */
final class CalendarChoice {
    static final Param<Week> WEEK = new Param<>("week", Week::parse, null);
    static final Param<String> CALENDAR = Param.text("calendar");

    private final Supplier<HolidayCalendar> live;
    private final Supplier<Map<String, Schedule>> named;
    private final boolean updates;

    /** @param updates whether the service looks for new years by itself (HOLIDAY_UPDATE_URL not off) */
    CalendarChoice(Supplier<HolidayCalendar> live, Supplier<Map<String, Schedule>> named, boolean updates) {
        this.live = live;
        this.named = named;
        this.updates = updates;
    }

    /**
     * The calendar {@code week} and {@code calendar} choose.
     *
     * @throws ApiError 400 saying what is accepted
     */
    HolidayCalendar choose(Query q) {
        HolidayCalendar official = live.get();
        if (q.given(WEEK) && q.given(CALENDAR)) {
            throw new ApiError(400, "week and calendar cannot be given together: a named calendar has its own week rule");
        }
        if (q.given(WEEK)) {
            return official.under(Schedule.of(q.get(WEEK)));
        }
        String name = q.get(CALENDAR);
        if (name == null) {
            return official;
        }
        Map<String, Schedule> all = named.get();
        Schedule schedule = all.get(name);
        if (schedule == null) {
            throw new ApiError(400, "calendar=" + Query.cut(q.sent(CALENDAR)) + " is not accepted; the calendars here are "
                    + String.join(", ", all.keySet()));
        }
        return official.under(schedule);
    }

    /** Whether the service looks for new years by itself. */
    boolean updates() {
        return updates;
    }

    /** The calendars {@code calendar=} takes, by name. */
    Map<String, Schedule> named() {
        return named.get();
    }

    /** {@code date}, when covered; else 400 saying which year is missing and whether it is published yet. */
    LocalDate covered(LocalDate date, HolidayCalendar calendar, String what) {
        if (!calendar.covers(date)) {
            throw new ApiError(400, what + " " + date + " " + missing(date.getYear(), calendar));
        }
        return date;
    }

    /**
     * The notice year of {@code y}, or this UTC+8 year when absent; it must be a year the data holds.
     *
     * @throws ApiError 400 saying where the year stands
     */
    int year(Integer y, String sent, HolidayCalendar calendar) {
        int year = y == null ? calendar.today().getYear() : y;
        if (!calendar.years().containsKey(year)) {
            String what = y == null ? "this year, " + year + "," : "y=" + sent;
            String standing = standing(year, calendar);
            if (standing != null) {
                throw new ApiError(400, what + ": the holiday arrangement of " + year + " is " + standing + "; the data "
                        + "holds " + calendar.years().firstKey() + " to " + calendar.years().lastKey());
            }
            throw new ApiError(400, what + " is not in the holiday data, which holds " + calendar.years().firstKey()
                    + " to " + calendar.years().lastKey());
        }
        return year;
    }

    /**
     * Why an uncovered year is not served, when that is known: {@code not published yet} (a source
     * said so), {@code disputed (the sources disagree on 2027-01-01, 2027-10-01)}, and for the year
     * after the data {@code not fetched yet} or, with updates off, {@code not in the built-in data,
     * and updates are off}; else null.
     */
    String standing(int year, HolidayCalendar calendar) {
        if (calendar.notPublished(year)) {
            return "not published yet";
        }
        List<LocalDate> disputed = calendar.disputed(year);
        if (!disputed.isEmpty()) {
            return "disputed (the sources disagree on " + LogText.first(disputed, 10) + ")";
        }
        if (year != calendar.last().getYear() + 1) {
            return null;
        }
        return updates ? "not fetched yet" : "not in the built-in data, and updates are off";
    }

    /** Why dates of {@code year} cannot be answered, e.g. {@code is in 2027, whose ... not published yet; ...}. */
    String missing(int year, HolidayCalendar calendar) {
        String standing = standing(year, calendar);
        if (standing != null) {
            return "is in " + year + ", whose holiday arrangement is " + standing + "; covered: " + calendar.first()
                    + " to " + calendar.last();
        }
        return "is outside the covered range " + calendar.first() + " to " + calendar.last() + " (" + year
                + " is not in the holiday data)";
    }

    /** Where an uncovered year stands, e.g. {@code 2027's holiday arrangement is not published yet}. */
    String yearStatus(int year, HolidayCalendar calendar) {
        String standing = standing(year, calendar);
        return year + (standing != null ? "'s holiday arrangement is " + standing : " is not in the holiday data");
    }
}
