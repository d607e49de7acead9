package pocketapi.counters;

import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.function.LongSupplier;
import pocketapi.Settings;
import pocketapi.config.ConfigException;

/** Redis mode as Main builds and starts it, on a test's redis-server (or a proxy in front of it). */
public final class RedisTesting {
    private RedisTesting() {}

    /** A started instance, wired as Main wires it; closing it stops it as SIGTERM does. */
    public static final class Instance implements AutoCloseable {
        public final Counters counters;
        private final Counting store;
        private final List<ScheduledExecutorService> threads = new java.util.concurrent.CopyOnWriteArrayList<>();
        private boolean crashed;

        Instance(Counting store) {
            this.store = store;
            this.counters = store.counters();
            store.start().accept(name -> {
                ScheduledExecutorService thread = Executors.newSingleThreadScheduledExecutor();
                threads.add(thread);
                return thread;
            });
        }

        /** @return whether the final save worked */
        public boolean stop() {
            try {
                return store.stop().getAsBoolean();
            } finally {
                crash();
            }
        }

        /** kill -9: nothing more is sent or saved. */
        public void crash() {
            crashed = true;
            threads.forEach(ScheduledExecutorService::shutdownNow);
        }

        @Override
        public void close() {
            if (!crashed) {
                stop();
            }
        }
    }

    /**
     * An instance counting into {@code file} and Redis at {@code url}, with the key every test instance shares
     * ({@link LocalCountersTest#KEYS}) in its key file beside {@code file}: instances sharing Redis are given the same
     * key.
     */
    public static Instance start(String url, Path file, Clock clock, int maxUsers) {
        try {
            Path key = Counting.keyFile(file);
            if (!java.nio.file.Files.exists(key)) {
                java.nio.file.Files.createDirectories(key.getParent());
                java.nio.file.Files.writeString(key, LocalCountersTest.KEYS.text());
            }
            return new Instance(Counting.open(
                    Settings.parse(
                            Map.of(
                                    "STATS_REDIS_URL",
                                    url,
                                    "STATS_FILE",
                                    file.toString(),
                                    "STATS_FLUSH_SECONDS",
                                    "1",
                                    "STATS_MAX_USERS",
                                    Integer.toString(maxUsers)),
                            List.of()),
                    clock));
        } catch (ConfigException | java.io.IOException e) {
            throw new IllegalArgumentException(e);
        }
    }

    /** A user's field in Redis's hashes: its keyed hash, by the key the instances share. */
    public static String field(String user) {
        return UserKeys.hex(LocalCountersTest.KEYS.of(user));
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

    /**
     * Every key under the prefix and everything it holds (a HyperLogLog as its bytes), as Redis writes it: what a test
     * of privacy looks for ids in.
     */
    public static String everything(pocketapi.RedisServer redis) {
        return redis.raw("EVAL \"local out = {} for _, k in ipairs(redis.call('KEYS', 'pocketapi:*')) do "
                + "out[#out + 1] = k local t = redis.call('TYPE', k).ok "
                + "if t == 'string' then out[#out + 1] = redis.call('GET', k) "
                + "elseif t == 'hash' then for _, v in ipairs(redis.call('HGETALL', k)) do out[#out + 1] = v end "
                + "elseif t == 'zset' then for _, v in ipairs(redis.call('ZRANGE', k, 0, -1)) do out[#out + 1] = v end "
                + "else out[#out + 1] = t end end return out\" 0");
    }
}
