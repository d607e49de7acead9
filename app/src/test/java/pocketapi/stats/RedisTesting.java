package pocketapi.stats;

import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.function.LongSupplier;

import pocketapi.Counting;
import pocketapi.config.Config;
import pocketapi.config.ConfigException;

/** Redis mode as Main builds and starts it, on a test's redis-server (or a proxy in front of it). */
public final class RedisTesting {
    private RedisTesting() {
    }

    /** A started instance, wired as Main wires it; closing it stops it as SIGTERM does. */
    public static final class Instance implements AutoCloseable {
        public final Counters counters;
        private final Counting store;
        private final ScheduledExecutorService scheduler = Executors.newScheduledThreadPool(2);

        Instance(Counting store) {
            this.store = store;
            this.counters = store.counters();
            store.start().accept(scheduler);
        }

        /** @return whether the final save worked */
        public boolean stop() {
            try {
                return store.stop().getAsBoolean();
            } finally {
                scheduler.shutdownNow();
            }
        }

        /** kill -9: nothing more is sent or saved. */
        public void crash() {
            scheduler.shutdownNow();
        }

        @Override
        public void close() {
            if (!scheduler.isShutdown()) {
                stop();
            }
        }
    }

    public static Instance start(String url, Path file, Clock clock, int maxUsers) {
        try {
            return new Instance(Counting.open(Config.parse(Map.of("STATS_REDIS_URL", url, "STATS_FILE", file.toString(),
                    "STATS_FLUSH_SECONDS", "1", "STATS_MAX_USERS", Integer.toString(maxUsers)), List.of()), clock));
        } catch (ConfigException e) {
            throw new IllegalArgumentException(e);
        }
    }

    /** A user's field in Redis's hashes: its keyed hash, by the key Redis holds. */
    public static String field(pocketapi.RedisServer redis, String user) {
        String key = redis.command("GET pocketapi:userkey");
        return UserKeys.hex(new UserKeys(java.util.HexFormat.of().parseHex(key)).of(user));
    }

    /** Waits (at most 10 s) until {@code value} is {@code expected}; fails saying what it was. */
    public static void await(LongSupplier value, long expected) throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
        while (value.getAsLong() != expected && System.nanoTime() - deadline < 0) {
            Thread.sleep(10);
        }
        if (value.getAsLong() != expected) {
            throw new AssertionError("expected " + expected + " within 10 s, still " + value.getAsLong());
        }
    }
}
