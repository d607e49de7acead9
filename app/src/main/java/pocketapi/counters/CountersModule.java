package pocketapi.counters;

import java.time.Clock;
import java.util.concurrent.ScheduledExecutorService;
import java.util.function.Function;
import pocketapi.config.Config;
import pocketapi.config.ConfigException;
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
 * calls, and the counters' files (and Redis). Without it nothing is counted or saved. Thread-safe.
 */
public final class CountersModule implements Module {
    private static final String TOP = Html.resource("pocketapi/counters/top.html");
    private static final String SECTION = Html.resource("pocketapi/counters/section.html");
    private final Config config;
    private final Counters counters;
    /** The counters' files and threads; null for counters kept in memory alone (tests of the endpoints). */
    private final Counting counting;

    private final StatsRoutes stats;

    private CountersModule(Config config, Counters counters, Counting counting) {
        this.config = config;
        this.counters = counters;
        this.counting = counting;
        this.stats = new StatsRoutes(counters, config.get(CounterSettings.STATS_HISTORY_DAYS));
    }

    /** Reads what the counters' files hold (and in Redis mode what Redis holds of this instance, if it answers). */
    public static CountersModule open(Config config, Clock clock) throws ConfigException {
        Counting counting = Counting.open(config, clock);
        return new CountersModule(config, counting.counters(), counting);
    }

    /** The module over counters kept in memory alone: nothing read, saved or started. */
    public static CountersModule of(Config config, Counters counters) {
        return new CountersModule(config, counters, null);
    }

    @Override
    public String name() {
        return "info";
    }

    @Override
    public String about() {
        return "The calls counted: the site's and each caller's, per day, and badges of them.";
    }

    @Override
    public void routes(Routes r) {
        r.counting(
                "/api/info",
                Doc.of(
                                "Usage counts",
                                "The calls counted, this one included: the site's and the caller's, in all and today "
                                        + "(UTC+8). The caller is known by a keyed hash of its address, never the "
                                        + "address (docs: counters.md).")
                        .json(StatsRoutes.Info.class, "The counts.", "", () -> StatsRoutes.INFO_EXAMPLE),
                ctx -> {
                    Caller caller = Routes.caller(ctx);
                    StatsRoutes.info(
                            ctx, counters.countAndReport(caller.user(), caller.counted() ? Family.INFO : null));
                });
        r.counted(
                "/api/info/history",
                Doc.of(
                                "Calls per day",
                                "The site's calls per UTC+8 day, by family, up to today: JSON, or CSV for a "
                                        + "spreadsheet.")
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
                Doc.of("A badge", "A badge of the site's calls, as SVG, for a README or a page: never cached.")
                        .body("image/svg+xml", "The badge.", false, "Cache-Control"),
                null,
                stats::badgeSvg,
                StatsRoutes.METRIC,
                StatsRoutes.LABEL);
        r.counted(
                "/api/badge.json",
                Doc.of(
                                "A badge, for Shields",
                                "The badge's words and number in the JSON Shields' endpoint badge reads "
                                        + "(https://img.shields.io/endpoint?url=...).")
                        .json(StatsRoutes.Shields.class, "The badge.", "", () -> StatsRoutes.SHIELDS_EXAMPLE),
                null,
                stats::badgeJson,
                StatsRoutes.METRIC,
                StatsRoutes.LABEL);
    }

    @Override
    public void start(Function<String, ScheduledExecutorService> threads) {
        if (counting != null) {
            counting.start().accept(threads);
        }
    }

    /** Saves the counters at stop: false (with an ERROR saying how many calls are lost) when that fails. */
    public boolean stop() {
        return counting == null || counting.stop().getAsBoolean();
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

    /** For the start-up line. */
    public String describe() {
        return (counting == null ? "in memory" : counting.where()) + ", " + config.get(CounterSettings.STATS_MAX_USERS)
                + " users at most";
    }
}
