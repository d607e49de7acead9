package pocketapi.http;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.time.DateTimeException;
import java.time.LocalDate;
import java.time.temporal.ChronoUnit;

import io.javalin.http.Context;
import pocketapi.holiday.HolidayCalendar;

/**
 * The endpoints that answer days: {@code /api/holidays} (the JSON record, {@code type=pithy} or
 * {@code type=alarm}), {@code /api/holidays/detail}, {@code /api/holidays/range} (up to {@value
 * #MAX_DAYS} records), {@code /api/workdays/count} and {@code /api/workdays/add}. A day is given by
 * {@code y}/{@code m}/{@code d} or {@code date} (none: today in UTC+8) and moved by {@code offset}
 * days; a working day is what {@code type=alarm} calls {@code work}. Thread-safe.
 */
final class DayRoutes {
    static final Param<Integer> Y = Param.digits("y");
    static final Param<Integer> M = Param.digits("m");
    static final Param<Integer> D = Param.digits("d");
    static final Param<LocalDate> DATE = Param.date("date");
    static final Param<Integer> OFFSET = Param.integer("offset", -366, 366, null);
    static final Param<String> TYPE = Param.text("type");
    static final Param<LocalDate> FROM = Param.date("from");
    static final Param<LocalDate> TO = Param.date("to");
    static final Param<Boolean> DETAIL = new Param<>("detail", v -> switch (v) {
        case "true" -> true;
        case "false" -> false;
        default -> throw new IllegalArgumentException("must be true (the records of /api/holidays/detail) or false");
    }, false);
    static final Param<Integer> N = Param.integer("n", -3660, 3660, null);
    static final int MAX_DAYS = 366;
    private static final byte[] WORK = "work".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] VACATION = "vacation".getBytes(StandardCharsets.US_ASCII);

    private final CalendarChoice calendars;
    private final DayJson json = new DayJson();

    DayRoutes(CalendarChoice calendars) {
        this.calendars = calendars;
    }

    void holidays(Context ctx, Query q) {
        HolidayCalendar calendar = calendars.choose(q);
        LocalDate date = day(q, calendar);
        String type = q.get(TYPE);
        if ("pithy".equals(type)) {
            Responses.text(ctx, calendar.classify(date).status().wire().getBytes(StandardCharsets.US_ASCII));
        } else if ("alarm".equals(type)) {
            Responses.text(ctx, calendar.classify(date).working() ? WORK : VACATION);
        } else {
            Responses.json(ctx, json.of(calendar, date));
        }
    }

    void detail(Context ctx, Query q) {
        HolidayCalendar calendar = calendars.choose(q);
        Responses.json(ctx, json.detail(calendar, day(q, calendar)));
    }

    /** {@code {"from":..,"to":..,"days":[<the record of each date>, ...]}}; with {@code detail=true}, detail records. */
    void range(Context ctx, Query q) {
        HolidayCalendar calendar = calendars.choose(q);
        LocalDate[] span = span(q, calendar);
        boolean detailed = q.get(DETAIL);
        long days = ChronoUnit.DAYS.between(span[0], span[1]) + 1;
        if (days > MAX_DAYS) {
            throw new ApiError(400, "from=" + span[0] + " to=" + span[1] + " spans " + days + " days; at most "
                    + MAX_DAYS + " are answered at once");
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream((int) days * (detailed ? 420 : 140) + 64);
        out.writeBytes(("{\"from\":\"" + span[0] + "\",\"to\":\"" + span[1] + "\",\"days\":[").getBytes(StandardCharsets.US_ASCII));
        for (LocalDate d = span[0]; !d.isAfter(span[1]); d = d.plusDays(1)) {
            if (!d.equals(span[0])) {
                out.write(',');
            }
            out.writeBytes(detailed ? json.detail(calendar, d) : json.of(calendar, d));
        }
        out.writeBytes("]}".getBytes(StandardCharsets.US_ASCII));
        Responses.json(ctx, out.toByteArray());
    }

    /** {@code {"from":..,"to":..,"workdays":N,"daysOff":M}}, both ends included. */
    void count(Context ctx, Query q) {
        HolidayCalendar calendar = calendars.choose(q);
        LocalDate[] span = span(q, calendar);
        int workdays = calendar.workdays().count(span[0], span[1]);
        long days = ChronoUnit.DAYS.between(span[0], span[1]) + 1;
        Responses.json(ctx, new JsonObject().put("from", span[0].toString()).put("to", span[1].toString())
                .put("workdays", workdays).put("daysOff", days - workdays).bytes());
    }

    /** {@code {"date":..,"n":N,"result":..}}: the n-th working day after date (before it when n < 0). */
    void add(Context ctx, Query q) {
        HolidayCalendar calendar = calendars.choose(q);
        LocalDate date = q.given(DATE) ? isoDate(q, DATE, calendar) : calendars.covered(calendar.today(), calendar, "today");
        Integer n = q.get(N);
        if (n == null) {
            throw new ApiError(400, "n is missing; give a whole number from -3660 to 3660, e.g. n=5 for the 5th working day "
                    + "after the date");
        }
        LocalDate result = calendar.workdays().add(date, n).orElseThrow(() -> {
            boolean back = n < 0;
            int year = back ? calendar.first().getYear() - 1 : calendar.last().getYear() + 1;
            return new ApiError(400, (n == 0 ? "the first working day from " + date
                    : ordinal(Math.abs(n)) + " working day " + (back ? "before " : "after ") + date)
                    + " lies " + (back ? "before " + calendar.first() + ", where the holiday data starts: "
                    : "after " + calendar.last() + ", where the holiday data ends: ") + calendars.yearStatus(year, calendar));
        });
        Responses.json(ctx, new JsonObject().put("date", date.toString()).put("n", n).put("result", result.toString()).bytes());
    }

    /**
     * The day of y/m/d or date (none: today in UTC+8), moved by {@code offset} days (−366…366): the
     * date so reached must be covered, the one it starts from need not be.
     *
     * @throws ApiError 400 saying what was wrong and what is accepted
     */
    LocalDate day(Query q, HolidayCalendar calendar) {
        boolean ymd = q.given(Y) || q.given(M) || q.given(D);
        boolean today = !ymd && !q.given(DATE);
        LocalDate date;
        if (q.given(DATE)) {
            if (ymd) {
                throw new ApiError(400, "date and y, m, d cannot be given together: give date=YYYY-MM-DD or y, m and d");
            }
            date = q.get(DATE);
        } else if (today) {
            date = calendar.today();
        } else if (!q.given(Y) || !q.given(M) || !q.given(D)) {
            throw new ApiError(400, "y, m and d must be given together (or none of them, for today)");
        } else {
            int year = q.get(Y);
            int month = q.get(M);
            int day = q.get(D);
            String why = Param.impossible(year, month, day);
            if (why != null) {
                throw new ApiError(400, "y=" + Query.cut(q.sent(Y)) + ", m=" + Query.cut(q.sent(M)) + ", d="
                        + Query.cut(q.sent(D)) + " " + why);
            }
            date = LocalDate.of(year, month, day);
        }
        String what = today ? "today" : "the date";
        Integer days = q.get(OFFSET);
        if (days != null) {
            LocalDate from = date;
            try {
                date = date.plusDays(days);
            } catch (DateTimeException e) {
                throw new ApiError(400, from + " + " + days + " days is not a date");
            }
            what = (today ? "today" : "the date " + from) + " " + (days < 0 ? "- " + -days : "+ " + days)
                    + (Math.abs(days) == 1 ? " day," : " days,");
        }
        return calendars.covered(date, calendar, what);
    }

    /** A covered date parameter, required. */
    private LocalDate isoDate(Query q, Param<LocalDate> p, HolidayCalendar calendar) {
        LocalDate date = q.get(p);
        if (date == null) {
            throw new ApiError(400, p.name() + " is missing; give a date YYYY-MM-DD, e.g. " + p.name() + "=2026-10-01");
        }
        return calendars.covered(date, calendar, p.name() + "=" + date + ":");
    }

    /** {@code from} and {@code to}: covered dates YYYY-MM-DD, from not after to. */
    private LocalDate[] span(Query q, HolidayCalendar calendar) {
        LocalDate from = isoDate(q, FROM, calendar);
        LocalDate to = isoDate(q, TO, calendar);
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
