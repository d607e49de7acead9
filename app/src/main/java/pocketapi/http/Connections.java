package pocketapi.http;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Stream;

import org.eclipse.jetty.server.NetworkConnectionLimit;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * How many connections the service holds at once, so that an instance exposed to the internet
 * keeps answering within its open-file limit: at most {@code MAX_CONNECTIONS}, and never more than
 * the limit leaves after the files open at start-up and a reserve (the service's own files:
 * counters, Redis, holiday fetches; closed connections not yet released). At the bound Jetty stops accepting: new connections wait in the listen
 * queue until one closes (a client that sends no headers in time is closed, see
 * {@link HeadAwareConnections}). An accept that fails anyway (the file limit reached by something
 * else) is logged once a minute with a count, never as a stack trace per attempt.
 */
final class Connections {
    private static final Logger LOG = LoggerFactory.getLogger(Connections.class);
    /** Files kept free for the service's own use beyond those open at start-up. */
    static final int RESERVED_FILES = 64;
    /** The listen queue: connections accepted by the kernel, waiting for a slot. */
    static final int ACCEPT_QUEUE = 512;
    /** The fewest connections the bound goes down to, however low the file limit. */
    static final int MIN_CONNECTIONS = 16;

    private Connections() {
    }

    /**
     * The connection bound: {@code configured}, lowered (with a WARN saying why) when the
     * open-file limit would not allow it.
     */
    static int bound(int configured) {
        long limit = openFileLimit();
        long open = openFiles();
        int bound = bound(configured, limit, open);
        if (bound < configured) {
            LOG.warn("MAX_CONNECTIONS {} is more than the open-file limit allows ({} files, {} open at start): at most {} "
                    + "connections; raise the limit (LimitNOFILE= in the systemd unit, ulimit -n) to allow more",
                    configured, limit, open, bound);
        }
        return bound;
    }

    /**
     * {@code configured}, or less: the files left after those open now, less a reserve of a quarter
     * of them (at least {@value #RESERVED_FILES}): the service's own files, and the connections
     * closed that the kernel has not released yet while new ones are accepted.
     *
     * @param limit the open-file limit, or -1 when unknown
     * @param open  files open now
     */
    static int bound(int configured, long limit, long open) {
        if (limit < 0) {
            return configured;
        }
        long free = limit - open;
        return (int) Math.max(MIN_CONNECTIONS, Math.min(configured, free - Math.max(RESERVED_FILES, free / 4)));
    }

    /** The connector of the service's port: Jetty's, logging a failed accept once a minute. */
    static ServerConnector connector(Server server, HeadAwareConnections connections) {
        Guarded connector = new Guarded(server, connections);
        // Connections the bound keeps waiting queue in the kernel, not dropped (and retried a second later).
        connector.setAcceptQueueSize(ACCEPT_QUEUE);
        return connector;
    }

    /** Bounds {@code connector} to {@code max} network connections. */
    static void limit(Server server, ServerConnector connector, int max) {
        NetworkConnectionLimit limit = new NetworkConnectionLimit(max, connector);
        server.addBean(limit);
    }

    private static final class Guarded extends ServerConnector {
        private final AtomicLong failures = new AtomicLong();
        private volatile long lastReport;

        Guarded(Server server, HeadAwareConnections connections) {
            super(server, connections);
        }

        @Override
        protected boolean handleAcceptFailure(Throwable failure) {
            if (!isRunning() || failure instanceof InterruptedException
                    || failure instanceof java.nio.channels.ClosedByInterruptException) {
                return super.handleAcceptFailure(failure);
            }
            if (failure instanceof java.nio.channels.ClosedChannelException) {
                return false;  // the port was closed: the service is stopping
            }
            long count = failures.incrementAndGet();
            long now = System.nanoTime();
            if (lastReport == 0 || now - lastReport >= 60_000_000_000L) {
                lastReport = now;
                failures.set(0);
                LOG.warn("cannot accept a connection for now ({}; {} time(s) since the last such line): it waits in the "
                        + "listen queue and is accepted once a file is free; if this line repeats every minute, lower "
                        + "MAX_CONNECTIONS or raise the open-file limit", failure.getMessage() == null
                        ? failure.getClass().getSimpleName() : failure.getMessage(), count);
            }
            try {
                Thread.sleep(100);  // the failure is likely to repeat at once: do not spin on it
                return true;
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return false;
            }
        }
    }

    /** The soft limit on open files of this process, from /proc/self/limits; -1 where there is none. */
    static long openFileLimit() {
        try {
            List<String> lines = Files.readAllLines(Path.of("/proc/self/limits"));
            for (String line : lines) {
                if (line.startsWith("Max open files")) {
                    String soft = line.substring("Max open files".length()).strip().split("\\s+")[0];
                    return soft.equals("unlimited") ? -1 : Long.parseLong(soft);
                }
            }
        } catch (IOException | RuntimeException e) {
            // not Linux: no bound from the file limit
        }
        return -1;
    }

    private static long openFiles() {
        try (Stream<Path> fds = Files.list(Path.of("/proc/self/fd"))) {
            return fds.count();
        } catch (IOException | RuntimeException e) {
            return 0;
        }
    }
}
