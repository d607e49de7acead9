package pocketapi.holidays;

import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.LocalDate;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ScheduledExecutorService;
import java.util.function.Consumer;
import java.util.function.Function;
import pocketapi.common.Jobs;
import pocketapi.config.Config;
import pocketapi.files.FolderWatcher;
import pocketapi.holidays.data.HolidayData;
import pocketapi.holidays.data.OwnCalendars;
import pocketapi.holidays.update.HolidayCache;
import pocketapi.holidays.update.HolidayFetcher;
import pocketapi.holidays.update.HolidayUpdater;
import pocketapi.holidays.update.UpdateMeasures;
import pocketapi.web.Doc;
import pocketapi.web.Family;
import pocketapi.web.Measures;
import pocketapi.web.Module;
import pocketapi.web.Routes;

/**
 * The holiday calendar ({@code SERVE=holidays}): the mainland's arrangements, their planning endpoints
 * ({@code /api/holidays…}, {@code /api/workdays/…}) for the mainland and every region, the calendars of one's own, and
 * the updates that keep the data current. The regions' calendars and the forecast are given to it
 * ({@link RegionCalendars}, {@link Forecasts}). Thread-safe.
 */
public final class HolidaysModule implements Module {
    /** The mainland's updater once started (null before, or with updates off): /metrics reads its outcomes. */
    private volatile HolidayUpdater updater;

    private final Config config;
    private final Clock clock;
    private final LiveCalendar calendar;
    private final HolidayCache cache;
    private final Set<Integer> pinned;
    private final OwnCalendars own;
    private final DayRoutes days;
    private final PlanningRoutes plans;
    private final HolidaysPage page;
    private final String userAgent;
    /** What turned the mainland's updates off ({@link #offBy(Config)}); null while they are on. */
    private final String offBy;

    private HolidaysModule(
            Config config,
            Clock clock,
            LiveCalendar calendar,
            HolidayCache cache,
            Set<Integer> pinned,
            OwnCalendars own,
            RegionCalendars regions,
            Forecasts forecasts,
            String userAgent) {
        this.config = config;
        this.clock = clock;
        this.cache = cache;
        this.pinned = Set.copyOf(pinned);
        this.own = own;
        this.userAgent = userAgent;
        this.calendar = calendar;
        this.days = new DayRoutes(
                calendar::get,
                regions,
                forecasts,
                own::all,
                !config.get(HolidaySettings.HOLIDAY_UPDATE_URL).isEmpty());
        this.plans = new PlanningRoutes(days);
        this.offBy = offBy(config);
        this.page = new HolidaysPage(calendar, days, regions.regions(), offBy);
    }

    /**
     * The setting that turned the mainland's updates off, as the user wrote it: {@code HOLIDAY_UPDATE_URL=off}, else
     * {@code UPDATES=off} (which empties every update URL); null while they are on.
     */
    static String offBy(Config config) {
        if (!config.get(HolidaySettings.HOLIDAY_UPDATE_URL).isEmpty()) {
            return null;
        }
        String name = HolidaySettings.HOLIDAY_UPDATE_URL.name();
        return config.given(HolidaySettings.HOLIDAY_UPDATE_URL).strip().equalsIgnoreCase("off")
                ? name + "=off"
                : "UPDATES=off";
    }

    /**
     * Reads the holiday data (HOLIDAY_DATA_DIR over the years fetched before over the built-in ones) and the calendars
     * of one's own.
     *
     * @param calendars what the calendars of one's own may take of the heap
     * @param userAgent how its fetches name the service
     * @throws HolidayDataException naming the file of HOLIDAY_DATA_DIR that cannot be served
     * @throws FolderWatcher.Refused naming the file of CALENDARS_DIR that cannot be read
     */
    public static HolidaysModule load(
            Config config, Clock clock, long calendars, RegionCalendars regions, Forecasts forecasts, String userAgent)
            throws HolidayDataException, FolderWatcher.Refused {
        HolidayCache cache = new HolidayCache(config.get(HolidaySettings.HOLIDAY_CACHE_DIR), clock);
        HolidayData.Loaded loaded = HolidayData.load(config.get(HolidaySettings.HOLIDAY_DATA_DIR), cache.load(), clock);
        OwnCalendars own = OwnCalendars.load(config.get(HolidaySettings.CALENDARS_DIR), calendars);
        return new HolidaysModule(
                config,
                clock,
                new LiveCalendar(loaded.calendar()),
                cache,
                loaded.pinned(),
                own,
                regions,
                forecasts,
                userAgent);
    }

    /** The module over a calendar already read (one a test may swap), with no year of HOLIDAY_DATA_DIR. */
    public static HolidaysModule of(
            Config config,
            Clock clock,
            LiveCalendar calendar,
            OwnCalendars own,
            RegionCalendars regions,
            Forecasts forecasts) {
        return new HolidaysModule(
                config,
                clock,
                calendar,
                new HolidayCache(config.get(HolidaySettings.HOLIDAY_CACHE_DIR), clock),
                Set.of(),
                own,
                regions,
                forecasts,
                "pocketapi");
    }

    @Override
    public String name() {
        return "holidays";
    }

    @Override
    public String about() {
        return "Whether a date is an official day off, in mainland China or (region=) Hong Kong, Macau or Taiwan; a "
                + "year's arrangement, the next break, a calendar feed, and working days counted or added, under "
                + "the official week or your own (week=, calendar=).";
    }

    @Override
    public void routes(Routes r) {
        var region = days.region;
        LocalDate national = LocalDate.of(2026, 10, 1);
        r.counted(
                "/api/holidays",
                Doc.of(
                                "Is a date a day off?",
                                "A day's record: ture (a day off), flase (an ordinary working day) or worker (a "
                                        + "weekend day worked to make up for a break), as the original service "
                                        + "spells them; with type=pithy that word alone, with type=alarm work or "
                                        + "vacation. The day: y, m and d, or date, or today (UTC+8), moved by "
                                        + "offset. A date outside the holiday data is 400 saying why, unless "
                                        + "forecast=1.")
                        .json(
                                DayJson.DayRecord.class,
                                "The day's record.",
                                "date=2026-10-01",
                                () -> days.json.of(calendar.get(), national))
                        .text(
                                "type=pithy: the status.",
                                "date=2026-10-01&type=pithy",
                                () -> calendar.get().classify(national).status().wire(),
                                "ture",
                                "flase",
                                "worker")
                        .text(
                                "type=alarm: whether to get up for work.",
                                "date=2026-10-01&type=alarm",
                                () -> calendar.get().working(national) ? "work" : "vacation",
                                "work",
                                "vacation"),
                Family.HOLIDAYS,
                days::holidays,
                DayRoutes.Y,
                DayRoutes.M,
                DayRoutes.D,
                DayRoutes.DATE,
                DayRoutes.TYPE,
                DayRoutes.OFFSET,
                DayRoutes.WEEK,
                DayRoutes.CALENDAR,
                DayRoutes.FORECAST,
                region);
        r.counted(
                "/api/holidays/detail",
                Doc.of(
                                "What a day is",
                                "A day's record and what it is to a person: its kind, whether it is statutory, "
                                        + "the pay for work that day, its break, its lunar date and solar term. "
                                        + "Any date of the lunar table (1901-2100) is answered: outside the holiday "
                                        + "data, with status unknown and the reason in holidayData.")
                        .json(
                                DayJson.Detail.class,
                                "The day's detail record.",
                                "date=2026-10-01",
                                () -> days.json.detail(calendar.get(), national)),
                Family.HOLIDAYS,
                days::detail,
                DayRoutes.Y,
                DayRoutes.M,
                DayRoutes.D,
                DayRoutes.DATE,
                DayRoutes.OFFSET,
                DayRoutes.WEEK,
                DayRoutes.CALENDAR,
                DayRoutes.FORECAST,
                region);
        r.counted(
                "/api/holidays/year",
                Doc.of(
                                "A year's arrangement",
                                "Every break of a year's notice: its days, the weekend days worked for it, its "
                                        + "statutory days. A year not in the data is 400 saying whether it is "
                                        + "published yet.")
                        .json(
                                PlanningRoutes.Year.class,
                                "The year's arrangement.",
                                "y=2026",
                                () -> plans.year(calendar.get(), 2026)),
                Family.HOLIDAYS,
                plans::year,
                DayRoutes.Y.described("The year (its notice); default: this year in UTC+8."),
                DayRoutes.WEEK,
                DayRoutes.CALENDAR,
                region);
        r.counted(
                "/api/holidays/next",
                Doc.of(
                                "The next break",
                                "The break under way on the day, or the next one, with the days until it starts.")
                        .json(
                                PlanningRoutes.NextBreak.class,
                                "The break.",
                                "date=2026-05-06",
                                () -> plans.next(calendar.get(), LocalDate.of(2026, 5, 6)))
                        .error(
                                404,
                                "No break on or after the day in the holiday data: the message says where next "
                                        + "year's arrangement stands."),
                Family.HOLIDAYS,
                plans::next,
                DayRoutes.Y,
                DayRoutes.M,
                DayRoutes.D,
                DayRoutes.DATE,
                DayRoutes.OFFSET,
                DayRoutes.WEEK,
                DayRoutes.CALENDAR,
                region);
        r.counted(
                "/api/holidays.ics",
                Doc.of(
                                "A calendar feed",
                                "The breaks and make-up working days as an iCalendar feed to subscribe to (Apple "
                                        + "Calendar, Google Calendar, Outlook): last year, this year and every later "
                                        + "one, or one year (y). An unchanged feed asked for with its ETag in "
                                        + "If-None-Match is 304.")
                        .body(
                                "text/calendar",
                                "The feed (iCalendar, UTF-8).",
                                false,
                                "ETag",
                                "Cache-Control",
                                "Content-Disposition")
                        .notModified("The feed is the one whose ETag the request sent in If-None-Match: no body."),
                Family.HOLIDAYS,
                plans::ics,
                DayRoutes.Y.described("One year's notice only; default: last year, this year and every later one."),
                PlanningRoutes.ONLY,
                PlanningRoutes.REMIND,
                PlanningRoutes.LANG,
                DayRoutes.WEEK,
                DayRoutes.CALENDAR,
                region);
        r.counted(
                "/api/holidays/range",
                Doc.of(
                                "The days of a span",
                                "The record of each day from one date to another (at most 366 days), or each "
                                        + "day's detail record (detail=true). Dates of the lunar table outside the "
                                        + "holiday data have status unknown.")
                        .json(
                                PlanningRoutes.Range.class,
                                "The days.",
                                "from=2026-10-01&to=2026-10-02",
                                () -> plans.range(calendar.get(), national, national.plusDays(1), false)),
                Family.HOLIDAYS,
                plans::range,
                PlanningRoutes.FROM,
                PlanningRoutes.TO,
                PlanningRoutes.DETAIL,
                DayRoutes.WEEK,
                DayRoutes.CALENDAR,
                region);
        r.counted(
                "/api/workdays/count",
                Doc.of(
                                "Working days between two dates",
                                "How many working days (type=alarm's work) and days off there are from one date "
                                        + "to another, both included.")
                        .json(
                                PlanningRoutes.WorkdayCount.class,
                                "The count.",
                                "from=2026-10-01&to=2026-10-31",
                                () -> PlanningRoutes.count(calendar.get(), national, LocalDate.of(2026, 10, 31))),
                Family.HOLIDAYS,
                plans::count,
                PlanningRoutes.FROM,
                PlanningRoutes.TO,
                DayRoutes.WEEK,
                DayRoutes.CALENDAR,
                region);
        r.counted(
                "/api/workdays/add",
                Doc.of(
                                "The n-th working day from a date",
                                "The date n working days after the date (before it when n is negative), skipping "
                                        + "days off and counting make-up working days: a deadline in working days.")
                        .json(
                                PlanningRoutes.WorkdayAdd.class,
                                "The working day.",
                                "date=2026-09-28&n=5",
                                () -> plans.add(calendar.get(), LocalDate.of(2026, 9, 28), 5)),
                Family.HOLIDAYS,
                plans::add,
                DayRoutes.DATE.described("The date to count from, YYYY-MM-DD; default: today in UTC+8."),
                PlanningRoutes.N,
                DayRoutes.WEEK,
                DayRoutes.CALENDAR,
                region);
    }

    /**
     * Watches CALENDARS_DIR, and a moment after the start begins the updates (not needed to answer the first calls);
     * with updates off, only the warning that the data is ending, which matters most then.
     */
    @Override
    public void start(Function<String, ScheduledExecutorService> threads) {
        own.start(threads.apply("folders"));
        HolidayUpdater.Sources sources = new HolidayUpdater.Sources(
                config.get(HolidaySettings.HOLIDAY_UPDATE_URL),
                config.get(HolidaySettings.HOLIDAY_UPDATE_SECONDS),
                config.get(HolidaySettings.HOLIDAY_CONFIRM_URL),
                config.get(HolidaySettings.HOLIDAY_CONFIRM_WAIT_SECONDS),
                offBy);
        ScheduledExecutorService updates = threads.apply("updates");
        Jobs.once(updates, "the start of the holiday updates", Duration.ofMillis(500), () -> {
            updater = new HolidayUpdater(calendar, sources, cache, pinned, new HolidayFetcher(userAgent), clock);
            updater.start(updates);
        });
    }

    /**
     * The first and last year the holiday data covers, by region: one metric each, to which the regions' module adds
     * the readings of its regions.
     */
    public static void years(Measures m, Consumer<Measures.Reading> first, Consumer<Measures.Reading> last) {
        m.gauge(
                "holiday_data_first_year",
                "the first year the holiday data covers, by region (cn: the mainland)",
                List.of("region"),
                first);
        m.gauge(
                "holiday_data_last_year",
                "the last year the holiday data covers, by region (cn: the mainland)",
                List.of("region"),
                last);
    }

    @Override
    public void measures(Measures m) {
        years(
                m,
                r -> r.value(calendar.get().first().getYear(), "cn"),
                r -> r.value(calendar.get().last().getYear(), "cn"));
        UpdateMeasures.register(
                m, "mainland", () -> Optional.ofNullable(updater).map(HolidayUpdater::outcomes));
    }

    @Override
    public String top() {
        return page.top();
    }

    @Override
    public String section() {
        return page.section();
    }

    /** The mainland's calendar as served now. */
    public LiveCalendar calendar() {
        return calendar;
    }

    /** The day and calendar a request asks for: what the forecast's endpoint shares with these. */
    public DayRoutes days() {
        return days;
    }

    /** The calendars of one's own, by name, the built-in {@code exchange} included. */
    public OwnCalendars own() {
        return own;
    }

    /** The /api/holidays/detail record of a day, as JSON (the evening notifications carry it). */
    public String detailJson(HolidayCalendar calendar, LocalDate date) {
        return new String(days.json.detail(calendar, date), StandardCharsets.UTF_8);
    }

    /** The first and last dates the mainland's data covers, for the start-up line. */
    public String range() {
        return calendar.get().first() + " to " + calendar.get().last();
    }
}
