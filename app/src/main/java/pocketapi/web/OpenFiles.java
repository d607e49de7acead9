package pocketapi.web;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** This process's open files and their limit, as Linux tells them (elsewhere: unknown). Stateless. */
public final class OpenFiles {
    private static final Logger LOG = LoggerFactory.getLogger(OpenFiles.class);
    /** Files kept free for the service's own use beyond those open at start-up. */
    static final int RESERVED_FILES = 64;

    public static final int MIN_CONNECTIONS = 16;

    private OpenFiles() {}

    /** {@code configured} connections, or fewer (with a WARN) when the open-file limit would not allow them. */
    public static int connections(int configured) {
        long limit = limit();
        long files = open();
        int bound = connections(configured, limit, files);
        if (bound < configured) {
            LOG.warn(
                    "MAX_CONNECTIONS {} is more than the open-file limit allows ({} files, {} open at "
                            + "start): at most {} "
                            + "connections; raise the limit (LimitNOFILE= in the systemd unit, ulimit -n) to "
                            + "allow more",
                    configured,
                    limit,
                    files,
                    bound);
        }
        return bound;
    }

    /**
     * The files left after those open now, less a quarter of them (at least {@value #RESERVED_FILES}); limit -1: none.
     */
    public static int connections(int configured, long limit, long open) {
        if (limit < 0) {
            return configured;
        }
        long free = limit - open;
        return (int) Math.max(MIN_CONNECTIONS, Math.min(configured, free - Math.max(RESERVED_FILES, free / 4)));
    }

    /** The soft limit on open files, from /proc/self/limits; -1 where there is none or it is unknown. */
    public static long limit() {
        try (Stream<String> lines = Files.lines(Path.of("/proc/self/limits"))) {
            String soft = lines.filter(l -> l.startsWith("Max open files"))
                    .findFirst()
                    .orElseThrow()
                    .substring("Max open files".length())
                    .strip()
                    .split("\\s+")[0];
            return soft.equals("unlimited") ? -1 : Long.parseLong(soft);
        } catch (IOException | RuntimeException e) {
            return -1;
        }
    }

    /** How many files are open now (0 when unknown). */
    public static long open() {
        try (Stream<Path> fds = Files.list(Path.of("/proc/self/fd"))) {
            return fds.count();
        } catch (IOException | RuntimeException e) {
            return 0;
        }
    }
}
