package pocketapi.web;

import io.javalin.Javalin;
import io.javalin.compression.CompressionStrategy;
import io.javalin.config.JavalinConfig;
import io.javalin.http.HttpResponseException;
import java.util.List;
import java.util.Map;
import org.eclipse.jetty.server.AbstractConnector;
import org.eclipse.jetty.server.Connector;
import org.eclipse.jetty.server.Handler;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.handler.GracefulHandler;
import pocketapi.config.Config;

/**
 * Builds the server from the modules served; {@code Main} and every HTTP test build it here, so the tests exercise the
 * production wiring. Each module registers its own endpoints ({@link Module#routes}); this class adds the service's own
 * ({@code /}, the page of the modules; {@code /healthz}; {@code /api/ping}; {@code /openapi.json}). A request runs
 * through these steps, in this order, each a Jetty handler with one job before Javalin's:
 *
 * <ol>
 *   <li>{@link AnswerHeaders}: {@code nosniff} and CORS on every answer;
 *   <li>Jetty's {@link GracefulHandler}: once the server stops, a new request is 503, and the stop waits for those
 *       under way;
 *   <li>{@link Malformed}: the HTTP/1.0 framing rule, malformed escapes;
 *   <li>{@link Callers}: who the caller is, and whether it is counted;
 *   <li>{@link FairShare}: each client's share of the request threads;
 *   <li>{@link Connections#handler}: the request marked on its connection, for the header and write time-outs;
 *   <li>Javalin: any method but GET or HEAD is 405 with {@code Allow: GET, HEAD}; the endpoint ({@link Routes}): the
 *       call counted, the query read once against the endpoint's own parameters ({@link Query}: a misspelled name is
 *       400), then the module's answer, written by {@link Responses};
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
            config.startup.showJavalinBanner = false;
            config.startup.showOldJavalinVersionWarning = false;
            config.http.prefer405over404 = true;
            // Our answers are small and mostly far below gzip's 1,500 bytes: none is compressed.
            config.http.compressionStrategy = CompressionStrategy.NONE;
            // Javalin copies each answer to Jetty through a buffer of this size, new for every answer (32 KB by
            // default): ours are a few hundred bytes, and the copy loops for the few larger ones.
            config.http.responseBufferSize = 1024;
            config.http.defaultContentType = Responses.TEXT; // a text answer leaves it (Responses.text)
            Routes routes = new Routes(config, counter);
            for (Module module : modules) {
                routes.module(module.name(), module.about());
                module.routes(routes);
            }
            routes.module(
                    "service",
                    "The service itself: its page, its health, this reference, and a ping that counts as a call.");
            routes.counted(
                    "/api/ping",
                    Doc.of("Ping", "Answers pong: a call that counts, for a client checking it reaches the API.")
                            .text("pong.", "", () -> "pong", "pong"),
                    Family.OTHER,
                    (ctx, q) -> Responses.text(ctx, "pong"));
            routes.plain(
                    "/",
                    Doc.of(
                                    "The landing page",
                                    "A page for people: today's and tomorrow's answer, every endpoint with examples, "
                                            + "the year's arrangement, a picture and the totals.")
                            .body("text/html", "The page (HTML; nothing loaded from elsewhere).", false),
                    Page.landing(modules));
            routes.plain(
                    "/healthz",
                    Doc.of("Health check", "Answers ok while the service is up, for monitors and load balancers.")
                            .text("ok.", "", () -> "ok", "ok"),
                    ctx -> Responses.text(ctx, "ok"));
            // The API described once, from the routes' own declarations: made at the first request, then kept.
            OpenApi openApi = new OpenApi(routes);
            routes.plain(
                    "/openapi.json",
                    Doc.of(
                                    "This reference, as OpenAPI 3.1",
                                    "Every route this service serves now (what SERVE and IMAGE_POOLS_DIR give), "
                                            + "with its parameters, answers and examples: for Swagger UI, Postman or a "
                                            + "client generator.")
                            .json(Map.of("type", "object"), "The OpenAPI 3.1 document."),
                    ctx -> ctx.contentType(Responses.JSON).result(openApi.document()));
            ReferencePage.routes(routes);
            jetty(config, settings, ignored);
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
     * Jetty: the service's connector and its watch, the handlers before Javalin's, JSON error answers, a graceful stop.
     */
    private static void jetty(JavalinConfig config, Config settings, List<String> ignored) {
        config.jetty.threadPool = Connections.threadPool();
        Connections connections = new Connections(
                settings.get(ServerSettings.HEADER_TIMEOUT_SECONDS), settings.get(ServerSettings.MAX_CONNECTIONS));
        config.jetty.addConnector((server, http) -> {
            // Jetty's default keeps a cache of header fields per connection, some 30 KB each once a request came:
            // at MAX_CONNECTIONS kept-alive connections that alone would be 30 MB of a 64 MB heap.
            http.setHeaderCacheSize(0);
            var connector = connections.connector(server, http);
            connector.setHost(config.jetty.host);
            connector.setPort(config.jetty.port);
            return connector;
        });
        Server[] jetty = new Server[1];
        config.jetty.modifyServer(server -> {
            jetty[0] = server;
            server.setErrorHandler(new Responses.JettyErrors());
            // Javalin nests its own handler inside the innermost of these wrappers.
            server.setHandler(chain(
                    new AnswerHeaders(),
                    new GracefulHandler(),
                    new Malformed(),
                    new Callers(settings.get(ServerSettings.TRUSTED_PROXIES), ignored),
                    new FairShare(Connections.THREADS),
                    connections.handler()));
            // The stop waits this long for requests under way; the budget leaves time to save the counters.
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

    /** Each wrapper nested in the one before it; the first, outermost. */
    private static Handler.Wrapper chain(Handler.Wrapper... wrappers) {
        for (int i = 1; i < wrappers.length; i++) {
            wrappers[i - 1].setHandler(wrappers[i]);
        }
        return wrappers[0];
    }
}
