package pocketapi.holidays;

import com.fasterxml.jackson.annotation.JsonClassDescription;
import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import io.javalin.http.BadRequestResponse;
import io.javalin.http.Context;
import io.javalin.http.NotFoundResponse;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.time.LocalDate;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import pocketapi.common.Cache;
import pocketapi.web.Query;
import pocketapi.web.Query.Param;
import pocketapi.web.Responses;

/**
 * Planning ahead and across: a year's arrangement ({@code /api/holidays/year}), the break under way or next
 * ({@code /api/holidays/next}), a calendar feed to subscribe to ({@code /api/holidays.ics}), the records of a span
 * ({@code /api/holidays/range}, up to {@value #MAX_DAYS} days), and working days counted ({@code /api/workdays/count})
 * or added ({@code /api/workdays/add}); a working day is what {@code type=alarm} calls {@code work}. Thread-safe.
 */
public final class PlanningRoutes {
    static final Param<IcsFeed.Only> ONLY = new Param<>(
                    "only",
                    v -> switch (v) {
                        case "" -> IcsFeed.Only.ALL;
                        case "off" -> IcsFeed.Only.OFF;
                        case "work" -> IcsFeed.Only.WORK;
                        default ->
                            throw new IllegalArgumentException(
                                    "must be off (days off only) or work (make-up working days only), "
                                            + "or left out for both");
                    },
                    IcsFeed.Only.ALL)
            .choices("off", "work")
            .described("off: the days off only; work: the make-up working days only; absent: both.");
    static final Param<Integer> REMIND = new Param<>(
                    "remind",
                    v -> {
                        if (!v.matches("([01][0-9]|2[0-3]):[0-5][0-9]")) {
                            throw new IllegalArgumentException(
                                    "must be a time HH:MM, 00:00 to 23:59: before 12:00 that morning "
                                            + "(remind=07:00), from 12:00 the evening before (remind=20:00)");
                        }
                        return Integer.parseInt(v.substring(0, 2)) * 60 + Integer.parseInt(v.substring(3));
                    },
                    -1,
                    Map.of("type", "string", "pattern", "^([01][0-9]|2[0-3]):[0-5][0-9]$"))
            .described("An alarm on each event, HH:MM: before 12:00, that morning (07:00); from 12:00, the evening "
                    + "before (20:00). Absent: none.");
    static final Param<Boolean> LANG = new Param<>(
                    "lang",
                    v -> switch (v) {
                        case "", "zh" -> false;
                        case "en" -> true;
                        default -> throw new IllegalArgumentException("must be zh (the default) or en");
                    },
                    false)
            .choices("zh", "en")
            .withLongNames("language")
            .described("The events' language: zh (Chinese, the default) or en.");

    static final Param<LocalDate> FROM = Param.date("from")
            .withLongNames("start")
            .described("The span's first day, YYYY-MM-DD.")
            .required("give a date YYYY-MM-DD, e.g. from=2026-10-01");
    static final Param<LocalDate> TO = Param.date("to")
            .withLongNames("end")
            .described("The span's last day, YYYY-MM-DD, not before from.")
            .required("give a date YYYY-MM-DD, e.g. to=2026-10-01");
    static final Param<Boolean> DETAIL = new Param<>(
                    "detail",
                    v -> switch (v) {
                        case "true" -> true;
                        case "false" -> false;
                        default ->
                            throw new IllegalArgumentException(
                                    "must be true (the records of /api/holidays/detail) or false");
                    },
                    false)
            .choices("true", "false")
            .described("true: each day's detail record (as /api/holidays/detail); false (the default): its record.");
    static final Param<Integer> N = Param.integer("n", -3660, 3660, null)
            .withLongNames("days")
            .described("Working days to count from the date: the n-th after it (5), before it when negative; 0: the "
                    + "date if it is a working day, else the next one.")
            .required("give a whole number from -3660 to 3660, e.g. n=5 for the 5th working day after the date");
    static final int MAX_DAYS = 366;
    private final DayRoutes days;
    /**
     * Calendar apps poll the same few URLs: their feeds, by calendar, years and variant, least recently used evicted.
     */
    private final Cache<FeedKey, Feed> feeds = new Cache<>(32);

    /** @param calendar compared by identity (HolidayCalendar keeps Object's equals): a new one is a new feed */
    private record FeedKey(HolidayCalendar calendar, int from, int to, IcsFeed.Variant variant) {}

    /** The parts of the feeds of one calendar, years and language, whatever the variant. */
    private final Cache<PartsKey, IcsFeed.Parts> parts = new Cache<>(16);

    /** @param calendar compared by identity, as in {@link FeedKey} */
    private record PartsKey(HolidayCalendar calendar, int from, int to, boolean english) {}

    private record Feed(byte[] body, String etag) {}

    public PlanningRoutes(DayRoutes days) {
        this.days = days;
    }

    /** A year's arrangement, as {@code /api/holidays/year} answers it. */
    @JsonClassDescription("A year's holiday arrangement: each break of its notice, in order.")
    record Year(int year, List<YearBreak> breaks) {}

    /** A break of a year's arrangement. */
    @JsonClassDescription("A break: its name, first and last day, length, the weekend days worked for it (makeUpDays), "
            + "its statutory days and the days given in lieu of statutory days on a weekend; dates YYYY-MM-DD.")
    public record YearBreak(
            String name,
            String start,
            String end,
            int days,
            List<String> makeUpDays,
            List<String> statutory,
            List<String> inLieu) {
        public static YearBreak of(Break b) {
            return new YearBreak(
                    b.name(),
                    b.start().toString(),
                    b.end().toString(),
                    b.days(),
                    text(b.makeUpDays()),
                    text(b.statutory()),
                    text(b.inLieu()));
        }

        private static List<String> text(List<LocalDate> dates) {
            return dates.stream().map(LocalDate::toString).toList();
        }
    }

    @JsonClassDescription("The break under way on a date, or the next one, and the days until it starts.")
    record NextBreak(
            @JsonPropertyDescription("The date asked about.")
            String date,

            String name,
            String start,
            String end,
            int days,

            @JsonPropertyDescription("Days from date to start; 0 while the break is under way.")
            long daysUntil) {}

    @JsonClassDescription("Working days and days off from one date to another, both included.")
    record WorkdayCount(String from, String to, int workdays, long daysOff) {}

    @JsonClassDescription("The n-th working day from a date.")
    record WorkdayAdd(String date, int n, String result) {}

    /**
     * /api/holidays/range's answer, as written piece by piece from the records kept ({@link #range(HolidayCalendar,
     * LocalDate, LocalDate, boolean)}): its shape, for the API's reference.
     */
    @JsonClassDescription("The record of each day from one date to another, both included.")
    record Range(String from, String to, List<DayJson.DayAnswer> days) {}

    void year(Context ctx, Query q) {
        HolidayCalendar calendar = days.choose(q);
        Responses.json(ctx, year(calendar, days.year(q.get(DayRoutes.Y), q.sent(DayRoutes.Y), calendar)));
    }

    /** A year of the calendar's data, as /api/holidays/year answers it. */
    Year year(HolidayCalendar calendar, int year) {
        return new Year(
                year, calendar.arrangement(year).stream().map(YearBreak::of).toList());
    }

    /** The break under way on the date or the next, or 404 when the data holds no later break. */
    void next(Context ctx, Query q) {
        HolidayCalendar calendar = days.choose(q);
        Responses.json(ctx, next(calendar, days.day(q, calendar)));
    }

    /** The break under way on a covered date or the next, as /api/holidays/next answers it. */
    NextBreak next(HolidayCalendar calendar, LocalDate date) {
        Break b = calendar.breakOnOrAfter(date).orElseThrow(() -> {
            int next = calendar.last().getYear() + 1;
            return new NotFoundResponse("no break on or after " + date + " in the holiday data, which ends on "
                    + calendar.last() + " (" + next + "'s arrangement is "
                    + days.standing(next, calendar) + days.forecastHint(next, calendar) + ")");
        });
        long until = Math.max(0, ChronoUnit.DAYS.between(date, b.start()));
        return new NextBreak(
                date.toString(), b.name(), b.start().toString(), b.end().toString(), b.days(), until);
    }

    /** The feed: {@code y} limits it to one notice; without it, the previous year, this year and every later one. */
    void ics(Context ctx, Query q) {
        HolidayCalendar calendar = days.choose(q);
        int from;
        int to;
        if (q.given(DayRoutes.Y)) {
            from = days.year(q.get(DayRoutes.Y), q.sent(DayRoutes.Y), calendar);
            to = from;
        } else {
            from = Math.max(calendar.today().getYear() - 1, calendar.years().firstKey());
            to = calendar.years().lastKey();
        }
        Feed feed = feeds.get(
                new FeedKey(calendar, from, to, new IcsFeed.Variant(q.get(ONLY), q.get(REMIND), q.get(LANG))),
                this::render);
        ctx.header("ETag", feed.etag());
        ctx.header("Cache-Control", "public, max-age=3600");
        if (Responses.notModified(ctx, feed.etag(), feed.body().length)) {
            return;
        }
        ctx.header("Content-Disposition", "inline; filename=\"pocketapi-holidays.ics\"");
        ctx.contentType(IcsFeed.TYPE).result(feed.body());
    }

    private Feed render(FeedKey key) {
        IcsFeed.Parts parts = this.parts.get(
                new PartsKey(key.calendar(), key.from(), key.to(), key.variant().english()), PlanningRoutes::parts);
        byte[] body = IcsFeed.feed(parts, key.variant());
        return new Feed(body, Responses.etag(body));
    }

    private static IcsFeed.Parts parts(PartsKey key) {
        List<Break> breaks = new ArrayList<>();
        for (Break b : key.calendar().breaks()) {
            if (b.year() >= key.from() && b.year() <= key.to()) {
                breaks.add(b);
            }
        }
        OwnCalendar schedule = key.calendar().schedule();
        Region region = key.calendar().region();
        String tag = region.tag() + (schedule.official() ? "" : schedule.tag());
        return IcsFeed.parts(
                breaks,
                key.from() == key.to() ? Integer.toString(key.from()) : key.from() + "–" + key.to(),
                key.english(),
                tag,
                schedule.official() ? "" : schedule.toString(),
                region);
    }

    /**
     * {@code {"from":..,"to":..,"days":[<the record of each date>, ...]}}; with {@code detail=true}, detail records.
     */
    void range(Context ctx, Query q) {
        HolidayCalendar calendar = days.choose(q);
        LocalDate[] span = span(q, calendar, true);
        boolean detailed = q.get(DETAIL);
        long length = ChronoUnit.DAYS.between(span[0], span[1]) + 1;
        if (length > MAX_DAYS) {
            throw new BadRequestResponse("from=" + span[0] + " to=" + span[1] + " spans " + length + " days; at most "
                    + MAX_DAYS + " are answered at once");
        }
        ctx.contentType(Responses.JSON).result(range(calendar, span[0], span[1], detailed));
    }

    /** The {@link Range} from one date of the lunar table to another, at most {@value #MAX_DAYS} days, as JSON. */
    byte[] range(HolidayCalendar calendar, LocalDate from, LocalDate to, boolean detailed) {
        long length = ChronoUnit.DAYS.between(from, to) + 1;
        ByteArrayOutputStream out = new ByteArrayOutputStream((int) length * (detailed ? 420 : 140) + 64);
        out.writeBytes(
                ("{\"from\":\"" + from + "\",\"to\":\"" + to + "\",\"days\":[").getBytes(StandardCharsets.US_ASCII));
        for (LocalDate d = from; !d.isAfter(to); d = d.plusDays(1)) {
            if (!d.equals(from)) {
                out.write(',');
            }
            if (!calendar.covers(d)) {
                out.writeBytes(DayJson.unknown(d, detailed, days.yearStatus(d.getYear(), calendar), calendar.region()));
            } else {
                out.writeBytes(detailed ? days.json.detail(calendar, d) : days.json.of(calendar, d));
            }
        }
        out.writeBytes("]}".getBytes(StandardCharsets.US_ASCII));
        return out.toByteArray();
    }

    /** Working days and the rest from {@code from} to {@code to}, both included. */
    void count(Context ctx, Query q) {
        HolidayCalendar calendar = days.choose(q);
        LocalDate[] span = span(q, calendar, false);
        Responses.json(ctx, count(calendar, span[0], span[1]));
    }

    /** Working days and the rest from one covered date to another, both included. */
    static WorkdayCount count(HolidayCalendar calendar, LocalDate from, LocalDate to) {
        int workdays = calendar.workdays().count(from, to);
        long length = ChronoUnit.DAYS.between(from, to) + 1;
        return new WorkdayCount(from.toString(), to.toString(), workdays, length - workdays);
    }

    /** The n-th working day after date (before it when n < 0). */
    void add(Context ctx, Query q) {
        HolidayCalendar calendar = days.choose(q);
        LocalDate date = q.given(DayRoutes.DATE)
                ? isoDate(q, DayRoutes.DATE, calendar, false)
                : days.covered(calendar.today(), calendar, "today");
        Responses.json(ctx, add(calendar, date, q.get(N)));
    }

    /** The n-th working day after a covered date (before it when n < 0), or 400 when the data ends before it. */
    WorkdayAdd add(HolidayCalendar calendar, LocalDate date, int n) {
        LocalDate result = calendar.workdays().add(date, n).orElseThrow(() -> {
            boolean back = n < 0;
            int year = back ? calendar.first().getYear() - 1 : calendar.last().getYear() + 1;
            return new BadRequestResponse((n == 0
                            ? "the first working day from " + date
                            : ordinal(Math.abs(n)) + " working day " + (back ? "before " : "after ") + date)
                    + " lies "
                    + (back
                            ? "before " + calendar.first() + ", where the holiday data starts: "
                            : "after " + calendar.last() + ", where the holiday data ends: ")
                    + days.yearStatus(year, calendar));
        });
        return new WorkdayAdd(date.toString(), n, result.toString());
    }

    /** A date parameter, required: covered, or with {@code anyDate} one of the lunar table. */
    private LocalDate isoDate(Query q, Param<LocalDate> p, HolidayCalendar calendar, boolean anyDate) {
        LocalDate date = q.get(p);
        if (anyDate ? LunarCalendar.covers(date) : calendar.covers(date)) {
            return date; // the words for a refusal are made only for one
        }
        String what = p.name() + "=" + date + ":";
        return anyDate
                ? DayRoutes.lunarCovered(new DayRoutes.Requested(date, what))
                : days.covered(date, calendar, what);
    }

    /** {@code from} and {@code to}: dates YYYY-MM-DD as {@link #isoDate} takes them, from not after to. */
    private LocalDate[] span(Query q, HolidayCalendar calendar, boolean anyDate) {
        LocalDate from = isoDate(q, FROM, calendar, anyDate);
        LocalDate to = isoDate(q, TO, calendar, anyDate);
        if (from.isAfter(to)) {
            throw new BadRequestResponse("from=" + from + " is after to=" + to + "; give from on or before to");
        }
        return new LocalDate[] {from, to};
    }

    private static String ordinal(int n) {
        String suffix = n % 100 >= 11 && n % 100 <= 13
                ? "th"
                : switch (n % 10) {
                    case 1 -> "st";
                    case 2 -> "nd";
                    case 3 -> "rd";
                    default -> "th";
                };
        return "the " + n + suffix;
    }
}
