package pocketapi.web;

import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ScheduledExecutorService;
import org.eclipse.jetty.http.HttpGenerator;
import org.eclipse.jetty.io.Connection;
import org.eclipse.jetty.io.IdleTimeout;
import org.eclipse.jetty.server.Handler;
import org.eclipse.jetty.server.HttpConfiguration;
import org.eclipse.jetty.server.HttpConnectionFactory;
import org.eclipse.jetty.server.NetworkConnectionLimit;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import org.eclipse.jetty.util.Callback;
import org.eclipse.jetty.util.component.AbstractLifeCycle;
import org.eclipse.jetty.util.thread.QueuedThreadPool;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import pocketapi.common.Jobs;
import pocketapi.logging.Throttle;

/**
 * The connections, through Jetty's public listener and handler API: <b>the header time-out</b> (a client must send a
 * request's headers within HEADER_TIMEOUT_SECONDS of connecting, or of the first byte of a later request on a
 * kept-alive connection, 1 s at the bound; a client dripping a header line every few seconds is never idle, so Jetty's
 * idle time-out cannot; one that sent nothing at all, as a browser's spare preconnected socket, is closed without a log
 * line unless the bound is reached); <b>the connection bound</b> (MAX_CONNECTIONS, fewer if the open-file limit says
 * so; at the bound a new connection takes the slot of the one waiting longest for its headers, or idle longest; failed
 * accepts logged once a minute); <b>the write time-out</b> (an answer that makes no progress for {@value #WRITE_MILLIS}
 * ms, its client not reading, is cut, logged once a minute).
 *
 * <p>Each connection is seen opening and closing ({@link Connection.Listener}), and each request as it enters and ends
 * ({@link #handler}); between requests, bytes come in ({@link Connection#getBytesIn}) when the next request has begun,
 * which the sweep, every {@value #SWEEP_MILLIS} ms, takes as the start of its headers. Thread-safe.
 */
final class Connections extends AbstractLifeCycle implements Connection.Listener {
    private static final Logger LOG = LoggerFactory.getLogger("pocketapi.web.Connections");
    static final long SWEEP_MILLIS = 500;
    static final long FULL_MILLIS = 1_000;
    /** How long a response may make no progress: a client that does not read is cut well before the idle time-out. */
    static final long WRITE_MILLIS = 5_000;
    /** The request threads at most, as Javalin's own pool has them. */
    static final int THREADS = 250;

    private final long timeoutNanos;
    private final int bound;
    private final Map<Connection, Watched> open = new ConcurrentHashMap<>();
    private ScheduledExecutorService sweeper;
    private final Throttle closed;
    private final Throttle failedAccepts = Throttle.counting(
            LOG,
            true,
            "cannot accept a connection for now (%d time(s) since the last such line): it waits in the listen queue "
                    + "and is accepted once a file is free; if this line repeats every minute, lower MAX_CONNECTIONS or "
                    + "raise the open-file limit");
    private final Throttle stalled = Throttle.counting(
            LOG,
            true,
            "slow readers: closed %d connection(s) whose answer made no progress for " + WRITE_MILLIS / 1000
                    + " s (the client did not read it)");

    /** @param maxConnections MAX_CONNECTIONS, lowered to what the open-file limit allows */
    Connections(Duration headerTimeout, int maxConnections) {
        this.timeoutNanos = headerTimeout.toNanos();
        this.bound = OpenFiles.connections(maxConnections);
        this.closed = Throttle.counting(
                LOG,
                true,
                "slow clients: closed %d connection(s) that sent no complete request headers within "
                        + headerTimeout.toSeconds() + " s (HEADER_TIMEOUT_SECONDS), or gave their slot to a new one at "
                        + "MAX_CONNECTIONS; the next such line comes a minute later at the soonest");
    }

    /**
     * Jetty's thread pool as Javalin makes it (at most 250 threads, 8 kept, idle ones end after a minute, an unbounded
     * queue of jobs waiting for a thread), but a task that fails with Jetty's known slip (an
     * {@code IllegalStateException} of its request-buffer bookkeeping, jetty/jetty.project#12939: "already released")
     * is counted in one line a minute: the connection it served is closed by Jetty, the thread goes on. Any other
     * failure reaches Jetty's own handling, which logs it.
     */
    static QueuedThreadPool threadPool() {
        Throttle slips = Throttle.counting(
                LOG,
                true,
                "Jetty: %d task(s) failed inside its thread pool with its known buffer slip since the last such line "
                        + "(each closed its connection; the service goes on)");
        // Its job queue unbounded as Jetty's own default is, but a JDK queue: Jetty's pads its slots by a hint that,
        // when no one set it, it works out by starting the platform MBean server (236 classes, ~100 ms of a one-CPU
        // start).
        QueuedThreadPool pool = new QueuedThreadPool(THREADS, 8, 60_000, new LinkedBlockingQueue<>()) {
            @Override
            protected void runJob(Runnable job) {
                try {
                    super.runJob(job);
                } catch (IllegalStateException e) {
                    if (!String.valueOf(e.getMessage()).contains("released")) {
                        throw e;
                    }
                    slips.count();
                }
            }
        };
        pool.setName("JettyServerThreadPool");
        return pool;
    }

    /** The service's connector, watched here: at most the bound's connections at once. */
    ServerConnector connector(Server server, HttpConfiguration http) {
        ServerConnector connector = new ServerConnector(server, new HttpConnectionFactory(http)) {
            @Override
            protected boolean handleAcceptFailure(Throwable failure) {
                return acceptFailed(this, failure) || super.handleAcceptFailure(failure);
            }
        };
        connector.setAcceptQueueSize(512); // connections the bound keeps waiting queue in the kernel
        connector.addEventListener(this);
        connector.addBean(this); // started and stopped with the connector
        server.addBean(new NetworkConnectionLimit(bound, connector));
        return connector;
    }

    /**
     * The handler that tells which request is under way on which connection, for the header and write time-outs:
     * innermost of the service's own handlers.
     */
    Handler.Wrapper handler() {
        return new Handler.Wrapper() {
            @Override
            public boolean handle(Request request, Response response, Callback callback) throws Exception {
                Watched watched = open.get(request.getConnectionMetaData().getConnection());
                if (watched == null) {
                    return super.handle(request, response, callback);
                }
                watched.answering(response);
                try {
                    if (super.handle(request, response, Callback.from(callback, watched::answered))) {
                        return true;
                    }
                } catch (Throwable t) {
                    watched.answered();
                    throw t;
                }
                watched.answered();
                return false;
            }
        };
    }

    /**
     * The sweep, every {@value #SWEEP_MILLIS} ms while the connector runs, on a thread of its own ({@link Jobs}: a
     * sweep that fails is logged, and the next one still comes).
     */
    @Override
    protected void doStart() {
        sweeper = Jobs.thread("connections");
        Duration every = Duration.ofMillis(SWEEP_MILLIS);
        Jobs.every(sweeper, "the sweep of slow connections", every, every, this::sweep);
    }

    @Override
    protected void doStop() {
        sweeper.shutdownNow();
    }

    @Override
    public void onOpened(Connection connection) {
        Watched arriving = new Watched(connection);
        open.put(connection, arriving);
        if (open.size() >= bound) {
            makeRoom(arriving);
        }
    }

    @Override
    public void onClosed(Connection connection) {
        open.remove(connection);
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

    /** Closes the connections whose headers are overdue or whose answer stalled; runs on the connector's scheduler. */
    void sweep() {
        long now = System.nanoTime();
        boolean full = open.size() >= bound;
        long timeout = full ? Math.min(timeoutNanos, FULL_MILLIS * 1_000_000) : timeoutNanos;
        for (Watched c : open.values()) {
            c.look(now);
            long since = c.headersSince;
            Response answer = c.answer;
            if (since != 0 && now - since > timeout) {
                if (c.connection.getBytesIn() > 0 || full) {
                    closed.count(); // not a browser's idle preconnect (nothing sent, the bound not reached): quiet
                }
                c.connection.getEndPoint().close();
            } else if (answer != null && answer.isCommitted() && c.idleFor() > WRITE_MILLIS) {
                c.connection.getEndPoint().close(); // the blocked write fails at once, and its thread is free
                stalled.count();
            }
        }
    }

    /** At the bound, the connection waiting longest for its headers (else the one idle longest) makes room. */
    private void makeRoom(Watched arriving) {
        Watched oldest = null;
        for (Watched c : open.values()) {
            boolean waits = c.headersSince != 0;
            if (c != arriving
                    && (oldest == null
                            || waits && (oldest.headersSince == 0 || c.headersSince < oldest.headersSince)
                            || !waits && oldest.headersSince == 0 && c.idleFor() > oldest.idleFor())) {
                oldest = c;
            }
        }
        if (oldest != null && (oldest.headersSince != 0 || oldest.idleFor() > FULL_MILLIS)) {
            oldest.connection.getEndPoint().close();
            closed.count();
        }
    }

    /**
     * One open connection: since when the headers being waited for are due, the answer under way, and how many bytes
     * had come in when the last answer ended (more since: the next request has begun).
     */
    private static final class Watched {
        final Connection connection;
        /** Since when the headers being waited for are due (System.nanoTime), or 0 when none are. */
        volatile long headersSince = System.nanoTime(); // the first request's headers are due from the connect
        /** The answer under way, from the request's start until it is written or failed; null between requests. */
        volatile Response answer;
        /** The bytes in when the last answer ended; -1 while a request is under way or none has come yet. */
        volatile long inAtEnd = -1;

        Watched(Connection connection) {
            this.connection = connection;
        }

        void answering(Response response) {
            inAtEnd = -1;
            headersSince = 0;
            answer = response;
        }

        void answered() {
            answer = null;
            inAtEnd = connection.getBytesIn();
        }

        /** Between requests, the first bytes of the next one make its headers due (as the sweep sees them). */
        void look(long now) {
            long end = inAtEnd;
            if (end >= 0 && headersSince == 0 && answer == null && connection.getBytesIn() > end) {
                headersSince = now;
            }
        }

        long idleFor() {
            return connection.getEndPoint() instanceof IdleTimeout idle ? idle.getIdleFor() : 0;
        }
    }

    /**
     * What the compiler cannot see: Jetty loaded with exact content types ({@code HttpGenerator.STRICT}, set by
     * {@link JettyProperties} before Jetty loads).
     */
    static void check() {
        if (!HttpGenerator.__STRICT) {
            throw new IllegalStateException(
                    "Jetty was loaded without -D" + HttpApi.STRICT_CONTENT_TYPES + "=true, so it "
                            + "would rewrite every Content-Type; set it before anything touches Jetty (Main does)");
        }
    }
}
