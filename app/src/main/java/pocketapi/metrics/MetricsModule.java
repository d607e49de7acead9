package pocketapi.metrics;

import io.javalin.http.Context;
import io.javalin.http.UnauthorizedResponse;
import io.javalin.router.Endpoint;
import io.prometheus.metrics.core.datapoints.CounterDataPoint;
import io.prometheus.metrics.core.datapoints.DistributionDataPoint;
import io.prometheus.metrics.core.metrics.Counter;
import io.prometheus.metrics.core.metrics.CounterWithCallback;
import io.prometheus.metrics.core.metrics.GaugeWithCallback;
import io.prometheus.metrics.core.metrics.Histogram;
import io.prometheus.metrics.expositionformats.PrometheusTextFormatWriter;
import io.prometheus.metrics.instrumentation.jvm.JvmMetrics;
import io.prometheus.metrics.model.registry.PrometheusRegistry;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;
import pocketapi.config.Config;
import pocketapi.web.Measures;
import pocketapi.web.Module;
import pocketapi.web.Routes;

/**
 * {@code /metrics} ({@code METRICS=on}, the default): the service as Prometheus scrapes it, in its text format, through
 * the official client. Every request that reaches the routes, by route template (never the raw path or query; one that
 * matched no route is {@code unmatched}) and status class, with its latency; what each module tells of itself
 * ({@link Module#measures}); the JVM's memory, collections and threads. Not counted in {@code /api/info}; with
 * {@code METRICS_TOKEN} only for {@code Authorization: Bearer <token>}. Thread-safe.
 */
public final class MetricsModule implements Module {
    /** The route label of a request that matched no route (404, 405). */
    static final String UNMATCHED = "unmatched";

    private static final String[] CLASSES = {"1xx", "2xx", "3xx", "4xx", "5xx"};

    private final PrometheusRegistry registry = new PrometheusRegistry();
    private final Optional<byte[]> token;
    private final Counter requests = Counter.builder()
            .name("pocketapi_requests")
            .help("requests answered, by route template and status class")
            .labelNames("route", "status")
            .register(registry);
    private final Histogram latency = Histogram.builder()
            .name("pocketapi_request_duration_seconds")
            .help("time from a request's arrival to its answer, by route template")
            .labelNames("route")
            .classicOnly()
            .classicUpperBounds(0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5)
            .register(registry);
    /** Each route's data points, made once: a request adds to them without looking its labels up. */
    private final Map<String, Series> series = new ConcurrentHashMap<>();

    private record Series(CounterDataPoint[] byClass, DistributionDataPoint latency) {}

    private final Registered registered = new Registered();

    private MetricsModule(Optional<String> token, List<Module> others) {
        this.token = token.map(t -> t.getBytes(StandardCharsets.UTF_8));
        JvmMetrics.builder().register(registry);
        for (Module m : others) {
            m.measures(registered);
        }
    }

    /** The names of the service's own metrics, whether or not they have a value yet (a counter's without _total). */
    public java.util.Set<String> names() {
        java.util.Set<String> names =
                new java.util.TreeSet<>(List.of("pocketapi_requests", "pocketapi_request_duration_seconds"));
        registered.readers.keySet().forEach(n -> names.add("pocketapi_" + n));
        return names;
    }

    /** What /metrics answers: the registry in Prometheus' text format. */
    public byte[] exposition() throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream(16_384);
        PrometheusTextFormatWriter.create().write(out, registry.scrape());
        return out.toByteArray();
    }

    /** The module for {@code config}, telling what {@code others} measure; empty when {@code METRICS=off}. */
    public static Optional<MetricsModule> of(Config config, List<Module> others) {
        return config.get(MetricsSettings.METRICS)
                ? Optional.of(new MetricsModule(config.get(MetricsSettings.METRICS_TOKEN), others))
                : Optional.empty();
    }

    @Override
    public String name() {
        return "metrics";
    }

    @Override
    public void routes(Routes r) {
        r.plain("/metrics", this::scrape);
        r.requests(this::observe);
    }

    private void scrape(Context ctx) throws IOException {
        if (token.isPresent() && !authorized(ctx.header("Authorization"))) {
            ctx.header("WWW-Authenticate", "Bearer realm=\"metrics\"");
            throw new UnauthorizedResponse("/metrics needs Authorization: Bearer <METRICS_TOKEN>");
        }
        ctx.contentType(PrometheusTextFormatWriter.CONTENT_TYPE).result(exposition());
    }

    /** The bearer token, compared in constant time. */
    private boolean authorized(String header) {
        if (header == null || !header.startsWith("Bearer ")) {
            return false;
        }
        byte[] given = header.substring("Bearer ".length()).strip().getBytes(StandardCharsets.UTF_8);
        return MessageDigest.isEqual(given, token.get());
    }

    /** A request answered: its route template, its status class, its time. */
    void observe(Context ctx, Float millis) {
        Endpoint endpoint = ctx.endpoints().lastHttpEndpoint();
        String route = endpoint == null ? UNMATCHED : endpoint.path;
        Series s = series.computeIfAbsent(route, this::series);
        int code = ctx.statusCode();
        s.byClass()[code >= 100 && code < 600 ? code / 100 - 1 : 4].inc();
        s.latency().observe(millis / 1_000.0);
    }

    private Series series(String route) {
        CounterDataPoint[] byClass = new CounterDataPoint[CLASSES.length];
        for (int i = 0; i < CLASSES.length; i++) {
            byClass[i] = requests.labelValues(route, CLASSES[i]);
        }
        return new Series(byClass, latency.labelValues(route));
    }

    /**
     * What the modules measure, as callback metrics of the registry; a name registered by several modules (the holiday
     * data's years, the updates) is one metric with the readings of each.
     */
    private final class Registered implements Measures {
        private final Map<String, List<Consumer<Reading>>> readers = new java.util.HashMap<>();

        @Override
        public void gauge(String name, String help, List<String> labels, Consumer<Reading> read) {
            if (add(name, read)) {
                GaugeWithCallback.builder()
                        .name("pocketapi_" + name)
                        .help(help)
                        .labelNames(labels.toArray(String[]::new))
                        .callback(callback -> readers.get(name).forEach(r -> r.accept(callback::call)))
                        .register(registry);
            }
        }

        @Override
        public void counter(String name, String help, List<String> labels, Consumer<Reading> read) {
            if (add(name, read)) {
                CounterWithCallback.builder()
                        .name("pocketapi_" + name)
                        .help(help)
                        .labelNames(labels.toArray(String[]::new))
                        .callback(callback -> readers.get(name).forEach(r -> r.accept(callback::call)))
                        .register(registry);
            }
        }

        /** True for a name new to the registry. */
        private boolean add(String name, Consumer<Reading> read) {
            List<Consumer<Reading>> list =
                    readers.computeIfAbsent(name, n -> new java.util.concurrent.CopyOnWriteArrayList<>());
            list.add(read);
            return list.size() == 1;
        }
    }
}
