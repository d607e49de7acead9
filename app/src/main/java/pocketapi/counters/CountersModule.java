package pocketapi.counters;

import java.time.Clock;
import java.util.concurrent.ScheduledExecutorService;
import java.util.function.Function;
import pocketapi.config.Config;
import pocketapi.config.ConfigException;
import pocketapi.web.CallCounter;
import pocketapi.web.Caller;
import pocketapi.web.Doc;
import pocketapi.web.Family;
import pocketapi.web.Html;
import pocketapi.web.Measures;
import pocketapi.web.Module;
import pocketapi.web.Routes;

/**
 * The usage counters ({@code SERVE=info}), with their history and badges: {@code /api/info} (the counts of its own
 * call), {@code /api/info/history}, {@code /api/badge.svg} and {@code .json}; the counting of every other module's
 * calls (a crawler's told apart by its User-Agent, {@link Crawlers}), and the counters' files (and Redis). Without it
 * nothing is counted or saved. Thread-safe.
 */
public final class CountersModule implements Module {
    private static final String TOP = Html.resource("pocketapi/counters/top.html");
    private static final String SECTION = Html.resource("pocketapi/counters/section.html");
    private final Config config;
    private final Counters counters;
    /** The counters' files and threads; null for counters kept in memory alone (tests of the endpoints). */
    private final Counting counting;

    private final StatsRoutes stats;
    /** The crawlers' list, with a memory of the User-Agents seen lately. */
    private final Crawlers.Recent crawlers = Crawlers.bundled().recent();

    /** Who holds the counters' file; null for counters kept in memory alone. */
    private final StatsLock lock;

    private CountersModule(Config config, Counters counters, Counting counting, StatsLock lock) {
        this.config = config;
        this.counters = counters;
        this.counting = counting;
        this.lock = lock;
        this.stats = new StatsRoutes(counters, config.get(CounterSettings.STATS_HISTORY_DAYS));
    }

    /**
     * Takes the counters' file (no other process may count into it, nor import into it, while this one does) and reads
     * what it holds (and in Redis mode what Redis holds of this instance, if it answers).
     */
    public static CountersModule open(Config config, Clock clock) throws ConfigException {
        StatsLock lock = Counting.lock(config);
        try {
            Counting counting = Counting.open(config, clock);
            return new CountersModule(config, counting.counters(), counting, lock);
        } catch (ConfigException | RuntimeException e) {
            lock.close();
            throw e;
        }
    }

    /** The module over counters kept in memory alone: nothing read, saved or started. */
    public static CountersModule of(Config config, Counters counters) {
        return new CountersModule(config, counters, null, null);
    }

    @Override
    public String name() {
        return "info";
    }

    @Override
    public String about() {
        return "The calls counted: the site's and each caller's, per day, crawlers apart, distinct visitors without "
                + "keeping anyone, and badges of them.";
    }

    @Override
    public void routes(Routes r) {
        r.counting(
                "/api/info",
                Doc.of(
                                "Usage counts",
                                "The calls counted, this one included: the site's and the caller's, in all and today "
                                        + "(UTC+8), every call (a crawler's too), and the site's distinct visitors "
                                        + "(callers that are not crawlers, estimated). The caller is known by a keyed "
                                        + "hash of its address, never the address (docs: counters.md).")
                        .json(StatsRoutes.Info.class, "The counts.", "", () -> StatsRoutes.INFO_EXAMPLE),
                ctx -> {
                    Caller caller = Routes.caller(ctx);
                    Counters.Report report = counters.countAndReport(
                            caller.user(), crawlers.matches(caller.agent()), caller.counted() ? Family.INFO : null);
                    StatsRoutes.info(ctx, report, counters.visitors());
                });
        r.counted(
                "/api/info/history",
                Doc.of(
                                "Calls per day",
                                "The site's calls per UTC+8 day, by family, with the crawlers' part (bots), the part "
                                        + "imported (pocketapi --import) and the day's distinct visitors, up to "
                                        + "today: JSON, or CSV for a spreadsheet.")
                        .json(
                                StatsRoutes.History.class,
                                "The days, as JSON.",
                                "days=2",
                                () -> StatsRoutes.HISTORY_EXAMPLE)
                        .body("text/csv", "format=csv: a header line, then a line per day (CRLF).", false)
                        .error(404, "The history is off (STATS_HISTORY_DAYS=0)."),
                Family.INFO,
                stats::history,
                stats.days,
                StatsRoutes.CSV);
        // Not counted: the badges.
        r.counted(
                "/api/badge.svg",
                badge(Doc.of(
                                "A badge",
                                "A badge of the site's calls or distinct visitors, as SVG, for a README or a "
                                        + "page: never cached, and with an ETag of its bytes, so a cache that "
                                        + "asks again with If-None-Match gets a 304 while the number stands.")
                        .body("image/svg+xml", "The badge.", false, "Cache-Control", "ETag")),
                null,
                stats::badgeSvg,
                StatsRoutes.METRIC,
                StatsRoutes.TODAY,
                StatsRoutes.BOTS,
                StatsRoutes.LABEL);
        r.counted(
                "/api/badge.json",
                badge(Doc.of(
                                "A badge, for Shields",
                                "The badge's words and number in the JSON Shields' endpoint badge reads "
                                        + "(https://img.shields.io/endpoint?url=...); never cached, with an "
                                        + "ETag, a 304 as the SVG's.")
                        .json(
                                StatsRoutes.Shields.class,
                                "The badge.",
                                "",
                                () -> StatsRoutes.SHIELDS_EXAMPLE,
                                "Cache-Control",
                                "ETag")),
                null,
                stats::badgeJson,
                StatsRoutes.METRIC,
                StatsRoutes.TODAY,
                StatsRoutes.BOTS,
                StatsRoutes.LABEL);
    }

    /** What both badges may answer besides the badge. */
    private static Doc badge(Doc doc) {
        return doc.notModified("The badge is the one whose ETag the request sent in If-None-Match: no body.")
                .error(404, "A metric of visitors while no day is kept (STATS_HISTORY_DAYS=0).");
    }

    @Override
    public void start(Function<String, ScheduledExecutorService> threads) {
        if (counting != null) {
            counting.start().accept(threads);
        }
    }

    /**
     * Saves the counters at stop, then lets their file go: false (with an ERROR saying how many calls are lost) when
     * the save fails.
     */
    public boolean stop() {
        try {
            return counting == null || counting.stop().getAsBoolean();
        } finally {
            if (lock != null) {
                lock.close();
            }
        }
    }

    @Override
    public void measures(Measures measures) {
        if (counting != null) {
            counting.measures().accept(measures);
        }
    }

    @Override
    public String top() {
        return TOP;
    }

    @Override
    public String section() {
        return SECTION.replace("{{chart}}", stats.chart());
    }

    /** Where the calls are counted. */
    public Counters counters() {
        return counters;
    }

    /** Where the server counts each call: the counters, a crawler's call told apart by its User-Agent. */
    public CallCounter calls() {
        return (user, agent, family) -> counters.count(user, crawlers.matches(agent), family);
    }

    /** For the start-up line. */
    public String describe() {
        return (counting == null ? "in memory" : counting.where()) + ", " + config.get(CounterSettings.STATS_MAX_USERS)
                + " users at most";
    }
}
