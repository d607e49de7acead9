package pocketapi.web;

import io.javalin.Javalin;
import io.javalin.compression.CompressionStrategy;
import io.javalin.config.JavalinConfig;
import io.javalin.http.HttpResponseException;
import java.util.List;
import java.util.function.Predicate;
import org.eclipse.jetty.server.AbstractConnector;
import org.eclipse.jetty.server.Connector;
import org.eclipse.jetty.server.Server;
import pocketapi.config.Config;

/**
 * Builds the server from the modules served; {@code Main} and every HTTP test build it here, so the tests exercise the
 * production wiring. Each module registers its own endpoints ({@link Module#routes}); this class adds the service's own
 * ({@code /}, the page of the modules; {@code /healthz}; {@code /api/ping}). A request runs through these steps, in
 * this order:
 *
 * <ol>
 *   <li>{@link Connections}: the connection (header time-out, the connection bound, HEAD seen early), then
 *       {@link FrontDoor} ({@code nosniff}, CORS on an endpoint's path, the HTTP/1.0 framing rule, the fair share of
 *       threads, who the caller is);
 *   <li>any method but GET or HEAD is Javalin's 405 with {@code Allow: GET, HEAD};
 *   <li>the endpoint ({@link Routes}, found by {@link FixedPaths}): the call counted, the query read once against the
 *       endpoint's own parameters ({@link Query}: a misspelled name is 400), then the module's answer, written by
 *       {@link Responses};
 *   <li>any failure: {@link Responses#error}, the one writer of error answers (Jetty's own rejections:
 *       {@link Responses.JettyErrors});
 *   <li>with {@code ACCESS_LOG=true}, one line ({@link AccessLog}).
 * </ol>
 */
public final class HttpApi {
    /** How long a stop waits for requests under way (the whole stop, counters included, takes under 5 s). */
    static final long STOP_TIMEOUT_MILLIS = 2_000;
    /**
     * Jetty swaps "application/json; charset=utf-8" for its cached "application/json;charset=utf-8" unless this is true
     * when its HttpGenerator loads; {@code Main} sets it before anything can load Jetty, the test build sets it, and
     * {@link Connections#check} refuses to build a server without it.
     */
    public static final String STRICT_CONTENT_TYPES = "org.eclipse.jetty.http.HttpGenerator.STRICT";

    private HttpApi() {}

    /**
     * Builds the configured, not yet started server.
     *
     * @param counter where counted calls are counted ({@link CallCounter#NONE} when the counters are not served)
     * @param ignored STATS_IGNORE: the callers answered but not counted
     */
    public static Javalin create(Config settings, CallCounter counter, List<String> ignored, List<Module> modules) {
        Connections.check();
        return Javalin.create(config -> {
            FixedPaths.install(config); // before any route: an endpoint's path found in a hash table
            config.startup.showJavalinBanner = false;
            config.startup.showOldJavalinVersionWarning = false;
            config.http.compressionStrategy = noCompression();
            config.http.prefer405over404 = true;
            config.http.defaultContentType = Responses.TEXT; // a text answer leaves it (Responses.text)
            // Javalin copies each answer to Jetty through a buffer of this size, new for every answer (32 KB by
            // default): ours are a few hundred bytes, and the copy loops for the few larger ones.
            config.http.responseBufferSize = 1024;
            Routes routes = new Routes(config, counter);
            for (Module module : modules) {
                routes.module(module.name());
                module.routes(routes);
            }
            routes.module("service");
            routes.counted("/api/ping", Family.OTHER, (ctx, q) -> Responses.text(ctx, "pong"));
            routes.plain("/", Page.landing(modules));
            routes.plain("/healthz", ctx -> Responses.text(ctx, "ok"));
            // The API described once, from the routes' own declarations: made at the first request, then kept.
            OpenApi openApi = new OpenApi(routes);
            routes.plain("/openapi.json", ctx -> ctx.contentType(Responses.JSON).result(openApi.document()));
            jetty(config, settings, ignored, routes.crossOrigin());
            // Javalin maps its own HttpResponseExceptions (404, 405) apart from the rest: both to the one error writer.
            config.routes.exception(HttpResponseException.class, (e, ctx) -> Responses.error(ctx, e));
            config.routes.exception(Exception.class, (e, ctx) -> Responses.error(ctx, e));
            if (settings.get(ServerSettings.ACCESS_LOG)) {
                config.requestLogger.http(
                        (ctx, ms) -> AccessLog.log(ctx, ms, Routes.caller(ctx).user()));
            }
        });
    }

    /**
     * No compression: our answers are far below gzip's 1,500 bytes. Javalin's own {@code NONE} still tests every
     * answer's content type against ten excluded types, case-blind, before it finds no compressor: some 2 % of a small
     * answer's time. With no excluded type it asks nothing.
     */
    static CompressionStrategy noCompression() {
        CompressionStrategy none = new CompressionStrategy(null, null);
        none.setExcludedMimeTypes(List.of());
        return none;
    }

    /** Jetty: the service's connector, its guard, JSON error answers, and a graceful stop. */
    private static void jetty(
            JavalinConfig config, Config settings, List<String> ignored, Predicate<String> crossOrigin) {
        config.jetty.threadPool = Connections.threadPool();
        config.jetty.addConnector((server, http) -> {
            // Jetty's default keeps a cache of header fields per connection, some 30 KB each once a request came:
            // at MAX_CONNECTIONS kept-alive connections that alone would be 30 MB of a 64 MB heap.
            http.setHeaderCacheSize(0);
            var connector = Connections.connector(
                    server,
                    http,
                    settings.get(ServerSettings.HEADER_TIMEOUT_SECONDS),
                    settings.get(ServerSettings.MAX_CONNECTIONS));
            connector.setHost(config.jetty.host);
            connector.setPort(config.jetty.port);
            return connector;
        });
        // No endpoint keeps a session: none is looked for (NoSessions).
        config.jetty.modifyServletContextHandler(context -> context.setSessionHandler(new NoSessions()));
        Server[] jetty = new Server[1];
        config.jetty.modifyServer(server -> {
            jetty[0] = server;
            server.setErrorHandler(new Responses.JettyErrors());
            // Graceful stop (FrontDoor): stop accepting, let requests under way finish, then stop; the budget leaves
            // time to save the counters. Javalin nests its handlers inside the innermost wrapper.
            server.setHandler(new FrontDoor(settings.get(ServerSettings.TRUSTED_PROXIES), ignored, 200, crossOrigin));
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
