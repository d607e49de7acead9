package pocketapi;

import java.time.Clock;
import java.util.concurrent.ScheduledExecutorService;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;

import pocketapi.config.Config;
import pocketapi.stats.Counters;
import pocketapi.stats.RedisCounters;
import pocketapi.stats.StatsFlusher;
import pocketapi.stats.UsageCounters;
import pocketapi.util.Disk;

/**
 * The counters as the configuration has them, wired once for {@code Main} and the tests: an
 * in-process table saved to {@code STATS_FILE}, and with {@code STATS_REDIS_URL} shared through
 * Redis as well (each instance's own counts still in its file, the others' part beside them).
 *
 * @param start starts the background saving and sending on a scheduler
 * @param stop  stops it and saves everything: false when counted calls are lost (said in the log)
 * @param where for the startup line
 */
public record CounterStore(Counters counters, Consumer<ScheduledExecutorService> start, BooleanSupplier stop,
                           String where) {

    /** Reads what the counters' files hold (and, in Redis mode, what Redis holds of this instance, if it answers). */
    public static CounterStore open(Config config, Clock clock) {
        boolean shared = config.statsRedis().isPresent();
        UsageCounters mine = new UsageCounters(clock, config.statsMaxUsers(), shared ? 2 : 1);
        UsageCounters others = shared ? new UsageCounters(clock, RedisCounters.OTHERS, 1) : null;
        StatsFlusher flusher = new StatsFlusher(Disk.LOCAL, config.statsFile(), clock, config.statsFlush(), mine, others);
        String saved = flusher.file() + " saved every " + config.statsFlush().toSeconds() + " s";
        if (!shared) {
            return new CounterStore(mine, flusher::start, flusher::stop, "in " + saved);
        }
        RedisCounters redis = new RedisCounters(config.statsRedis().get(), config.statsRedisPrefix(), mine, others,
                flusher.instance(), flusher::instanceSaved, Disk.LOCAL, config.statsFile(), config.statsMaxUsers(), clock);
        return new CounterStore(redis, scheduler -> {
            flusher.start(scheduler);
            redis.start(scheduler);
        }, () -> {
            redis.stop();
            return flusher.stop();
        }, redis.describe() + ", this instance's own counts in " + saved);
    }
}
