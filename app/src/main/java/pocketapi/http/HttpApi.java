package pocketapi.http;

import static pocketapi.http.DayRoutes.D;
import static pocketapi.http.DayRoutes.DATE;
import static pocketapi.http.DayRoutes.M;
import static pocketapi.http.DayRoutes.OFFSET;
import static pocketapi.http.DayRoutes.TYPE;
import static pocketapi.http.DayRoutes.Y;
import static pocketapi.http.DayRoutes.WEEK;
import static pocketapi.http.DayRoutes.CALENDAR;
import static pocketapi.http.DayRoutes.FORECAST;
import static pocketapi.http.DayRoutes.REGION;
import static pocketapi.http.PlanningRoutes.DETAIL;
import static pocketapi.http.PlanningRoutes.FROM;
import static pocketapi.http.PlanningRoutes.N;
import static pocketapi.http.PlanningRoutes.TO;
import static pocketapi.http.PlanningRoutes.LANG;
import static pocketapi.http.PlanningRoutes.ONLY;
import static pocketapi.http.PlanningRoutes.REMIND;
import static pocketapi.http.ImageEndpoint.Form.REDIRECT;
import static pocketapi.http.ImageEndpoint.Form.TEXT;
import static pocketapi.http.ImageEndpoint.ORIENTATION;
import static pocketapi.http.ImageEndpoint.Pool.BY_DEVICE;
import static pocketapi.http.ImageEndpoint.Pool.LANDSCAPE;
import static pocketapi.http.ImageEndpoint.Pool.PORTRAIT;

import java.time.LocalDate;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

import org.eclipse.jetty.server.AbstractConnector;
import org.eclipse.jetty.server.Connector;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.handler.GracefulHandler;

import io.javalin.Javalin;
import pocketapi.holiday.HolidayCalendar;
import io.javalin.compression.CompressionStrategy;
import io.javalin.config.JavalinConfig;
import io.javalin.http.Context;
import io.javalin.http.Handler;
import io.javalin.http.HttpResponseException;
import pocketapi.config.Config;
import pocketapi.config.Setting;
import pocketapi.holiday.LiveCalendar;
import pocketapi.holiday.source.OwnCalendars;
import pocketapi.holiday.source.Regions;
import pocketapi.image.ImagePools;
import pocketapi.image.NamedPools;
import pocketapi.image.Picker;
import pocketapi.image.SampleImages;
import pocketapi.hitokoto.SentenceFolder;
import pocketapi.stats.Counters;
import pocketapi.stats.Family;
import static pocketapi.stats.Family.HOLIDAYS;
import static pocketapi.stats.Family.PICTURES;
import pocketapi.http.Query.Param;

/**
 * The one place that turns HTTP into calls on the domain; {@code Main} and every HTTP test build the server here, so
 * the tests exercise the production wiring. The route table is {@link #routes}; a request runs through these steps, in
 * this order: <ol> <li>{@link Connections}: the connection (header time-out, the connection bound, HEAD seen early),
 * then {@link FrontDoor} ({@code nosniff}, the HTTP/1.0 framing rule, the fair share of threads);</li> <li>{@code
 * before}: on an endpoint's path, {@code Access-Control-Allow-Origin: *}; any method but GET or HEAD is Javalin's 405
 * with {@code Allow: GET, HEAD};</li> <li>the endpoint: the caller's user id worked out (once: the access log reads it
 * too), the call counted, the query string read once against the endpoint's own parameters ({@link Query}: a misspelled
 * name is 400), then the answer ({@link DayRoutes}, {@link PlanningRoutes}, {@link ImageEndpoint}, {@link StatsRoutes},
 * written by {@link Responses});</li> <li>any failure: {@link Responses#error}, the one writer of error answers
 * (Jetty's own rejections: {@link Responses.JettyErrors});</li> <li>with {@code ACCESS_LOG=true}, one line ({@link
 * AccessLog}).</li> </ol>
 */
public final class HttpApi {
    /** How long a stop waits for requests under way (the whole stop, counters included, takes under 5 s). */
    static final long STOP_TIMEOUT_MILLIS = 2_000;
    /**
     * Jetty swaps "application/json; charset=utf-8" for its cached "application/json;charset=utf-8"
     * unless this is true when its HttpGenerator loads; {@code Main} sets it before anything can load
     * Jetty, the test build sets it, and {@link Connections#check} refuses to build a server without it.
     */
    public static final String STRICT_CONTENT_TYPES = "org.eclipse.jetty.http.HttpGenerator.STRICT";

    private HttpApi() {
    }

    /** An endpoint's answer, given its typed parameters. */
    interface Answer {
        void answer(Context ctx, Query q) throws Exception;
    }

    /** Builds the configured, not yet started server. */
    public static Javalin create(Config settings, LiveCalendar calendar, Regions regions, OwnCalendars own, ImagePools pools,
                                 NamedPools named, Optional<SampleImages> samples, SentenceFolder sentences, Counters counters) {
        Connections.check();
        return Javalin.create(config -> {
            config.startup.showJavalinBanner = false;
            config.startup.showOldJavalinVersionWarning = false;
            config.http.compressionStrategy = CompressionStrategy.NONE;  // our answers are far below gzip's 1500 bytes
            config.http.prefer405over404 = true;
            // Javalin copies each answer to Jetty through a buffer of this size, new for every answer (32 KB by
            // default): ours are a few hundred bytes, and the copy loops for the few larger ones.
            config.http.responseBufferSize = 1024;
            jetty(config, settings);
            Routes routes = new Routes(config, counters);
            routes(routes, calendar, regions, own, pools, named, samples, sentences, settings);
            // Javalin maps its own HttpResponseExceptions (404, 405) apart from the rest: both to the one error writer.
            config.routes.exception(HttpResponseException.class, (e, ctx) -> Responses.error(ctx, e));
            config.routes.exception(Exception.class, (e, ctx) -> Responses.error(ctx, e));
            if (settings.get(Setting.ACCESS_LOG)) {
                config.requestLogger.http((ctx, ms) -> AccessLog.log(ctx, ms, Routes.user(ctx)));
            }
        });
    }

    /** The route table. */
    private static void routes(Routes r, LiveCalendar calendar, Regions regions, OwnCalendars own, ImagePools pools,
                               NamedPools named, Optional<SampleImages> samples, SentenceFolder sentences, Config settings) {
        DayRoutes days = new DayRoutes(calendar, regions, own::all, !settings.get(Setting.HOLIDAY_UPDATE_URL).isEmpty());
        PlanningRoutes plans = new PlanningRoutes(days);
        ImageEndpoint images = new ImageEndpoint(pools, named, new Picker(settings.get(Setting.IMAGE_NO_REPEAT), Math.min(settings.get(Setting.STATS_MAX_USERS), Picker.MAX_USERS)),
                new pocketapi.image.Referers(settings.get(Setting.IMAGE_REFERERS)), settings.get(Setting.IMAGE_HOST), settings.get(Setting.PUBLIC_URL));
        r.counted("/api/holidays", HOLIDAYS, days::holidays, Y, M, D, DATE, TYPE, OFFSET, WEEK, CALENDAR, FORECAST, REGION);
        r.counted("/api/holidays/detail", HOLIDAYS, days::detail, Y, M, D, DATE, OFFSET, WEEK, CALENDAR, FORECAST, REGION);
        r.counted("/api/holidays/forecast", HOLIDAYS, new ForecastRoutes(days)::forecast, Y, REGION);
        r.counted("/api/holidays/year", HOLIDAYS, plans::year, Y, WEEK, CALENDAR, REGION);
        r.counted("/api/holidays/next", HOLIDAYS, plans::next, Y, M, D, DATE, OFFSET, WEEK, CALENDAR, REGION);
        r.counted("/api/holidays.ics", HOLIDAYS, plans::ics, Y, ONLY, REMIND, LANG, WEEK, CALENDAR, REGION);
        r.counted("/api/holidays/range", HOLIDAYS, plans::range, FROM, TO, DETAIL, WEEK, CALENDAR, REGION);
        r.counted("/api/workdays/count", HOLIDAYS, plans::count, FROM, TO, WEEK, CALENDAR, REGION);
        r.counted("/api/workdays/add", HOLIDAYS, plans::add, DATE, N, WEEK, CALENDAR, REGION);
        for (boolean fromNamed : new boolean[] {false, true}) {
            String at = fromNamed ? "/img/{name}" : "/img";
            r.counted(at, PICTURES, images.answer(fromNamed, BY_DEVICE, REDIRECT), ImageEndpoint.TYPE, ORIENTATION);
            r.counted(at + "/pe", PICTURES, images.answer(fromNamed, PORTRAIT, REDIRECT), ImageEndpoint.TYPE, ORIENTATION);
            r.counted(at + "/pc", PICTURES, images.answer(fromNamed, LANDSCAPE, REDIRECT), ImageEndpoint.TYPE, ORIENTATION);
            r.counted(at + "/url", PICTURES, images.answer(fromNamed, BY_DEVICE, TEXT), ImageEndpoint.TYPE, ORIENTATION);
        }
        r.counted("/api/ping", Family.OTHER, (ctx, q) -> ctx.contentType(Responses.TEXT).result("pong"));
        r.counted("/api/hitokoto", Family.OTHER, new HitokotoRoutes(sentences)::hitokoto, HitokotoRoutes.C, HitokotoRoutes.ENCODE,
                HitokotoRoutes.TYPE, HitokotoRoutes.MIN_LENGTH, HitokotoRoutes.MAX_LENGTH);
        StatsRoutes stats = new StatsRoutes(r.counters, settings.get(Setting.STATS_HISTORY_DAYS));
        r.info("/api/info");
        r.counted("/api/info/history", Family.INFO, stats::history, stats.days, StatsRoutes.CSV);
        // Not counted: the badge, the landing page, the health check, the sample pictures.
        r.counted("/api/badge.svg", null, stats::badgeSvg, StatsRoutes.METRIC, StatsRoutes.LABEL);
        r.counted("/api/badge.json", null, stats::badgeJson, StatsRoutes.METRIC, StatsRoutes.LABEL);
        r.plain("/", Pages.landing(calendar, days,
                pocketapi.notify.Target.parseAll(settings.get(Setting.NOTIFY_URLS)).stream().map(pocketapi.notify.Target::name)
                        .toList(), named::all, stats::chart));
        r.plain("/healthz", Pages.health());
        samples.ifPresent(pictures -> r.plain("/d/image/<entry>", ImageEndpoint.samples(pictures)));
    }

    /** Registers routes for GET and HEAD (Javalin's implicit HEAD would answer without running the GET handler). */
    private static final class Routes {
        private final JavalinConfig config;
        private final Counters counters;
        private final Set<String> endpoints = new HashSet<>();

        Routes(JavalinConfig config, Counters counters) {
            this.config = config;
            this.counters = counters;
            config.routes.before(ctx -> {
                String path = ctx.path();
                if (endpoints.contains(path.length() > 1 && path.endsWith("/") ? path.substring(0, path.length() - 1) : path)
                        || path.startsWith("/img/")) {
                    ctx.header("Access-Control-Allow-Origin", "*");
                }
            });
        }

        void plain(String path, Handler handler) {
            config.routes.get(path, handler);
            config.routes.head(path, handler);
        }

        /** An endpoint of the API: each call counted in {@code family} (none: null), its query read against {@code params}. */
        void counted(String path, Family family, Answer answer, Param<?>... params) {
            List<Param<?>> declared = List.of(params);
            endpoints.add(path);
            plain(path, ctx -> {
                FrontDoor.Caller caller = ctx.attribute(FrontDoor.CALLER);
                if (family != null && caller.counted()) {
                    counters.count(caller.user(), family);
                }
                answer.answer(ctx, Query.read(path, ctx.queryParamMap(), ctx.queryString(), declared, caller.user()));
            });
        }

        /** {@code /api/info}: the counts of its own call (from STATS_IGNORE, the counts without it). */
        void info(String path) {
            endpoints.add(path);
            plain(path, ctx -> {
                FrontDoor.Caller caller = ctx.attribute(FrontDoor.CALLER);
                StatsRoutes.info(ctx, counters.countAndReport(caller.user(), caller.counted() ? Family.INFO : null));
            });
        }

        /** The caller's user id, worked out once by {@link FrontDoor}. */
        static String user(Context ctx) {
            FrontDoor.Caller caller = ctx.attribute(FrontDoor.CALLER);
            return caller.user();
        }
    }

    /** The /api/holidays/detail record of a day, as JSON (for the evening notifications). */
    public static String detailJson(HolidayCalendar calendar, LocalDate date) {
        return new String(new DayJson().detail(calendar, date), java.nio.charset.StandardCharsets.UTF_8);
    }

    /** Jetty: the service's connector, its guard, JSON error answers, and a graceful stop. */
    private static void jetty(JavalinConfig config, Config settings) {
        config.jetty.addConnector((server, http) -> {
            // Jetty's default keeps a cache of header fields per connection, some 30 KB each once a request came:
            // at MAX_CONNECTIONS kept-alive connections that alone would be 30 MB of a 64 MB heap.
            http.setHeaderCacheSize(0);
            var connector = Connections.connector(server, http, settings.get(Setting.HEADER_TIMEOUT_SECONDS), settings.get(Setting.MAX_CONNECTIONS));
            connector.setHost(config.jetty.host);
            connector.setPort(config.jetty.port);
            return connector;
        });
        Server[] jetty = new Server[1];
        config.jetty.modifyServer(server -> {
            jetty[0] = server;
            server.setErrorHandler(new Responses.JettyErrors());
            // Graceful stop: stop accepting, let requests under way finish, then stop; the budget leaves time
            // to save the counters. Javalin nests its handlers inside the innermost wrapper.
            GracefulHandler graceful = new GracefulHandler();
            graceful.setHandler(new FrontDoor(settings.get(Setting.TRUSTED_PROXIES), settings.get(Setting.STATS_IGNORE), 200));
            server.setHandler(graceful);
            server.setStopTimeout(STOP_TIMEOUT_MILLIS);
        });
        // An idle keep-alive connection has nothing under way: closed at once on stop, not after a second.
        config.events.serverStarted(() -> {
            for (Connector connector : jetty[0].getConnectors()) {
                if (connector instanceof AbstractConnector c) {
                    c.setShutdownIdleTimeout(50);
                }
            }
        });
    }
}
