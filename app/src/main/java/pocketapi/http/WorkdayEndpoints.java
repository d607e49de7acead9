package pocketapi.http;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.time.LocalDate;
import java.time.temporal.ChronoUnit;

import io.javalin.http.Context;
import pocketapi.holiday.HolidayCalendar;

/**
 * Many days at once and working-day arithmetic: {@code /api/holidays/range} (the day records of
 * up to {@value #MAX_DAYS} days), {@code /api/workdays/count} and {@code /api/workdays/add}. A
 * working day is what {@code type=alarm} calls {@code work}. Each request reads the live calendar
 * once. Thread-safe.
 */
final class WorkdayEndpoints {
    static final int MAX_DAYS = 366;
    static final int MAX_N = 3660;

    private final CalendarChoice calendars;
    private final DayRecords records;

    WorkdayEndpoints(CalendarChoice calendars, DayRecords records) {
        this.calendars = calendars;
        this.records = records;
    }

    /**
     * {@code {"from":..,"to":..,"days":[<the record of each date, as /api/holidays gives it>, ...]}};
     * with {@code detail=true}, the records of {@code /api/holidays/detail}.
     */
    void range(Context ctx) {
        HolidayCalendar calendar = calendars.choose(ctx);
        LocalDate[] span = span(ctx, calendar);
        String detail = Query.firstValues(ctx.queryString(), "detail")[0];
        boolean detailed = detail != null && !detail.equals("false");
        if (detailed && !detail.equals("true")) {
            throw new ApiError(400, "detail=" + HolidayQuery.cut(detail) + " is not accepted; detail must be true "
                    + "(the records of /api/holidays/detail) or false");
        }
        long days = ChronoUnit.DAYS.between(span[0], span[1]) + 1;
        if (days > MAX_DAYS) {
            throw new ApiError(400, "from=" + span[0] + " to=" + span[1] + " spans " + days + " days; at most "
                    + MAX_DAYS + " are answered at once");
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream((int) days * (detailed ? 420 : 140) + 64);
        out.writeBytes(("{\"from\":\"" + span[0] + "\",\"to\":\"" + span[1] + "\",\"days\":[")
                .getBytes(StandardCharsets.US_ASCII));
        for (LocalDate d = span[0]; !d.isAfter(span[1]); d = d.plusDays(1)) {
            if (!d.equals(span[0])) {
                out.write(',');
            }
            out.writeBytes(detailed ? records.detail(calendar, d) : records.of(calendar, d));
        }
        out.writeBytes("]}".getBytes(StandardCharsets.US_ASCII));
        Responses.json(ctx, out.toByteArray());
    }

    /** {@code {"from":..,"to":..,"workdays":N,"daysOff":M}}, both ends included. */
    void count(Context ctx) {
        HolidayCalendar calendar = calendars.choose(ctx);
        LocalDate[] span = span(ctx, calendar);
        int workdays = calendar.workdays().count(span[0], span[1]);
        long days = ChronoUnit.DAYS.between(span[0], span[1]) + 1;
        Responses.json(ctx, new JsonObject().put("from", span[0].toString()).put("to", span[1].toString())
                .put("workdays", workdays).put("daysOff", days - workdays).bytes());
    }

    /** {@code {"date":..,"n":N,"result":..}}: the n-th working day after date (before it when n < 0). */
    void add(Context ctx) {
        HolidayCalendar calendar = calendars.choose(ctx);
        String[] q = Query.firstValues(ctx.queryString(), "date", "n");
        LocalDate date = q[0] == null ? HolidayQuery.covered(calendar.today(), calendar, "today")
                : HolidayQuery.isoDate("date", q[0], calendar);
        if (q[1] == null) {
            throw new ApiError(400, "n is missing; give a whole number from " + -MAX_N + " to " + MAX_N
                    + ", e.g. n=5 for the 5th working day after the date");
        }
        int n = HolidayQuery.integer("n", q[1], -MAX_N, MAX_N);
        LocalDate result = calendar.workdays().add(date, n).orElseThrow(() -> {
            boolean back = n < 0;
            int year = back ? calendar.first().getYear() - 1 : calendar.last().getYear() + 1;
            return new ApiError(400, (n == 0 ? "the first working day from " + date
                    : ordinal(Math.abs(n)) + " working day " + (back ? "before " : "after ") + date)
                    + " lies " + (back ? "before " + calendar.first() + ", where the holiday data starts: "
                    : "after " + calendar.last() + ", where the holiday data ends: ") + HolidayQuery.yearStatus(year, calendar));
        });
        Responses.json(ctx, new JsonObject().put("date", date.toString()).put("n", n).put("result", result.toString())
                .bytes());
    }

    /** {@code from} and {@code to}: covered dates YYYY-MM-DD, from not after to. */
    private static LocalDate[] span(Context ctx, HolidayCalendar calendar) {
        String[] q = Query.firstValues(ctx.queryString(), "from", "to");
        LocalDate from = HolidayQuery.isoDate("from", q[0], calendar);
        LocalDate to = HolidayQuery.isoDate("to", q[1], calendar);
        if (from.isAfter(to)) {
            throw new ApiError(400, "from=" + from + " is after to=" + to + "; give from on or before to");
        }
        return new LocalDate[] {from, to};
    }

    private static String ordinal(int n) {
        String suffix = n % 100 >= 11 && n % 100 <= 13 ? "th" : switch (n % 10) {
            case 1 -> "st";
            case 2 -> "nd";
            case 3 -> "rd";
            default -> "th";
        };
        return "the " + n + suffix;
    }
}
