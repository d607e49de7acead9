package pocketapi;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import pocketapi.holidays.HolidaySettings;
import pocketapi.regions.RegionSettings;

/**
 * pocketapi in this JVM through {@link Main}'s own entry, as the jar runs it but without a JVM of its own: a
 * command-line mode ({@link Main#command}), or a start ({@link Main#start}) that either listens or refuses with its
 * {@code ERROR pocketapi:} lines (the jar then exits with code 2: JarIT checks that once, on the jar). Only the given
 * settings are read, never this JVM's environment; the service's files default to a test's folder, and every update
 * source is off unless a test sets one.
 */
final class InProcess {
    private InProcess() {}

    /** What a command-line mode printed on each stream, and its exit code (empty: the arguments ask to serve). */
    record Outcome(OptionalInt code, String out, String err) {}

    /** Runs {@code args} as {@code java -jar pocketapi.jar args} would, with {@code env} as its environment. */
    static Outcome command(Map<String, String> env, String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        OptionalInt code = Main.command(List.of(args), env, print(out), print(err));
        return new Outcome(code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    /**
     * The environment of a test's service: {@code settings} over the offline defaults (every update source off) and the
     * counters and holiday cache in {@code dir}.
     */
    static Map<String, String> env(Path dir, Map<String, String> settings) {
        Map<String, String> env = new HashMap<>(Map.of(
                "STATS_FILE",
                dir.resolve("stats.json").toString(),
                "HOLIDAY_CACHE_DIR",
                dir.resolve("holidays").toString(),
                "HOST",
                "127.0.0.1",
                "PORT",
                "0"));
        env.put(HolidaySettings.HOLIDAY_UPDATE_URL.name(), "off");
        env.put(HolidaySettings.HOLIDAY_CONFIRM_URL.name(), "off");
        for (var off : RegionSettings.ALL) {
            env.put(off.name(), "off");
        }
        env.putAll(settings);
        return env;
    }

    /** Starts the service with {@link #env}; fails, with what it said, when it does not listen. */
    static Service start(Path dir, Map<String, String> settings, String... args) {
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        Main.Started started = Main.start(env(dir, settings), List.of(args), print(err));
        assertThat(started).as(err.toString(StandardCharsets.UTF_8)).isNotNull();
        return new Service(started);
    }

    /**
     * The lines a start that must not listen printed on its error stream (where the jar prints them before it exits
     * with code 2); fails if it listened.
     */
    static List<String> refused(Path dir, Map<String, String> settings, String... args) {
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        Main.Started started = Main.start(env(dir, settings), List.of(args), print(err));
        if (started != null) {
            started.app().stop();
        }
        assertThat(started).as("started, though it should not have").isNull();
        return err.toString(StandardCharsets.UTF_8).lines().toList();
    }

    private static PrintStream print(ByteArrayOutputStream bytes) {
        return new PrintStream(bytes, true, StandardCharsets.UTF_8);
    }

    /** A service listening on a free port of 127.0.0.1; closing it stops the server. */
    static final class Service implements Answering, AutoCloseable {
        private final Main.Started started;

        private Service(Main.Started started) {
            this.started = started;
        }

        Main.Started started() {
            return started;
        }

        @Override
        public String origin() {
            return "http://127.0.0.1:" + started.app().port();
        }

        @Override
        public void close() {
            started.app().stop();
        }
    }
}
