package pocketapi.http;

import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

import org.eclipse.jetty.http.HttpCompliance;
import org.eclipse.jetty.http.HttpParser;
import org.eclipse.jetty.io.Connection;
import org.eclipse.jetty.io.EndPoint;
import org.eclipse.jetty.server.Connector;
import org.eclipse.jetty.server.HttpConfiguration;
import org.eclipse.jetty.server.HttpConnectionFactory;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.internal.HttpConnection;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * HTTP/1 connections that watch the head of each request: whether it began with {@code HEAD}, and
 * how long its headers take.
 *
 * <p>A client must send a request's headers within the header time-out ({@code
 * HEADER_TIMEOUT_SECONDS}), counted from connecting for the first request and from its first byte
 * for a later one on a kept-alive connection; a sweep every {@value #SWEEP_MILLIS} ms closes the
 * connections that did not. Jetty's idle time-out cannot do this: a client that drips one header
 * line every few seconds is never idle. While the connection bound is reached, the time-out is
 * {@value #FULL_MILLIS} ms at most, so that waiting clients get a slot. The closed connections
 * are logged once a minute with a count.
 *
 * <p>When Jetty cannot parse a request line ({@code HEAD /%00 HTTP/1.1}) it answers the error as
 * a request of method {@code BAD}: the method is lost, and the error body would be sent to a HEAD
 * request, where a pipelining client reads it as its next response. {@link #isHead} lets the
 * error handler send no body in that case. The peek costs one comparison per request.
 */
final class HeadAwareConnections extends HttpConnectionFactory {
    private static final Logger LOG = LoggerFactory.getLogger(HeadAwareConnections.class);
    private static final byte[] HEAD = {'H', 'E', 'A', 'D', ' '};
    static final long SWEEP_MILLIS = 500;
    static final long FULL_MILLIS = 1_000;

    private final long timeoutNanos;
    private final int bound;
    private final Set<HeadAwareConnection> open = ConcurrentHashMap.newKeySet();
    private ScheduledExecutorService sweeper;
    private long closedSinceReport;
    private long lastReport;

    /** @param bound the connection bound, at which the header time-out shortens */
    HeadAwareConnections(HttpConfiguration configuration, Duration headerTimeout, int bound) {
        super(configuration);
        this.timeoutNanos = headerTimeout.toNanos();
        this.bound = bound;
    }

    @Override
    protected void doStart() throws Exception {
        super.doStart();
        sweeper = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "slow-clients");
            t.setDaemon(true);
            return t;
        });
        sweeper.scheduleWithFixedDelay(this::sweep, SWEEP_MILLIS, SWEEP_MILLIS, TimeUnit.MILLISECONDS);
    }

    @Override
    protected void doStop() throws Exception {
        sweeper.shutdownNow();
        super.doStop();
    }

    /** Closes every connection whose request headers are overdue; runs on the sweeper thread alone. */
    void sweep() {
        long now = System.nanoTime();
        long timeout = open.size() >= bound ? Math.min(timeoutNanos, FULL_MILLIS * 1_000_000) : timeoutNanos;
        for (HeadAwareConnection c : open) {
            long since = c.headersSince;
            if (since != 0 && now - since > timeout) {
                c.getEndPoint().close();
                closedSinceReport++;
            }
        }
        if (closedSinceReport > 0 && (lastReport == 0 || now - lastReport >= 60_000_000_000L)) {
            LOG.warn("slow clients: closed {} connection(s) that sent no complete request headers within {} s "
                    + "(HEADER_TIMEOUT_SECONDS); the next such line comes a minute later at the soonest", closedSinceReport,
                    TimeUnit.NANOSECONDS.toSeconds(timeoutNanos));
            closedSinceReport = 0;
            lastReport = now;
        }
    }

    /** Connections open now (for tests). */
    int open() {
        return open.size();
    }

    @Override
    public Connection newConnection(Connector connector, EndPoint endPoint) {
        HeadAwareConnection connection = new HeadAwareConnection(getHttpConfiguration(), connector, endPoint, open);
        connection.setTransferEncodingChunkMaxLength(getTransferEncodingChunkMaxLength());
        return configure(connection, connector, endPoint);
    }

    /** Whether the request (possibly one Jetty could not parse) began with {@code HEAD }. */
    static boolean isHead(Request request) {
        return request.getConnectionMetaData().getConnection() instanceof HeadAwareConnection c && c.head;
    }

    /**
     * Whether the bytes at the start of a request are, or may still become, {@code HEAD }: while
     * fewer than five bytes have arrived, a prefix of it counts (no body is the safe answer).
     */
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

    private static final class HeadAwareConnection extends HttpConnection {
        // The constructor of HttpConnection makes the request handler, then the parser that needs it.
        private static final ThreadLocal<RequestHandler> HANDLER = new ThreadLocal<>();
        private final Set<HeadAwareConnection> open;
        private volatile boolean head;
        /** When the headers being waited for began to be waited for (System.nanoTime), or 0 when none are. */
        private volatile long headersSince;

        HeadAwareConnection(HttpConfiguration configuration, Connector connector, EndPoint endPoint,
                            Set<HeadAwareConnection> open) {
            super(configuration, connector, endPoint);
            this.open = open;
        }

        @Override
        public void onOpen() {
            headersSince = System.nanoTime();  // the first request's headers are due from the connect
            open.add(this);
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
                        headersSince = 0;  // the headers are in (or the connection is done)
                    }
                    return handle;
                }
            };
            parser.setHeaderCacheSize(getHttpConfiguration().getHeaderCacheSize());
            parser.setHeaderCacheCaseSensitive(getHttpConfiguration().isHeaderCacheCaseSensitive());
            return parser;
        }
    }
}
