package pocketapi.counters;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ScheduledExecutorService;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;
import java.util.function.Function;
import pocketapi.common.Jobs;
import pocketapi.config.Config;
import pocketapi.config.ConfigException;
import pocketapi.files.Disk;
import pocketapi.web.Measures;

/**
 * The counters as the configuration has them, wired once for {@code Main} and the tests: an in-process table saved to
 * {@code STATS_FILE}, and with {@code STATS_REDIS_URL} shared through Redis as well (each instance's own counts still
 * in its file, the others' part beside them). Started, the saves and the sends each run on a thread of their own, which
 * {@code start} is given by name ({@link Jobs#thread} in Main).
 */
public record Counting(
        Counters counters,
        Consumer<Function<String, ScheduledExecutorService>> start,
        BooleanSupplier stop,
        String where,
        Consumer<Measures> measures) {

    /** Counters that tell /metrics nothing of themselves. */
    public Counting(
            Counters counters,
            Consumer<Function<String, ScheduledExecutorService>> start,
            BooleanSupplier stop,
            String where) {
        this(counters, start, stop, where, m -> {});
    }

    /** Where the key users are hashed with is kept by default: {@code stats.key} beside {@code stats.json}. */
    public static Path keyFile(Path statsFile) {
        return statsFile.resolveSibling(statsFile.getFileName().toString().replaceFirst("(\\.json)?$", ".key"));
    }

    /**
     * Takes the lock of the counters' file ({@link StatsLock}); refused, as a bad setting, while another process holds
     * it.
     */
    static StatsLock lock(Config config) throws ConfigException {
        Path file = config.get(CounterSettings.STATS_FILE);
        try {
            return StatsLock.take(file)
                    .orElseThrow(() -> new ConfigException(CounterSettings.STATS_FILE.name() + " ("
                            + CounterSettings.STATS_FILE.flag() + "): " + file + " is in use by another pocketapi "
                            + "(the service, or an --import under way; " + StatsLock.file(file) + " is locked): "
                            + "stop it first, or give this one a STATS_FILE of its own"));
        } catch (IOException e) {
            throw new ConfigException(CounterSettings.STATS_FILE.name() + " (" + CounterSettings.STATS_FILE.flag()
                    + "): cannot make " + StatsLock.file(file) + " (" + e.getMessage() + ")");
        }
    }

    /** Reads what the counters' files hold (and, in Redis mode, what Redis holds of this instance, if it answers). */
    public static Counting open(Config config, Clock clock) throws ConfigException {
        boolean shared = config.get(CounterSettings.STATS_REDIS_URL).isPresent();
        Path keyFile =
                config.get(CounterSettings.STATS_KEY_FILE).orElse(keyFile(config.get(CounterSettings.STATS_FILE)));
        Optional<UserKeys> kept;
        try {
            kept = UserKeys.read(keyFile);
        } catch (IOException e) {
            throw keyProblem(keyFile + " cannot be read (" + e.getMessage() + "); put back the key from a backup, or "
                    + "empty the file to count users afresh");
        }
        int days = config.get(CounterSettings.STATS_HISTORY_DAYS);
        UserKeys keys = kept.orElseGet(UserKeys::random);
        // In Redis mode Redis keeps the visitors, a HyperLogLog a day: the instance keeps no sketch of its own.
        LocalCounters mine = new LocalCounters(
                clock, keys, config.get(CounterSettings.STATS_MAX_USERS), days, shared ? 2 : 1, !shared);
        LocalCounters others = shared ? new LocalCounters(clock, keys, RedisCounters.OTHERS, days, 1, false) : null;
        StatsFlusher flusher = new StatsFlusher(
                Disk.LOCAL,
                config.get(CounterSettings.STATS_FILE),
                clock,
                config.get(CounterSettings.STATS_FLUSH_SECONDS),
                config.get(CounterSettings.STATS_USER_DAYS),
                mine,
                others);
        if (kept.isEmpty()) {
            keys = newKey(keyFile, keys, flusher.file(), flusher.hashedUsers() > 0 ? mine.size() : 0);
            if (!keys.equals(mine.keys())) {
                mine.rekey(keys); // the users counted under the lost key cannot be found again: they start afresh
                if (others != null) {
                    others.rekey(keys);
                }
            }
        }
        int maxUsers = config.get(CounterSettings.STATS_MAX_USERS);
        Consumer<Measures> local = m -> {
            m.gauge(
                    "counters_last_save_timestamp_seconds",
                    "when the counters were last saved to STATS_FILE (absent before the first save)",
                    List.of(),
                    r -> {
                        if (flusher.lastSaveMillis() > 0) {
                            r.value(flusher.lastSaveMillis() / 1_000.0);
                        }
                    });
            m.gauge(
                    "counters_unsaved_calls",
                    "calls counted since the last save to STATS_FILE that worked",
                    List.of(),
                    r -> r.value(flusher.unsavedCalls()));
            m.gauge("counters_users", "users held in memory", List.of(), r -> r.value(mine.size()));
            m.gauge("counters_users_max", "STATS_MAX_USERS: users held at most", List.of(), r -> r.value(maxUsers));
        };
        String saved = flusher.file() + " saved every "
                + config.get(CounterSettings.STATS_FLUSH_SECONDS).toSeconds() + " s";
        if (!shared) {
            return new Counting(
                    mine,
                    threads -> flusher.start(threads.apply("counters-save")),
                    flusher::stop,
                    "in " + saved,
                    local);
        }
        RedisCounters redis = new RedisCounters(
                config.get(CounterSettings.STATS_REDIS_URL).get(),
                config.get(CounterSettings.STATS_REDIS_PREFIX),
                mine,
                others,
                new RedisCounters.Settings(
                        flusher.instance(),
                        flusher::instanceSaved,
                        config.get(CounterSettings.STATS_MAX_USERS),
                        config.get(CounterSettings.STATS_USER_DAYS),
                        days),
                config.get(CounterSettings.STATS_FILE),
                clock);
        if (redis.keyMismatch()) {
            redis.stop();
            throw keyProblem(keyFile + " is not the key the other instances on "
                    + redis.describe().replaceFirst("^in ", "").replaceFirst(" as instance .*", "")
                    + " hash users with: give every instance that shares "
                    + "STATS_REDIS_URL the same key file (copy it from one of them)");
        }
        return new Counting(
                redis,
                threads -> {
                    flusher.start(threads.apply("counters-save"));
                    redis.start(threads.apply("counters-redis"));
                },
                () -> {
                    redis.stop();
                    return flusher.stop();
                },
                redis.describe() + ", this instance's own counts in " + saved,
                m -> {
                    local.accept(m);
                    m.gauge(
                            "redis_up",
                            "1 when the last exchange with STATS_REDIS_URL went well",
                            List.of(),
                            r -> r.value(redis.reachable() ? 1 : 0));
                    m.gauge(
                            "redis_backlog_calls",
                            "calls this instance counted that are not yet in Redis",
                            List.of(),
                            r -> r.value(redis.backlog()));
                });
    }

    /**
     * The key made when there is none: refused while the counters hold users as keyed hashes, counted under the lost
     * one (they could never be found again, silently), unless the file is there and empty, the operator's way of asking
     * to count users afresh. The first release's ids, kept as they came, were hashed under the new key as they were
     * read.
     */
    private static UserKeys newKey(Path keyFile, UserKeys made, Path statsFile, int users) throws ConfigException {
        if (users > 0 && !Files.exists(keyFile)) {
            throw keyProblem(
                    keyFile + " is missing, but " + statsFile + " holds " + users + " user(s) counted under it: put "
                            + "the key back from your backup (their counts then go on), or, to count users "
                            + "afresh (the site's counts "
                            + "stay), create it empty: touch " + keyFile);
        }
        try {
            return made.keep(Disk.LOCAL, keyFile);
        } catch (IOException e) {
            throw keyProblem(keyFile + " cannot be made (" + e.getMessage() + ")");
        }
    }

    private static ConfigException keyProblem(String what) {
        return new ConfigException(
                CounterSettings.STATS_KEY_FILE.name() + " (" + CounterSettings.STATS_KEY_FILE.flag() + "): " + what);
    }
}
