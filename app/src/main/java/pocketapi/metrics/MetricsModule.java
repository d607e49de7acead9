package pocketapi.metrics;

import io.javalin.http.Context;
import io.javalin.http.UnauthorizedResponse;
import io.javalin.router.Endpoint;
import io.prometheus.metrics.core.metrics.CounterWithCallback;
import io.prometheus.metrics.core.metrics.GaugeWithCallback;
import io.prometheus.metrics.expositionformats.PrometheusTextFormatWriter;
import io.prometheus.metrics.instrumentation.jvm.JvmMetrics;
import io.prometheus.metrics.model.registry.PrometheusRegistry;
import io.prometheus.metrics.model.snapshots.ClassicHistogramBuckets;
import io.prometheus.metrics.model.snapshots.HistogramSnapshot;
import io.prometheus.metrics.model.snapshots.Labels;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.DoubleAdder;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.Consumer;
import pocketapi.config.Config;
import pocketapi.web.Doc;
import pocketapi.web.Measures;
import pocketapi.web.Module;
import pocketapi.web.Routes;

/**
 * {@code /metrics} ({@code METRICS=on}, the default): the service as Prometheus scrapes it, in its text format, through
 * the official client. Every request that reaches the routes, by route template (never the raw path or query; one that
 * matched no route is {@code unmatched}) and status class, with its latency; what each module tells of itself
 * ({@link Module#measures}); the JVM's memory, collections and threads. Not counted in {@code /api/info}; with
 * {@code METRICS_TOKEN} only for {@code Authorization: Bearer <token>}. A request adds to counters of its own route
 * (lock-free adders, made at the route's first request); the client's registry is made at the first scrape, so that the
 * start does not wait for it. Thread-safe.
 */
public final class MetricsModule implements Module {
    /** The route label of a request that matched no route (404, 405). */
    static final String UNMATCHED = "unmatched";

    private static final String[] CLASSES = {"1xx", "2xx", "3xx", "4xx", "5xx"};
    /** The latency histogram's upper bounds, in seconds, +Inf last. */
    private static final double[] BOUNDS = {
        0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, Double.POSITIVE_INFINITY
    };

    private final Optional<byte[]> token;
    private final List<Module> others;
    private final Map<String, RouteStats> routes = new ConcurrentHashMap<>();
    private volatile State state;

    /** One route's requests by status class, and their latencies. */
    private static final class RouteStats {
        final LongAdder[] byClass = adders(CLASSES.length);
        final LongAdder[] buckets = adders(BOUNDS.length);
        final DoubleAdder seconds = new DoubleAdder();

        void add(int statusCode, double took) {
            byClass[statusCode >= 100 && statusCode < 600 ? statusCode / 100 - 1 : 4].increment();
            int b = 0;
            while (took > BOUNDS[b]) {
                b++;
            }
            buckets[b].increment();
            seconds.add(took);
        }

        private static LongAdder[] adders(int n) {
            LongAdder[] a = new LongAdder[n];
            for (int i = 0; i < n; i++) {
                a[i] = new LongAdder();
            }
            return a;
        }
    }

    private MetricsModule(Optional<String> token, List<Module> others) {
        this.token = token.map(t -> t.getBytes(StandardCharsets.UTF_8));
        this.others = List.copyOf(others);
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
    public String about() {
        return "Prometheus metrics: requests by route and status, latency, the data's years and updates, the counters' "
                + "saves and Redis, the JVM (METRICS; METRICS_TOKEN).";
    }

    @Override
    public void routes(Routes r) {
        Doc doc = Doc.of(
                        "Prometheus metrics",
                        "Every metric in Prometheus' text format, for a scrape (docs: metrics.md). Not counted.")
                .body(PrometheusTextFormatWriter.CONTENT_TYPE.replaceFirst(";.*", ""), "The metrics.", false);
        r.plain(
                "/metrics",
                token.isPresent() ? doc.bearer("The request has no Authorization: Bearer with METRICS_TOKEN.") : doc,
                this::scrape);
        r.requests(this::observe);
    }

    /** A request answered: its route template, its status class, its time. */
    void observe(Context ctx, Float millis) {
        Endpoint endpoint = ctx.endpoints().lastHttpEndpoint();
        String route = endpoint == null ? UNMATCHED : endpoint.path;
        RouteStats stats = routes.get(route); // the common case, without computeIfAbsent's lock on the bin
        if (stats == null) {
            stats = routes.computeIfAbsent(route, k -> new RouteStats());
        }
        stats.add(ctx.statusCode(), millis / 1_000.0);
    }

    private void scrape(Context ctx) throws IOException {
        if (token.isPresent() && !authorized(ctx.header("Authorization"))) {
            ctx.header("WWW-Authenticate", "Bearer realm=\"metrics\"");
            throw new UnauthorizedResponse("/metrics needs Authorization: Bearer <METRICS_TOKEN>");
        }
        ctx.contentType(PrometheusTextFormatWriter.CONTENT_TYPE).result(exposition());
    }

    /**
     * The bearer token, compared in constant time; the scheme's name in any case (RFC 9110 11.1), the token exactly.
     */
    private boolean authorized(String header) {
        if (header == null || !header.regionMatches(true, 0, "Bearer ", 0, "Bearer ".length())) {
            return false;
        }
        byte[] given = header.substring("Bearer ".length()).strip().getBytes(StandardCharsets.UTF_8);
        return MessageDigest.isEqual(given, token.get());
    }

    /** What /metrics answers: the registry in Prometheus' text format. */
    public byte[] exposition() throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream(16_384);
        PrometheusTextFormatWriter.create().write(out, state().registry.scrape());
        return out.toByteArray();
    }

    /** The names of the service's own metrics, whether or not they have a value yet (a counter's without _total). */
    public Set<String> names() {
        Set<String> names = new TreeSet<>(List.of("pocketapi_requests", "pocketapi_request_duration_seconds"));
        state().registered.readers.keySet().forEach(n -> names.add("pocketapi_" + n));
        return names;
    }

    private State state() {
        State s = state;
        if (s == null) {
            synchronized (this) {
                s = state;
                if (s == null) {
                    s = new State();
                    state = s;
                }
            }
        }
        return s;
    }

    /** The client's registry: the requests read from the routes' adders, the modules' measures, the JVM's. */
    private final class State {
        final PrometheusRegistry registry = new PrometheusRegistry();
        final Registered registered = new Registered(registry);

        State() {
            CounterWithCallback.builder()
                    .name("pocketapi_requests")
                    .help("requests answered, by route template and status class")
                    .labelNames("route", "status")
                    .callback(c -> routes.forEach((route, s) -> {
                        for (int i = 0; i < CLASSES.length; i++) {
                            long n = s.byClass[i].sum();
                            if (n > 0) {
                                c.call(n, route, CLASSES[i]);
                            }
                        }
                    }))
                    .register(registry);
            registry.register(() -> {
                HistogramSnapshot.Builder h = HistogramSnapshot.builder()
                        .name("pocketapi_request_duration_seconds")
                        .help("time from a request's arrival to its answer, by route template");
                routes.forEach((route, s) -> {
                    long[] counts = new long[BOUNDS.length];
                    for (int i = 0; i < counts.length; i++) {
                        counts[i] = s.buckets[i].sum();
                    }
                    h.dataPoint(HistogramSnapshot.HistogramDataPointSnapshot.builder()
                            .classicHistogramBuckets(ClassicHistogramBuckets.of(BOUNDS, counts))
                            .sum(s.seconds.sum())
                            .labels(Labels.of("route", route))
                            .build());
                });
                return h.build();
            });
            JvmMetrics.builder().register(registry);
            for (Module m : others) {
                m.measures(registered);
            }
        }
    }

    /**
     * What the modules measure, as callback metrics of the registry; a name registered by several modules (the holiday
     * data's years, the updates) is one metric with the readings of each.
     */
    private static final class Registered implements Measures {
        final Map<String, List<Consumer<Reading>>> readers = new HashMap<>();
        private final PrometheusRegistry registry;

        Registered(PrometheusRegistry registry) {
            this.registry = registry;
        }

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
            List<Consumer<Reading>> list = readers.computeIfAbsent(name, n -> new CopyOnWriteArrayList<>());
            list.add(read);
            return list.size() == 1;
        }
    }
}
