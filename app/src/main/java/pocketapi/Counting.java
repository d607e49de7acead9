package pocketapi;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Clock;
import java.util.concurrent.ScheduledExecutorService;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;

import pocketapi.config.Config;
import pocketapi.config.ConfigException;
import pocketapi.config.Setting;
import pocketapi.files.Disk;
import pocketapi.stats.Counters;
import pocketapi.stats.RedisCounters;
import pocketapi.stats.StatsFlusher;
import pocketapi.stats.LocalCounters;
import pocketapi.stats.UserKeys;

/**
 * The counters as the configuration has them, wired once for {@code Main} and the tests: an in-process table saved to
 * {@code STATS_FILE}, and with {@code STATS_REDIS_URL} shared through Redis as well (each instance's own counts still
 * in its file, the others' part beside them).
 */
public record Counting(Counters counters, Consumer<ScheduledExecutorService> start, BooleanSupplier stop,
                           String where) {

    /** Where the key users are hashed with is kept: {@code stats.key} beside {@code stats.json}. */
    public static Path keyFile(Path statsFile) {
        return statsFile.resolveSibling(statsFile.getFileName().toString().replaceFirst("(\\.json)?$", ".key"));
    }

    /** Reads what the counters' files hold (and, in Redis mode, what Redis holds of this instance, if it answers). */
    public static Counting open(Config config, Clock clock) throws ConfigException {
        boolean shared = config.get(Setting.STATS_REDIS_URL).isPresent();
        Path keyFile = keyFile(config.get(Setting.STATS_FILE));
        UserKeys keys;
        try {
            keys = UserKeys.load(Disk.LOCAL, keyFile);
        } catch (IOException e) {
            throw new ConfigException(Setting.STATS_FILE.name() + " (" + Setting.STATS_FILE.flag() + "): the key users are "
                    + "counted by cannot be read or made (" + e.getMessage() + ")");
        }
        int days = config.get(Setting.STATS_HISTORY_DAYS);
        LocalCounters mine = new LocalCounters(clock, keys, config.get(Setting.STATS_MAX_USERS), days, shared ? 2 : 1);
        LocalCounters others = shared ? new LocalCounters(clock, keys, RedisCounters.OTHERS, days, 1) : null;
        StatsFlusher flusher = new StatsFlusher(Disk.LOCAL, config.get(Setting.STATS_FILE), clock, config.get(Setting.STATS_FLUSH_SECONDS),
                config.get(Setting.STATS_USER_DAYS), mine, others);
        String saved = flusher.file() + " saved every " + config.get(Setting.STATS_FLUSH_SECONDS).toSeconds() + " s";
        if (!shared) {
            return new Counting(mine, flusher::start, flusher::stop, "in " + saved);
        }
        RedisCounters redis = new RedisCounters(config.get(Setting.STATS_REDIS_URL).get(), config.get(Setting.STATS_REDIS_PREFIX), mine, others,
                new RedisCounters.Settings(flusher.instance(), flusher::instanceSaved, keyFile, Disk.LOCAL,
                        config.get(Setting.STATS_MAX_USERS), config.get(Setting.STATS_USER_DAYS), days), config.get(Setting.STATS_FILE), clock);
        return new Counting(redis, scheduler -> {
            flusher.start(scheduler);
            redis.start(scheduler);
        }, () -> {
            redis.stop();
            return flusher.stop();
        }, redis.describe() + ", this instance's own counts in " + saved);
    }
}
