package pocketapi.web;

import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import org.eclipse.jetty.http.HttpCompliance;
import org.eclipse.jetty.http.HttpGenerator;
import org.eclipse.jetty.http.HttpParser;
import org.eclipse.jetty.io.Connection;
import org.eclipse.jetty.io.EndPoint;
import org.eclipse.jetty.server.*;
import org.eclipse.jetty.server.internal.HttpConnection;
import org.eclipse.jetty.util.thread.QueuedThreadPool;
import org.eclipse.jetty.util.thread.Scheduler;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import pocketapi.logging.Throttle;

/**
 * Everything pocketapi does beneath Javalin's surface, in one place, each for a property a test proves: <b>the header
 * time-out</b> (a client must send a request's headers within HEADER_TIMEOUT_SECONDS of connecting or of a later
 * request's first byte, 1 s at the bound; a client dripping a header line every few seconds is never idle, so Jetty's
 * idle time-out cannot; one that sent nothing at all, as a browser's spare preconnected socket, is closed without a log
 * line unless the bound is reached); <b>the connection bound</b> (MAX_CONNECTIONS, fewer if the open-file limit says
 * so; at the bound a new connection takes the slot of the one waiting longest for its headers, or idle longest; failed
 * accepts logged once a minute); <b>the write time-out</b> (an answer that makes no progress for {@value #WRITE_MILLIS}
 * ms, its client not reading, is cut, logged once a minute); <b>no body after a HEAD Jetty could not parse</b> (it
 * answers such a request as method BAD, and a pipelining client would read the body as its next answer); <b>exact
 * content types</b> ({@code HttpGenerator.__STRICT}); and what {@link FrontDoor} does. Each internal is named in this
 * code, so a Jetty upgrade that moved one fails the build. <b>Jetty's own slips</b>: a task of Jetty's that fails
 * inside its thread pool (a known race in its request-buffer bookkeeping, jetty/jetty.project#12939: "already
 * released") closes that one connection; it is counted in a line a minute, not a 14-line stack trace per occurrence.
 */
final class Connections extends HttpConnectionFactory {
    private static final Logger LOG = LoggerFactory.getLogger("pocketapi.web.Connections");
    static final long SWEEP_MILLIS = 500;
    static final long FULL_MILLIS = 1_000;
    /** How long a response may make no progress: a client that does not read is cut well before the idle time-out. */
    static final long WRITE_MILLIS = 5_000;

    private static final byte[] HEAD = {'H', 'E', 'A', 'D', ' '};

    private final long timeoutNanos;
    private final int bound;
    private final Set<Watched> open = ConcurrentHashMap.newKeySet();
    private final Throttle closed;
    private final Throttle failedAccepts = Throttle.counting(
            LOG,
            true,
            "cannot accept a connection for now (%d time(s) since "
                    + "the last such line): it waits in the listen queue and is accepted once a file is "
                    + "free; if this line repeats "
                    + "every minute, lower MAX_CONNECTIONS or raise the open-file limit");
    private final Throttle stalled = Throttle.counting(
            LOG,
            true,
            "slow readers: closed %d connection(s) whose answer made no " + "progress for " + WRITE_MILLIS / 1000
                    + " s (the client did not read it)");
    private Scheduler scheduler;

    private Connections(HttpConfiguration http, Duration headerTimeout, int bound) {
        super(http);
        this.timeoutNanos = headerTimeout.toNanos();
        this.bound = bound;
        this.closed = Throttle.counting(
                LOG,
                true,
                "slow clients: closed %d connection(s) that sent no complete request headers "
                        + "within " + headerTimeout.toSeconds()
                        + " s (HEADER_TIMEOUT_SECONDS), or gave their slot to a new one at "
                        + "MAX_CONNECTIONS; the next such line comes a minute later at the soonest");
    }

    /**
     * Jetty's thread pool as Javalin makes it (at most 250 threads, 8 kept, idle ones end after a minute), but a task
     * that fails with an exception is counted in one line a minute: the connection it served is closed by Jetty, the
     * thread goes on. Errors (out of memory, a stack overflow) still reach Jetty's own handling.
     */
    static QueuedThreadPool threadPool() {
        Throttle failed = Throttle.counting(
                LOG,
                true,
                "Jetty: %d task(s) failed inside its thread pool since the last such line (each closed its "
                        + "connection; the service goes on)");
        QueuedThreadPool pool = new QueuedThreadPool(250, 8, 60_000) {
            @Override
            protected void runJob(Runnable job) {
                try {
                    super.runJob(job);
                } catch (RuntimeException e) {
                    failed.count();
                }
            }
        };
        pool.setName("JettyServerThreadPool");
        return pool;
    }

    /** The service's connector, bounded to {@code maxConnections} connections, fewer if the open-file limit says so. */
    static ServerConnector connector(
            Server server, HttpConfiguration http, Duration headerTimeout, int maxConnections) {
        Connections connections = new Connections(http, headerTimeout, OpenFiles.connections(maxConnections));
        ServerConnector connector = new ServerConnector(server, connections) {
            @Override
            protected boolean handleAcceptFailure(Throwable failure) {
                return connections.acceptFailed(this, failure) || super.handleAcceptFailure(failure);
            }
        };
        connector.setAcceptQueueSize(512); // connections the bound keeps waiting queue in the kernel
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
        scheduler.schedule(
                () -> {
                    if (isRunning()) {
                        sweep();
                        sweepLater();
                    }
                },
                SWEEP_MILLIS,
                TimeUnit.MILLISECONDS);
    }

    /** A failed accept (the file limit reached by something else): a line a minute at most, and a pause. */
    private boolean acceptFailed(ServerConnector connector, Throwable failure) {
        if (!connector.isRunning()
                || failure instanceof InterruptedException
                || failure instanceof java.nio.channels.ClosedByInterruptException) {
            return false;
        }
        if (failure instanceof java.nio.channels.ClosedChannelException) {
            return true; // the port was closed: the service is stopping
        }
        failedAccepts.count();
        try {
            Thread.sleep(100); // it is likely to fail again at once: do not spin on it
            return true;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    /** Closes the connections whose headers are overdue; runs on the connector's scheduler. */
    void sweep() {
        long now = System.nanoTime();
        boolean full = open.size() >= bound;
        long timeout = full ? Math.min(timeoutNanos, FULL_MILLIS * 1_000_000) : timeoutNanos;
        for (Watched c : open) {
            long since = c.headersSince;
            Response answer = c.answer;
            if (since != 0 && now - since > timeout) {
                if (c.getBytesIn() > 0 || full) {
                    closed.count(); // not a browser's idle preconnect (nothing sent, the bound not reached): quiet
                }
                c.getEndPoint().close();
            } else if (answer != null && answer.isCommitted() && idleFor(c) > WRITE_MILLIS) {
                c.getEndPoint().close(); // the blocked write fails at once, and its thread is free
                stalled.count();
            }
        }
    }

    /** At the bound, the connection waiting longest for its headers (else the one idle longest) makes room. */
    private void makeRoom(Watched arriving) {
        Watched oldest = null;
        for (Watched c : open) {
            boolean waits = c.headersSince != 0;
            if (c != arriving
                    && (oldest == null
                            || waits && (oldest.headersSince == 0 || c.headersSince < oldest.headersSince)
                            || !waits && oldest.headersSince == 0 && idleFor(c) > idleFor(oldest))) {
                oldest = c;
            }
        }
        if (oldest != null && (oldest.headersSince != 0 || idleFor(oldest) > FULL_MILLIS)) {
            oldest.getEndPoint().close();
            closed.count();
        }
    }

    private static long idleFor(Watched c) {
        return c.getEndPoint() instanceof org.eclipse.jetty.io.IdleTimeout idle ? idle.getIdleFor() : 0;
    }

    @Override
    public Connection newConnection(Connector connector, EndPoint endPoint) {
        Watched connection = new Watched(getHttpConfiguration(), connector, endPoint);
        connection.setTransferEncodingChunkMaxLength(getTransferEncodingChunkMaxLength());
        return configure(connection, connector, endPoint);
    }

    /** Marks the answer under way on its connection (null: done), so that the sweep can cut a write that stalls. */
    static void answering(Request request, Response answer) {
        if (request.getConnectionMetaData().getConnection() instanceof Watched c) {
            c.answer = answer;
        }
    }

    /** Whether the request (possibly one Jetty could not parse) began with {@code HEAD }. */
    static boolean isHead(Request request) {
        return request.getConnectionMetaData().getConnection() instanceof Watched c && c.head;
    }

    /**
     * Whether the bytes at the start of a request are, or may still become, {@code HEAD } (no body is the safe answer).
     */
    static boolean startsWithHead(ByteBuffer buffer) {
        int i = buffer.position();
        while (i < buffer.limit() && (buffer.get(i) == '\r' || buffer.get(i) == '\n')) {
            i++; // empty lines before a request line are allowed
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
        /** The answer under way, from the request's start until it is written or failed; null between requests. */
        private volatile Response answer;

        Watched(HttpConfiguration configuration, Connector connector, EndPoint endPoint) {
            super(configuration, connector, endPoint);
        }

        @Override
        public void onOpen() {
            headersSince = System.nanoTime(); // the first request's headers are due from the connect
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
                            headersSince = System.nanoTime(); // a later request's first byte
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

    /**
     * Every internal above is named in this class's code, against the Jetty the pom pins, so an upgrade that moved one
     * fails the build; what the compiler cannot see is the system property.
     */
    static void check() {
        if (!HttpGenerator.__STRICT) {
            throw new IllegalStateException(
                    "Jetty was loaded without -D" + HttpApi.STRICT_CONTENT_TYPES + "=true, so it "
                            + "would rewrite every Content-Type; set it before anything touches Jetty (Main does)");
        }
    }
}
