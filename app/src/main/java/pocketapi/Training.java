package pocketapi;

import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.net.HttpURLConnection;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeoutException;
import java.util.stream.Stream;

/**
 * {@code --train}: a run that loads what serving needs, for a class-data-sharing archive made at install ({@code java
 * -XX:ArchiveClassesAtExit=FILE -jar pocketapi.jar --train}; the {@code .deb} and the container image do it). It starts
 * the service on a free port of 127.0.0.1 with every fetch off and its state in a temporary folder, asks each kind of
 * answer once, stops, and removes the folder. Nothing of the installed service is read or written.
 */
final class Training {
    /** One request of each kind an installed service answers first: its classes are those the archive keeps. */
    static final List<String> PATHS = List.of(
            "/healthz",
            "/",
            "/api/holidays",
            "/api/holidays?type=alarm",
            "/api/holidays?type=pithy&date=2025-10-01",
            "/api/holidays/detail?date=2025-10-01",
            "/api/holidays/range?from=2025-10-01&to=2025-10-31",
            "/api/holidays?region=hk&date=2025-12-26",
            "/api/holidays.ics",
            "/img",
            "/img/pc?type=json",
            "/api/info",
            "/api/badge.svg",
            "/api/hitokoto",
            "/metrics",
            "/api/nope");

    private Training() {}

    /** How the service is started for the training: null when it cannot start (it said why). */
    interface Starter {
        Running start(Map<String, String> env);
    }

    /** The service started: its port, and its stop (the counters saved). */
    interface Running {
        int port();

        void stop();
    }

    /** Runs the training; 0 when every request was answered, 1 (and why, on {@code err}) when not. */
    static int run(PrintStream out, PrintStream err, Starter starter) {
        Path state = null;
        try {
            state = Files.createTempDirectory("pocketapi-train");
            Map<String, String> env = Map.ofEntries(
                    Map.entry("HOST", "127.0.0.1"),
                    Map.entry("PORT", "0"),
                    Map.entry("STATS_FILE", state.resolve("stats.json").toString()),
                    Map.entry("HOLIDAY_CACHE_DIR", state.resolve("holidays").toString()),
                    Map.entry("UPDATES", "off"));
            Running started = starter.start(env);
            if (started == null) {
                return 1;
            }
            try {
                for (String path : PATHS) {
                    ask(URI.create("http://127.0.0.1:" + started.port() + path));
                }
            } finally {
                stop(started);
            }
            out.println("pocketapi: trained on " + PATHS.size() + " requests");
            return 0;
        } catch (IOException e) {
            err.println("ERROR pocketapi: --train: " + e.getMessage());
            return 1;
        } finally {
            delete(state);
        }
    }

    /**
     * Stops the service. A stop whose requests outlast the server's stop time-out (a busy machine) has stopped it all
     * the same; Jetty then throws, which must not fail the training: the classes it loaded are what it is for.
     */
    private static void stop(Running started) {
        try {
            started.stop();
        } catch (RuntimeException e) {
            if (!(e.getCause() instanceof TimeoutException)) {
                throw e;
            }
        }
    }

    private static void ask(URI uri) throws IOException {
        HttpURLConnection c = (HttpURLConnection) uri.toURL().openConnection();
        c.setConnectTimeout(5_000);
        c.setReadTimeout(10_000);
        int status = c.getResponseCode();
        try (InputStream in = status < 400 ? c.getInputStream() : c.getErrorStream()) {
            if (in != null) {
                in.readAllBytes();
            }
        }
        if (status >= 500) {
            throw new IOException(uri.getPath() + " answered " + status);
        }
    }

    private static void delete(Path folder) {
        if (folder == null) {
            return;
        }
        try (Stream<Path> all = Files.walk(folder)) {
            all.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException e) {
            // a temporary folder left behind is the system's to clean
        }
    }
}
