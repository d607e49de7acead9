package pocketapi.http;

import java.io.IOException;
import java.lang.reflect.Modifier;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Stream;

import org.eclipse.jetty.http.HttpCompliance;
import org.eclipse.jetty.http.HttpGenerator;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.http.HttpParser;
import org.eclipse.jetty.http.HttpVersion;
import org.eclipse.jetty.io.Connection;
import org.eclipse.jetty.io.EndPoint;
import org.eclipse.jetty.server.Connector;
import org.eclipse.jetty.server.Handler;
import org.eclipse.jetty.server.HttpConfiguration;
import org.eclipse.jetty.server.HttpConnectionFactory;
import org.eclipse.jetty.server.NetworkConnectionLimit;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import org.eclipse.jetty.server.internal.HttpConnection;
import org.eclipse.jetty.util.Callback;
import org.eclipse.jetty.util.Jetty;
import org.eclipse.jetty.util.thread.Scheduler;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Everything pocketapi does beneath Javalin's surface, in one place, each for a property a test proves:
 * <ul>
 *   <li><b>the header time-out</b>: a client must send a request's headers within {@code
 *       HEADER_TIMEOUT_SECONDS} (from connecting, or from the first byte of a later request), 1 s
 *       while the connection bound is reached; Jetty's idle time-out cannot, as a client dripping a
 *       header line every few seconds is never idle ({@code HttpParser.inHeaderState});</li>
 *   <li><b>the connection bound</b> ({@code MAX_CONNECTIONS}, lowered to fit the open-file limit); while
 *       it is reached, each new connection takes the slot of the one waiting longest for its headers
 *       (or idle longest), so slow clients cannot starve others; a failed accept is logged once a minute;</li>
 *   <li><b>no body after a HEAD Jetty could not parse</b>: Jetty answers such a request as method {@code BAD},
 *       and a pipelining client would read the error body as its next answer ({@code HttpConnection.newHttpParser});</li>
 *   <li><b>exact content types</b> ({@code HttpGenerator.__STRICT}), and HTTP/1.0 with {@code Transfer-Encoding}
 *       answered 400 and closed (RFC 9112 §6.1: nothing smuggled behind it is read).</li>
 * </ul>
 * {@link #check} finds each when the server is built, so a Jetty upgrade that moved one stops the
 * start with a sentence saying which.
 */
final class JettyInternals extends HttpConnectionFactory {
    private static final Logger LOG = LoggerFactory.getLogger(JettyInternals.class);
    static final String CHECKED_AGAINST = "12.1";
    static final long SWEEP_MILLIS = 500;
    static final long FULL_MILLIS = 1_000;
    /** Files kept free for the service's own use beyond those open at start-up. */
    static final int RESERVED_FILES = 64;
    static final int MIN_CONNECTIONS = 16;
    private static final byte[] HEAD = {'H', 'E', 'A', 'D', ' '};

    private final long timeoutNanos;
    private final int bound;
    private final Set<Watched> open = ConcurrentHashMap.newKeySet();
    private final AtomicLong closed = new AtomicLong();
    private final AtomicLong failedAccepts = new AtomicLong();
    private Scheduler scheduler;
    private volatile long lastReport;

    private JettyInternals(HttpConfiguration http, Duration headerTimeout, int bound) {
        super(http);
        this.timeoutNanos = headerTimeout.toNanos();
        this.bound = bound;
    }

    /** The service's connector, bounded to {@code bound(maxConnections)} connections. */
    static ServerConnector connector(Server server, HttpConfiguration http, Duration headerTimeout, int maxConnections) {
        JettyInternals connections = new JettyInternals(http, headerTimeout, bound(maxConnections));
        ServerConnector connector = new ServerConnector(server, connections) {
            @Override
            protected boolean handleAcceptFailure(Throwable failure) {
                return connections.acceptFailed(this, failure) || super.handleAcceptFailure(failure);
            }
        };
        connector.setAcceptQueueSize(512);  // connections the bound keeps waiting queue in the kernel
        server.addBean(new NetworkConnectionLimit(connections.bound, connector));
        connections.scheduler = connector.getScheduler();
        return connector;
    }

    @Override
    protected void doStart() throws Exception {
        super.doStart();
        sweepLater();
    }

    /** The sweep, every {@value #SWEEP_MILLIS} ms while the connector runs, on its own scheduler. */
    private void sweepLater() {
        scheduler.schedule(() -> {
            if (isRunning()) {
                sweep();
                sweepLater();
            }
        }, SWEEP_MILLIS, TimeUnit.MILLISECONDS);
    }

    /** {@code configured}, or less (with a WARN) when the open-file limit would not allow it. */
    static int bound(int configured) {
        long limit = openFileLimit();
        long files;
        try (Stream<Path> fds = Files.list(Path.of("/proc/self/fd"))) {
            files = fds.count();
        } catch (IOException | RuntimeException e) {
            files = 0;
        }
        int bound = bound(configured, limit, files);
        if (bound < configured) {
            LOG.warn("MAX_CONNECTIONS {} is more than the open-file limit allows ({} files, {} open at start): at most {} "
                    + "connections; raise the limit (LimitNOFILE= in the systemd unit, ulimit -n) to allow more",
                    configured, limit, files, bound);
        }
        return bound;
    }

    /** The files left after those open now, less a quarter of them (at least {@value #RESERVED_FILES}); -1: no limit. */
    static int bound(int configured, long limit, long open) {
        if (limit < 0) {
            return configured;
        }
        long free = limit - open;
        return (int) Math.max(MIN_CONNECTIONS, Math.min(configured, free - Math.max(RESERVED_FILES, free / 4)));
    }

    /** The soft limit on open files, from /proc/self/limits; -1 where there is none. */
    static long openFileLimit() {
        try (Stream<String> lines = Files.lines(Path.of("/proc/self/limits"))) {
            String soft = lines.filter(l -> l.startsWith("Max open files")).findFirst().orElseThrow()
                    .substring("Max open files".length()).strip().split("\\s+")[0];
            return soft.equals("unlimited") ? -1 : Long.parseLong(soft);
        } catch (IOException | RuntimeException e) {
            return -1;
        }
    }

    /** A failed accept (the file limit reached by something else): a line a minute at most, and a pause. */
    private boolean acceptFailed(ServerConnector connector, Throwable failure) {
        if (!connector.isRunning() || failure instanceof InterruptedException
                || failure instanceof java.nio.channels.ClosedByInterruptException) {
            return false;
        }
        if (failure instanceof java.nio.channels.ClosedChannelException) {
            return true;  // the port was closed: the service is stopping
        }
        long count = failedAccepts.incrementAndGet();
        if (oncePerMinute()) {
            failedAccepts.set(0);
            LOG.warn("cannot accept a connection for now ({}; {} time(s) since the last such line): it waits in the listen "
                    + "queue and is accepted once a file is free; if this line repeats every minute, lower MAX_CONNECTIONS "
                    + "or raise the open-file limit", failure.getMessage() == null ? failure.getClass().getSimpleName()
                    : failure.getMessage(), count);
        }
        try {
            Thread.sleep(100);  // it is likely to fail again at once: do not spin on it
            return true;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    private boolean oncePerMinute() {
        long now = System.nanoTime();
        long last = lastReport;
        if (last != 0 && now - last < 60_000_000_000L) {
            return false;
        }
        lastReport = now;
        return true;
    }

    /** Closes the connections whose headers are overdue; runs on the connector's scheduler. */
    void sweep() {
        long now = System.nanoTime();
        long timeout = open.size() >= bound ? Math.min(timeoutNanos, FULL_MILLIS * 1_000_000) : timeoutNanos;
        for (Watched c : open) {
            long since = c.headersSince;
            if (since != 0 && now - since > timeout) {
                c.getEndPoint().close();
                closed.incrementAndGet();
            }
        }
        if (closed.get() > 0 && oncePerMinute()) {
            LOG.warn("slow clients: closed {} connection(s) that sent no complete request headers within {} s "
                    + "(HEADER_TIMEOUT_SECONDS), or gave their slot to a new one at MAX_CONNECTIONS; the next such line "
                    + "comes a minute later at the soonest", closed.getAndSet(0), TimeUnit.NANOSECONDS.toSeconds(timeoutNanos));
        }
    }

    /** At the bound, the connection waiting longest for its headers (else the one idle longest) makes room. */
    private void makeRoom(Watched arriving) {
        Watched oldest = null;
        for (Watched c : open) {
            boolean waits = c.headersSince != 0;
            if (c != arriving && (oldest == null || waits && (oldest.headersSince == 0 || c.headersSince < oldest.headersSince)
                    || !waits && oldest.headersSince == 0 && idleFor(c) > idleFor(oldest))) {
                oldest = c;
            }
        }
        if (oldest != null && (oldest.headersSince != 0 || idleFor(oldest) > FULL_MILLIS)) {
            oldest.getEndPoint().close();
            closed.incrementAndGet();
        }
    }

    private static long idleFor(Watched c) {
        return c.getEndPoint() instanceof org.eclipse.jetty.io.IdleTimeout idle ? idle.getIdleFor() : 0;
    }

    int open() {
        return open.size();
    }

    @Override
    public Connection newConnection(Connector connector, EndPoint endPoint) {
        Watched connection = new Watched(getHttpConfiguration(), connector, endPoint);
        connection.setTransferEncodingChunkMaxLength(getTransferEncodingChunkMaxLength());
        return configure(connection, connector, endPoint);
    }

    /** Whether the request (possibly one Jetty could not parse) began with {@code HEAD }. */
    static boolean isHead(Request request) {
        return request.getConnectionMetaData().getConnection() instanceof Watched c && c.head;
    }

    /** Whether the bytes at the start of a request are, or may still become, {@code HEAD } (no body is the safe answer). */
    static boolean startsWithHead(ByteBuffer buffer) {
        int i = buffer.position();
        while (i < buffer.limit() && (buffer.get(i) == '\r' || buffer.get(i) == '\n')) {
            i++;  // empty lines before a request line are allowed
        }
        for (int k = 0; k < HEAD.length; k++, i++) {
            if (i >= buffer.limit()) {
                return true;
            }
            if (buffer.get(i) != HEAD[k]) {
                return false;
            }
        }
        return true;
    }

    /** An HTTP/1 connection that knows whether its request began with HEAD and since when its headers are due. */
    private final class Watched extends HttpConnection {
        // HttpConnection's constructor makes the request handler, then the parser that needs it.
        private static final ThreadLocal<RequestHandler> HANDLER = new ThreadLocal<>();
        private volatile boolean head;
        /** Since when the headers being waited for are due (System.nanoTime), or 0 when none are. */
        private volatile long headersSince;

        Watched(HttpConfiguration configuration, Connector connector, EndPoint endPoint) {
            super(configuration, connector, endPoint);
        }

        @Override
        public void onOpen() {
            headersSince = System.nanoTime();  // the first request's headers are due from the connect
            open.add(this);
            if (open.size() >= bound) {
                makeRoom(this);
            }
            super.onOpen();
        }

        @Override
        public void onClose(Throwable cause) {
            open.remove(this);
            super.onClose(cause);
        }

        @Override
        protected RequestHandler newRequestHandler() {
            RequestHandler handler = super.newRequestHandler();
            HANDLER.set(handler);
            return handler;
        }

        @Override
        protected HttpParser newHttpParser(HttpCompliance compliance) {
            RequestHandler handler = HANDLER.get();
            HANDLER.remove();
            HttpParser parser = new HttpParser(handler, getHttpConfiguration().getRequestHeaderSize(), compliance) {
                @Override
                public boolean parseNext(ByteBuffer buffer) {
                    if (isStart()) {
                        head = startsWithHead(buffer);
                        if (headersSince == 0 && buffer.hasRemaining()) {
                            headersSince = System.nanoTime();  // a later request's first byte
                        }
                    }
                    boolean handle = super.parseNext(buffer);
                    if (!inHeaderState()) {
                        headersSince = 0;
                    }
                    return handle;
                }
            };
            parser.setHeaderCacheSize(getHttpConfiguration().getHeaderCacheSize());
            parser.setHeaderCacheCaseSensitive(getHttpConfiguration().isHeaderCacheCaseSensitive());
            return parser;
        }
    }

    /** The handler in front of Javalin's: nosniff on every answer, and the HTTP/1.0 framing rule. */
    static final class Guard extends Handler.Wrapper {
        @Override
        public boolean handle(Request request, Response response, Callback callback) throws Exception {
            response.getHeaders().put(Responses.NOSNIFF);
            if (request.getConnectionMetaData().getHttpVersion() == HttpVersion.HTTP_1_0
                    && request.getHeaders().contains(HttpHeader.TRANSFER_ENCODING)) {
                response.getHeaders().put(HttpHeader.CONNECTION, "close");
                Responses.jettyError(request, response, callback, 400,
                        "The request was rejected: HTTP/1.0 has no Transfer-Encoding; send HTTP/1.1, or a Content-Length.");
                return true;
            }
            return super.handle(request, response, callback);
        }
    }

    /** @throws IllegalStateException naming what changed in the Jetty on the classpath */
    static void check() {
        List<String> missing = new ArrayList<>();
        requireMethod(missing, HttpConnection.class, "newHttpParser", "seeing HEAD before Jetty parses a request",
                HttpCompliance.class);
        requireMethod(missing, HttpParser.class, "inHeaderState", "the header time-out");
        requireMethod(missing, ServerConnector.class, "handleAcceptFailure", "logging failed accepts once a minute",
                Throwable.class);
        requireField(missing, HttpGenerator.class, "__STRICT", "exact Content-Type headers");
        if (!missing.isEmpty()) {
            throw new IllegalStateException(problem(Jetty.VERSION, missing));
        }
        if (!HttpGenerator.__STRICT) {
            throw new IllegalStateException("Jetty was loaded without -D" + HttpApi.STRICT_CONTENT_TYPES + "=true, so it "
                    + "would rewrite every Content-Type; set it before anything touches Jetty (Main does)");
        }
    }

    static String problem(String version, List<String> missing) {
        return "Jetty " + version + " is not the Jetty pocketapi was checked against (" + CHECKED_AGAINST + ".x): "
                + String.join("; ", missing) + ". Build pocketapi with the Jetty its pom.xml pins, or update "
                + JettyInternals.class.getSimpleName();
    }

    static void requireMethod(List<String> missing, Class<?> owner, String name, String why, Class<?>... parameters) {
        for (Class<?> c = owner; c != null; c = c.getSuperclass()) {
            try {
                if (!Modifier.isPrivate(c.getDeclaredMethod(name, parameters).getModifiers())) {
                    return;
                }
            } catch (NoSuchMethodException e) {
                // look further up
            }
        }
        missing.add(owner.getName() + "." + name + " is gone (needed for " + why + ")");
    }

    static void requireField(List<String> missing, Class<?> owner, String name, String why) {
        try {
            if (!Modifier.isStatic(owner.getField(name).getModifiers())) {
                missing.add(owner.getName() + "." + name + " is no longer static (needed for " + why + ")");
            }
        } catch (NoSuchFieldException e) {
            missing.add(owner.getName() + "." + name + " is gone (needed for " + why + ")");
        }
    }
}
