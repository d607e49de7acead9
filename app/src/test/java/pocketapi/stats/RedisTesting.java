package pocketapi.stats;

import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;

import pocketapi.RedisServer;

/** RedisCounters as Main builds them, on a test's redis-server (or a proxy in front of it). */
public final class RedisTesting {
    private RedisTesting() {
    }

    public static RedisCounters counters(RedisServer redis, Path file, Clock clock, int maxUsers) {
        return counters(redis.url(), file, clock, maxUsers);
    }

    public static RedisCounters counters(String url, Path file, Clock clock, int maxUsers) {
        return RedisCounters.connect(RedisTarget.parse(url), "pocketapi:", file, Duration.ofSeconds(1), clock, maxUsers);
    }

    /** Waits (at most 5 s) until every call counted here is confirmed in Redis. */
    public static void awaitWritten(RedisCounters counters) throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofSeconds(5).toNanos();
        while (counters.unsent() > 0 && System.nanoTime() < deadline) {
            Thread.sleep(20);
        }
        if (counters.unsent() > 0) {
            throw new AssertionError(counters.unsent() + " calls still not written to Redis after 5 s");
        }
    }
}
