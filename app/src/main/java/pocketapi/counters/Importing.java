package pocketapi.counters;

import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Locale;
import pocketapi.common.Utc8;
import pocketapi.config.Config;
import pocketapi.config.ConfigException;
import pocketapi.config.RedisTarget;

/**
 * {@code pocketapi --import FILE}: adds an export of another counter ({@link Import}) to the site's history and totals,
 * once. An import is recorded by its content's SHA-256 with the counts, in the same step, so a second run of the same
 * file changes nothing and says so. In file mode it takes the counters' file as the service does ({@link StatsLock}:
 * refused while the service runs), adds, and saves whole; in Redis mode one script adds it to the shared sums and
 * records it at once ({@code import.lua}), so it counts once however many instances share them, and the instances may
 * run meanwhile. Exit codes: 0 added, or added before (a line says which); 1 the counters cannot be saved, or Redis
 * cannot be reached; 2 bad input (a line names the file and line) or a setting refused.
 */
public final class Importing {
    private Importing() {}

    /**
     * Imports {@code file} ({@code -}: {@code stdin}), shown as {@code name}, into the counters {@code config} names;
     * the exit code.
     */
    public static int run(
            Config config, String file, InputStream stdin, String name, Clock clock, PrintStream out, PrintStream err) {
        long today = Utc8.epochDay(clock);
        Import data;
        try (InputStream in = file.equals("-") ? stdin : Files.newInputStream(Path.of(file))) {
            data = Import.read(in, today);
        } catch (Import.Refused e) {
            err.println("ERROR pocketapi: --import: " + name + (e.line() > 0 ? ":" + e.line() : "") + ": "
                    + e.getMessage());
            return 2;
        } catch (IOException e) {
            err.println("ERROR pocketapi: --import: cannot read " + name + " (" + e.getMessage() + ")");
            return 2;
        }
        int days = config.get(CounterSettings.STATS_HISTORY_DAYS);
        long outside = data.days().headMap(today - days + 1).size();
        String kept = outside == 0
                ? ""
                : "; " + outside + " day(s) before the " + days + " the history keeps (STATS_HISTORY_DAYS) went "
                        + "into the total alone";
        try {
            return config.get(CounterSettings.STATS_REDIS_URL).isPresent()
                    ? redis(config, data, name, kept, clock, out, err)
                    : file(config, data, name, kept, clock, out, err);
        } catch (ConfigException e) {
            e.getMessage().lines().forEach(line -> err.println("ERROR pocketapi: " + line));
            return 2;
        }
    }

    private static int file(
            Config config, Import data, String name, String kept, Clock clock, PrintStream out, PrintStream err)
            throws ConfigException {
        try (StatsLock lock = Counting.lock(config)) {
            Counting counting = Counting.open(config, clock);
            LocalCounters counters = (LocalCounters) counting.counters();
            if (!counters.importCalls(data.id(), data.undated(), data.days())) {
                out.println(already(name, data));
                return 0;
            }
            if (!counting.stop().getAsBoolean()) {
                err.println("ERROR pocketapi: --import: " + name + " is NOT imported: the counters cannot be saved to "
                        + config.get(CounterSettings.STATS_FILE) + " (see above)");
                return 1;
            }
            out.println("imported " + name + " (" + data.shape() + ", "
                    + data.id().substring(0, 19) + "…): "
                    + data.describe() + kept + "; the site's total is now "
                    + String.format(Locale.ROOT, "%,d", counters.siteTally().total()) + " in "
                    + config.get(CounterSettings.STATS_FILE));
            return 0;
        }
    }

    private static int redis(
            Config config, Import data, String name, String kept, Clock clock, PrintStream out, PrintStream err) {
        RedisTarget target = config.get(CounterSettings.STATS_REDIS_URL).get();
        try (RedisClient redis =
                new RedisClient(target, config.get(CounterSettings.STATS_REDIS_PREFIX), Duration.ofSeconds(5), 1)) {
            boolean added = redis.importCalls(
                    data.id(),
                    Instant.now(clock) + " " + data.calls() + " calls (" + data.shape() + ")",
                    Utc8.epochDay(clock),
                    data.calls(),
                    data.bots(),
                    data.days(),
                    config.get(CounterSettings.STATS_HISTORY_DAYS));
            if (!added) {
                out.println(already(name, data));
                return 0;
            }
            out.println(
                    "imported " + name + " (" + data.shape() + ", " + data.id().substring(0, 19) + "…): "
                            + data.describe() + kept + "; added to the shared totals in " + redis);
            return 0;
        } catch (RuntimeException e) {
            err.println("ERROR pocketapi: --import: " + name + " is not confirmed imported: " + target
                    + " did not answer (" + e.getMessage() + "); run it again (if it went in, the second run says so "
                    + "and adds nothing)");
            return 1;
        }
    }

    private static String already(String name, Import data) {
        return name + " was imported before (" + data.id().substring(0, 19) + "…): nothing changed";
    }
}
