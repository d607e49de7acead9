package pocketapi.http;

import java.util.Map;
import java.util.function.Supplier;

import io.javalin.http.Context;
import pocketapi.holiday.HolidayCalendar;
import pocketapi.holiday.Schedule;
import pocketapi.holiday.Week;

/**
 * The calendar a request answers from: the live official calendar, or, with {@code week=5|6|alt:
 * YYYY-MM-DD} or {@code calendar=NAME}, that calendar as the week rule or the named calendar has
 * it ({@link HolidayCalendar#under}: derived once per calendar and rule, then a lookup). Each call
 * reads the live calendar once. Thread-safe.
 */
final class CalendarChoice implements Supplier<HolidayCalendar> {
    private final Supplier<HolidayCalendar> live;
    private final Supplier<Map<String, Schedule>> named;

    CalendarChoice(Supplier<HolidayCalendar> live, Supplier<Map<String, Schedule>> named) {
        this.live = live;
        this.named = named;
    }

    /** The official calendar being served. */
    @Override
    public HolidayCalendar get() {
        return live.get();
    }

    /** The calendars {@code calendar=} takes, by name. */
    Map<String, Schedule> named() {
        return named.get();
    }

    /** The calendar the request's {@code week} and {@code calendar} parameters choose. */
    HolidayCalendar choose(Context ctx) {
        String[] q = Query.firstValues(ctx.queryString(), "week", "calendar");
        return choose(q[0], q[1]);
    }

    /**
     * @param week     the {@code week} parameter, or null
     * @param calendar the {@code calendar} parameter, or null
     * @throws ApiError 400 saying what is accepted
     */
    HolidayCalendar choose(String week, String calendar) {
        HolidayCalendar official = live.get();
        if (week == null && calendar == null) {
            return official;
        }
        if (week != null && calendar != null) {
            throw new ApiError(400, "week and calendar cannot be given together: a named calendar has its own week rule");
        }
        if (week != null) {
            try {
                return official.under(Schedule.of(Week.parse(week)));
            } catch (IllegalArgumentException e) {
                throw new ApiError(400, "week=" + HolidayQuery.cut(week) + " is not accepted; week " + e.getMessage());
            }
        }
        Map<String, Schedule> all = named.get();
        Schedule schedule = all.get(calendar);
        if (schedule == null) {
            throw new ApiError(400, "calendar=" + HolidayQuery.cut(calendar) + " is not accepted; the calendars here are "
                    + String.join(", ", all.keySet()));
        }
        return official.under(schedule);
    }
}
