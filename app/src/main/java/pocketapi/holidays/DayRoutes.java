package pocketapi.holidays;

import io.javalin.http.BadRequestResponse;
import io.javalin.http.Context;
import java.nio.charset.StandardCharsets;
import java.time.DateTimeException;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import pocketapi.logging.LogText;
import pocketapi.web.Query;
import pocketapi.web.Query.Param;
import pocketapi.web.Responses;

/**
 * The day a request asks about, and the calendar it asks under: {@code /api/holidays} (the JSON record,
 * {@code type=pithy} or {@code type=alarm}) and {@code /api/holidays/detail}, and for every endpoint the calendar
 * {@code week} or {@code calendar} chooses and the words for what the data does not cover. A day is given by
 * {@code y}/{@code m}/{@code d} or {@code date} (none: today in UTC+8) and moved by {@code offset} days. Without
 * {@code week} or {@code calendar}, the live official calendar; with {@code week=5|6|alt:YYYY-MM-DD} or
 * {@code calendar=NAME}, that calendar as the rule or the named calendar has it ({@link HolidayCalendar#under}: derived
 * once, then a lookup). Each request reads the live calendar once. Thread-safe.
 */
public final class DayRoutes {
    // The names people type for y, m and d: refused saying which was meant, never ignored to answer for today.
    public static final Param<Integer> Y = Param.digits("y")
            .withLongNames("year")
            .described("Year of the day asked about, with m and d (none of y, m, d and date: today in UTC+8).");
    static final Param<Integer> M = Param.digits("m").withLongNames("month").described("Month, 1 to 12, with y and d.");
    static final Param<Integer> D = Param.digits("d").withLongNames("day").described("Day of the month, with y and m.");
    static final Param<LocalDate> DATE = Param.date("date")
            .described("The day asked about, YYYY-MM-DD, instead of y, m and d (none: today in UTC+8).");
    static final Param<Integer> OFFSET = Param.integer("offset", -366, 366, null)
            .described("Days to move the day by, -366 to 366: offset=1 is the day after (tomorrow, without a date).");
    static final Param<String> TYPE = Param.text("type")
            .choices("pithy", "alarm")
            .described("pithy: the status as one word (ture, flase or worker); alarm: work or vacation, for an alarm "
                    + "clock; absent, or any other value: the JSON record.");
    static final Param<Week> WEEK = new Param<>("week", Week::parse, null)
            .schema(Map.of(
                    "anyOf",
                    List.of(
                            Map.of("type", "string", "enum", List.of("5", "6")),
                            Map.of("type", "string", "pattern", "^alt:[0-9]{4}-[0-9]{2}-[0-9]{2}$"))))
            .described("Your week over the official calendar: 5 (Monday to Friday), 6 (Monday to Saturday), or "
                    + "alt:YYYY-MM-DD (big/small weeks: the Saturday of that date's week is worked, then every other "
                    + "one). Not with calendar.");
    static final Param<String> CALENDAR = Param.text("calendar")
            .described("A calendar by name: one of CALENDARS_DIR (its own week and days), or exchange (the stock "
                    + "exchanges' trading days). Not with week.");
    static final Param<Boolean> FORECAST = new Param<>(
                    "forecast",
                    v -> switch (v) {
                        case "1", "true" -> true;
                        case "0", "false" -> false;
                        default ->
                            throw new IllegalArgumentException(
                                    "must be 1 (a year not yet published answered from the forecast) or 0");
                    },
                    false)
            .choices("1", "true", "0", "false")
            .described("1 (or true): a date after the holiday data is answered from its year's forecast from the law "
                    + "(the mainland's), marked forecast: true; 0 (the default): such a date is 400.");
    private static final byte[] WORK = "work".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] VACATION = "vacation".getBytes(StandardCharsets.US_ASCII);

    /** {@code region=}: the mainland's ({@code cn}, the default) or one of the regions'. */
    public final Param<Region> region;

    private final Supplier<HolidayCalendar> live;
    private final RegionCalendars regions;
    private final Forecasts forecasts;
    private final Supplier<Map<String, OwnCalendar>> named;
    private final boolean updates;
    final DayJson json = new DayJson();

    /** @param updates whether the service looks for the mainland's new years by itself (HOLIDAY_UPDATE_URL not off) */
    public DayRoutes(
            Supplier<HolidayCalendar> live,
            RegionCalendars regions,
            Forecasts forecasts,
            Supplier<Map<String, OwnCalendar>> named,
            boolean updates) {
        this.live = live;
        this.regions = regions;
        this.forecasts = forecasts;
        this.named = named;
        this.updates = updates;
        this.region = region(regions);
    }

    /** {@code region=}: its values and their names from the regions' own list. */
    private static Param<Region> region(RegionCalendars regions) {
        List<String> codes = new ArrayList<>(List.of(Mainland.CN.code()));
        StringBuilder names = new StringBuilder(Mainland.CN.code() + " (" + Mainland.CN.english() + ", the default)");
        for (Region r : regions.regions()) {
            codes.add(r.code());
            names.append(", ").append(r.code()).append(" (").append(r.english()).append(')');
        }
        return new Param<>("region", regions::parse, (Region) Mainland.CN)
                .choices(codes.toArray(String[]::new))
                .described("Whose calendar: " + names + ".");
    }

    void holidays(Context ctx, Query q) {
        Asked a = asked(q);
        String type = q.get(TYPE);
        if ("pithy".equals(type)) {
            Responses.text(ctx, a.calendar().classify(a.date()).status().wire());
        } else if ("alarm".equals(type)) {
            Responses.text(ctx, a.calendar().working(a.date()) ? WORK : VACATION);
        } else {
            ctx.contentType(Responses.JSON).result(a.marked(json.of(a.calendar(), a.date())));
        }
    }

    /**
     * A covered date's detail record; with {@code forecast=1}, a later one's from the forecast; any other date of the
     * lunar table, what is known of it without the holiday data.
     */
    void detail(Context ctx, Query q) {
        HolidayCalendar calendar = choose(q);
        Requested r = requested(q, calendar);
        Asked a = forecast(q, calendar, r);
        if (a == null && !calendar.covers(r.date())) {
            ctx.contentType(Responses.JSON)
                    .result(DayJson.unknown(
                            lunarCovered(r), true, yearStatus(r.date().getYear(), calendar), calendar.region()));
            return;
        }
        a = a != null ? a : new Asked(calendar, r.date(), false);
        ctx.contentType(Responses.JSON).result(a.marked(json.detail(a.calendar(), a.date())));
    }

    /** A date of the lunar table (1901–2100), else 400 saying so. */
    static LocalDate lunarCovered(Requested r) {
        if (!LunarCalendar.covers(r.date())) {
            throw new BadRequestResponse(r.what() + " " + r.date() + " is outside " + LunarCalendar.FIRST + " to "
                    + LunarCalendar.LAST + ", the years of the lunar table");
        }
        return r.date();
    }

    /** The calendar a day is answered from, the day, and whether that calendar is a forecast. */
    record Asked(HolidayCalendar calendar, LocalDate date, boolean forecast) {
        /** A JSON record, with {@code "forecast":true} last when it is one. */
        byte[] marked(byte[] record) {
            return !forecast
                    ? record
                    : (new String(record, 0, record.length - 1, StandardCharsets.UTF_8) + ",\"forecast\":true}")
                            .getBytes(StandardCharsets.UTF_8);
        }
    }

    /** The day asked about and its calendar: see {@link #forecast(Query, HolidayCalendar, Requested)}. */
    Asked asked(Query q) {
        HolidayCalendar calendar = choose(q);
        Requested r = requested(q, calendar);
        Asked a = forecast(q, calendar, r);
        return a != null ? a : new Asked(calendar, covered(r.date(), calendar, r.what(), true), false);
    }

    /**
     * With {@code forecast=1}, a date after the holiday data (to 2100) answered from the forecast of its year
     * ({@link Forecasts}), under the same {@code week} or {@code calendar}; else null.
     */
    private Asked forecast(Query q, HolidayCalendar calendar, Requested r) {
        int year = r.date().getYear();
        if (q.get(FORECAST)) {
            forecastOnly(q, "forecast=1");
        }
        if (q.get(FORECAST) && r.date().isAfter(calendar.last()) && forecasts.covers(year)) {
            return new Asked(choose(q, forecasts.calendar(year)), r.date(), true);
        }
        return null;
    }

    /** A 400 unless the {@code region} asked for has a forecast (the mainland's law alone has one here). */
    public void forecastOnly(Query q, String what) {
        Region r = q.get(region);
        if (!r.forecast()) {
            throw new BadRequestResponse(what + " is the forecast of the mainland's arrangement from its law; region="
                    + r.code() + " has none");
        }
    }

    /** For a year with a forecast, {@code "; its forecast from the law: /api/holidays/forecast?y=2027"}; else "". */
    public String forecastHint(int year, HolidayCalendar calendar) {
        return calendar.region().forecast() && forecasts.covers(year)
                ? "; its forecast from the law: " + "/api/holidays/forecast?y=" + year
                : "";
    }

    /** The live official calendar. */
    public HolidayCalendar official() {
        return live.get();
    }

    /** A day asked for, before any check that the data covers it, and how messages name it. */
    record Requested(LocalDate date, String what) {}

    /**
     * The day of y/m/d or date (none: today in UTC+8), moved by {@code offset} days (−366…366): the date so reached
     * must be covered, the one it starts from need not be.
     */
    LocalDate day(Query q, HolidayCalendar calendar) {
        Requested r = requested(q, calendar);
        return covered(r.date(), calendar, r.what());
    }

    /** The day of y/m/d or date, moved by {@code offset}, covered or not. */
    Requested requested(Query q, HolidayCalendar calendar) {
        boolean ymd = q.given(Y) || q.given(M) || q.given(D);
        boolean today = !ymd && !q.given(DATE);
        LocalDate date;
        if (q.given(DATE)) {
            if (ymd) {
                throw new BadRequestResponse(
                        "date and y, m, d cannot be given together: give date=YYYY-MM-DD or y, m and d");
            }
            date = q.get(DATE);
        } else if (today) {
            date = calendar.today();
        } else if (!q.given(Y) || !q.given(M) || !q.given(D)) {
            throw new BadRequestResponse("y, m and d must be given together (or none of them, for today)");
        } else {
            int year = q.get(Y);
            int month = q.get(M);
            int day = q.get(D);
            String why = Param.impossible(year, month, day);
            if (why != null) {
                throw new BadRequestResponse("y=" + Query.cut(q.sent(Y)) + ", m=" + Query.cut(q.sent(M)) + ", d="
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
                throw new BadRequestResponse(from + " + " + days + " days is not a date");
            }
            what = (today ? "today" : "the date " + from) + " " + (days < 0 ? "- " + -days : "+ " + days)
                    + (Math.abs(days) == 1 ? " day," : " days,");
        }
        return new Requested(date, what);
    }

    /** The calendar {@code week} and {@code calendar} choose, of the live official one or the {@code region}'s. */
    HolidayCalendar choose(Query q) {
        Region r = q.get(region);
        return choose(q, r == Mainland.CN ? live.get() : regions.calendar(r));
    }

    /** The calendar {@code week} and {@code calendar} choose, of {@code official}. */
    HolidayCalendar choose(Query q, HolidayCalendar official) {
        if (q.given(WEEK) && q.given(CALENDAR)) {
            throw new BadRequestResponse(
                    "week and calendar cannot be given together: a named calendar has its own week rule");
        }
        if (q.given(WEEK)) {
            return official.under(OwnCalendar.of(q.get(WEEK)));
        }
        String name = q.get(CALENDAR);
        if (name == null) {
            return official;
        }
        Map<String, OwnCalendar> all = named.get();
        OwnCalendar schedule = all.get(name);
        if (schedule == null) {
            throw new BadRequestResponse("calendar=" + Query.cut(q.sent(CALENDAR))
                    + " is not accepted; the calendars here are " + String.join(", ", all.keySet()));
        }
        return official.under(schedule);
    }

    /** Whether the service looks for new years by itself. */
    public boolean updates() {
        return updates;
    }

    /** The calendars {@code calendar=} takes, by name. */
    public Map<String, OwnCalendar> named() {
        return named.get();
    }

    /**
     * {@code date}, when covered; else 400 saying which year is missing, whether it is published yet, and where its
     * forecast is.
     */
    LocalDate covered(LocalDate date, HolidayCalendar calendar, String what) {
        return covered(date, calendar, what, false);
    }

    /** {@link #covered(LocalDate, HolidayCalendar, String)} on an endpoint that takes {@code forecast=1}. */
    private LocalDate covered(LocalDate date, HolidayCalendar calendar, String what, boolean forecastParam) {
        if (!calendar.covers(date)) {
            throw new BadRequestResponse(what + " " + date + " " + missing(date.getYear(), calendar)
                    + forecastFor(date, calendar, forecastParam));
        }
        return date;
    }

    /**
     * For a date after the data in a year the calendar's law forecasts, what answers it: {@code forecast=1} where the
     * endpoint takes it (a caller who does not know it would never learn of it from a 400 that stays a 400), else the
     * year's forecast; "" for any other date.
     */
    private String forecastFor(LocalDate date, HolidayCalendar calendar, boolean forecastParam) {
        int year = date.getYear();
        if (!date.isAfter(calendar.last()) || !calendar.region().forecast() || !forecasts.covers(year)) {
            return "";
        }
        return forecastParam
                ? "; with forecast=1 it is answered from " + year + "'s forecast from the law (a guess until the "
                        + "notice is published)"
                : forecastHint(year, calendar);
    }

    /** The notice year of {@code y}, or this UTC+8 year when absent; it must be a year the data holds. */
    int year(Integer y, String sent, HolidayCalendar calendar) {
        int year = y == null ? calendar.today().getYear() : y;
        if (!calendar.years().containsKey(year)) {
            String what = y == null ? "this year, " + year + "," : "y=" + sent;
            String standing = standing(year, calendar);
            String hint = year > calendar.years().lastKey() ? forecastHint(year, calendar) : "";
            if (standing != null) {
                throw new BadRequestResponse(what + ": the holiday arrangement of " + year + " is " + standing
                        + "; the data " + "holds " + calendar.years().firstKey() + " to "
                        + calendar.years().lastKey() + hint);
            }
            throw new BadRequestResponse(what + " is not in the holiday data, which holds "
                    + calendar.years().firstKey() + " to " + calendar.years().lastKey() + hint);
        }
        return year;
    }

    /**
     * Why an uncovered year is not served, when that is known: {@code not published yet} (a source said so),
     * {@code disputed (the sources disagree on 2027-01-01, 2027-10-01)}, and for the year after the data {@code not
     * fetched yet} or, with updates off, {@code not in the built-in data, and updates are off}; else null.
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
        boolean on = calendar.region() == Mainland.CN ? updates : regions.updates(calendar.region());
        return on ? "not fetched yet" : "not in the built-in data, and updates are off";
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
    public String yearStatus(int year, HolidayCalendar calendar) {
        String standing = standing(year, calendar);
        return year + (standing != null ? "'s holiday arrangement is " + standing : " is not in the holiday data");
    }
}
