package pocketapi.http;

import java.time.Duration;
import java.util.HashSet;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Supplier;

import org.eclipse.jetty.server.AbstractConnector;
import org.eclipse.jetty.server.Connector;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import org.eclipse.jetty.server.handler.GracefulHandler;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import io.javalin.Javalin;
import io.javalin.compression.CompressionStrategy;
import io.javalin.http.Context;
import io.javalin.http.Handler;
import io.javalin.http.HandlerType;
import io.javalin.http.HttpResponseException;
import pocketapi.holiday.HolidayCalendar;
import pocketapi.holiday.LiveCalendar;
import pocketapi.holiday.OwnCalendars;
import pocketapi.image.ImagePools;
import pocketapi.image.SampleImages;
import pocketapi.stats.Counters;

/**
 * The one place that turns HTTP into calls on the domain. {@code Main} and every HTTP test build
 * the server through {@link #create}, so the tests exercise the production wiring.
 *
 * <p>Request lifecycle:
 * <ol>
 *   <li>{@code before}: on an endpoint path, add CORS and answer 405 to any method but GET/HEAD;</li>
 *   <li>the endpoint handler, wrapped by {@link Counting}: count the call, then parse, call the
 *       domain, render;</li>
 *   <li>exceptions and unmatched paths become the JSON error body.</li>
 * </ol>
 */
public final class HttpApi {
    private static final Logger LOG = LoggerFactory.getLogger(HttpApi.class);
    /** How long a stop waits for requests under way (the whole stop, counters included, takes under 5 s). */
    static final long STOP_TIMEOUT_MILLIS = 2_000;
    private static final long SHUTDOWN_IDLE_MILLIS = 50;
    static final String ALLOW = "GET, HEAD";

    /**
     * Jetty swaps "application/json; charset=utf-8" for its cached "application/json;charset=utf-8"
     * unless this is true when its HttpGenerator loads (it touches only Content-Type handling);
     * the README's content types have the space. {@code Main} sets it before anything can load
     * Jetty, the test build sets it for the test JVM, and {@link #create} refuses to build a server
     * without it.
     */
    public static final String STRICT_CONTENT_TYPES = "org.eclipse.jetty.http.HttpGenerator.STRICT";

    private HttpApi() {
    }

    /**
     * The few settings the HTTP layer uses.
     *
     * @param imageHost      the image host's base URL; empty: the bundled samples
     * @param publicUrl      the service's own base URL as clients reach it, if configured
     * @param trustedProxies the peers whose forwarding headers are believed
     * @param accessLog      whether every request is logged
     * @param maxConnections how many connections are held at once at most (lowered to fit the open-file limit)
     * @param headerTimeout  how long a client has to send a request's headers
     */
    public record Settings(Optional<String> imageHost, Optional<String> publicUrl, TrustedProxies trustedProxies,
                           boolean accessLog, int maxConnections, Duration headerTimeout) {
        /** What a user gets with no configuration at all. */
        public static Settings defaults() {
            return new Settings(Optional.empty(), Optional.empty(), TrustedProxies.unset(), false, 1000,
                    Duration.ofSeconds(10));
        }
    }

    /**
     * Builds the configured, not yet started server.
     *
     * @param calendar the holiday calendar to serve, read once per request (it may be swapped while running)
     * @param samples the bundled pictures to serve at {@code /d/image/}, present only while IMAGE_HOST is unset
     * @param counters the usage counters every counted endpoint counts into
     */
    public static Javalin create(Settings settings, LiveCalendar calendar, ImagePools pools,
                                 Optional<SampleImages> samples, Counters counters) {
        return create(settings, calendar, OwnCalendars.builtIn(), pools, samples, counters);
    }

    /** @param own the calendars {@code calendar=NAME} chooses (read once per request: they may be swapped) */
    public static Javalin create(Settings settings, LiveCalendar calendar, OwnCalendars own, ImagePools pools,
                                 Optional<SampleImages> samples, Counters counters) {
        JettyInternals.check();
        if (!JettyInternals.strictContentTypes()) {
            throw new IllegalStateException("Jetty was loaded without -D" + STRICT_CONTENT_TYPES + "=true, so it would "
                    + "rewrite every Content-Type; set it before anything touches Jetty (Main does)");
        }
        DayRecords records = new DayRecords();
        CalendarChoice choice = new CalendarChoice(calendar, own::all);
        HolidayEndpoint holidays = new HolidayEndpoint(choice, records);
        PlanningEndpoints planning = new PlanningEndpoints(choice);
        WorkdayEndpoints workdays = new WorkdayEndpoints(choice, records);
        ImageEndpoint images = new ImageEndpoint(pools, settings.imageHost(), settings.publicUrl());
        Counting counting = new Counting(counters, settings.trustedProxies());
        Set<String> endpoints = new HashSet<>();
        return Javalin.create(config -> {
            config.startup.showJavalinBanner = false;
            config.startup.showOldJavalinVersionWarning = false;
            // Nothing here gains from gzip: the API answers are far below its 1500-byte threshold
            // (and go straight to Jetty, see Responses), the pictures are PNG, the page is 8 KB.
            config.http.compressionStrategy = CompressionStrategy.NONE;
            // Jetty's own HTTP/1 connections, but ones that know a HEAD request Jetty could not parse
            // and close a client that does not send its headers in time; a bounded number of them.
            int bound = Connections.bound(settings.maxConnections());
            config.jetty.addConnector((server, http) -> {
                ServerConnector connector = Connections.connector(server,
                        new HeadAwareConnections(http, settings.headerTimeout(), bound));
                connector.setHost(config.jetty.host);
                connector.setPort(config.jetty.port);
                Connections.limit(server, connector, bound);
                return connector;
            });
            AtomicReference<Server> jetty = new AtomicReference<>();
            config.jetty.modifyServer(server -> {
                jetty.set(server);
                server.setErrorHandler(new JsonErrorHandler());
                // Graceful stop: stop accepting, let requests under way finish, then stop; the budget
                // leaves time to save the counters. Javalin nests its handlers inside the innermost wrapper.
                GracefulHandler graceful = new GracefulHandler();
                graceful.setHandler(new ProtocolGuard());
                server.setHandler(graceful);
                server.setStopTimeout(STOP_TIMEOUT_MILLIS);
            });
            // An idle keep-alive connection has nothing under way: close it at once on stop, not after
            // Jetty's default second (connectors exist only once the server has started).
            config.events.serverStarted(() -> {
                for (Connector connector : jetty.get().getConnectors()) {
                    if (connector instanceof AbstractConnector c) {
                        c.setShutdownIdleTimeout(SHUTDOWN_IDLE_MILLIS);
                    }
                }
            });
            if (settings.accessLog()) {
                config.requestLogger.http((ctx, ms) -> AccessLog.log(ctx, ms, counting.userId(ctx)));
            }

            // HEAD is registered by hand: Javalin's implicit HEAD answers without running the GET
            // handler (no Location, wrong Content-Type).
            Routes getAndHead = (path, handler) -> {
                config.routes.get(path, handler);
                config.routes.head(path, handler);
            };
            // The counted endpoints: CORS, the method rule, counting (the wrapper) and the parameter rule for each.
            Parameters parameters = new Parameters();
            CountedRoutes counted = (path, names, handler) -> {
                getAndHead.add(path, counting.counted(parameters.only(path, names, handler)));
                endpoints.add(path);
            };
            String day = "y m d date offset week calendar";
            counted.add("/api/holidays", "y m d date type offset week calendar", holidays::handle);
            counted.add("/api/holidays/detail", day, holidays::detail);
            counted.add("/api/holidays/year", "y week calendar", planning::year);
            counted.add("/api/holidays/next", day, planning::next);
            counted.add("/api/holidays.ics", "y only remind lang week calendar", planning::ics);
            counted.add("/api/holidays/range", "from to detail week calendar", workdays::range);
            counted.add("/api/workdays/count", "from to week calendar", workdays::count);
            counted.add("/api/workdays/add", "date n week calendar", workdays::add);
            counted.add("/img", "type", images.handler(ImageEndpoint.Pool.BY_DEVICE, ImageEndpoint.Form.REDIRECT));
            counted.add("/img/pe", "type", images.handler(ImageEndpoint.Pool.PORTRAIT, ImageEndpoint.Form.REDIRECT));
            counted.add("/img/pc", "type", images.handler(ImageEndpoint.Pool.LANDSCAPE, ImageEndpoint.Form.REDIRECT));
            counted.add("/img/url", "type", images.handler(ImageEndpoint.Pool.BY_DEVICE, ImageEndpoint.Form.TEXT));
            getAndHead.add("/api/info", counting.reporting(InfoEndpoint::handle));
            endpoints.add("/api/info");

            // Not counted: the landing page, the health check, the sample pictures.
            getAndHead.add("/", Pages.landing(calendar, own::all));
            getAndHead.add("/healthz", Pages.health());
            samples.ifPresent(pictures -> getAndHead.add("/d/image/<entry>", ImageEndpoint.samples(pictures)));

            config.routes.before(ctx -> beforeEndpoint(ctx, endpoints));
            config.routes.exception(ApiError.class, (e, ctx) -> Responses.error(ctx, e.status(), e.getMessage()));
            // Javalin answers an unmatched path by throwing NotFoundResponse, which lands here too.
            config.routes.exception(HttpResponseException.class, (e, ctx) -> Responses.error(ctx, e.getStatus(),
                    e.getStatus() == 404 ? "No endpoint at " + ctx.path() + "; see / for the endpoints." : e.getMessage()));
            config.routes.exception(Exception.class, (e, ctx) -> {
                LOG.error("unexpected failure on {} {}", ctx.method(), ctx.path(), e);
                Responses.error(ctx, 500, "The server failed unexpectedly; the failure is logged.");
            });
        });
    }

    /** Registers a handler for a path. */
    private interface Routes {
        void add(String path, Handler handler);
    }

    /** Registers a counted endpoint and the parameters it takes (space-separated). */
    private interface CountedRoutes {
        void add(String path, String parameters, Handler handler);
    }

    private static void beforeEndpoint(Context ctx, Set<String> endpoints) {
        if (!endpoints.contains(withoutTrailingSlash(ctx.path()))) {
            return;
        }
        Responses.header(ctx, Responses.CORS);
        if (ctx.method() != HandlerType.GET && ctx.method() != HandlerType.HEAD) {
            ctx.header("Allow", ALLOW);
            throw new ApiError(405, ctx.method() + " is not allowed on " + ctx.path() + "; use GET or HEAD");
        }
    }

    private static String withoutTrailingSlash(String path) {
        return path.length() > 1 && path.endsWith("/") ? path.substring(0, path.length() - 1) : path;
    }
}
