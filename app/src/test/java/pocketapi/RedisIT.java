package pocketapi;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The packaged jar in Redis mode as a real process: a stop while Redis is away loses nothing, and a crash during an
 * outage loses at most STATS_FLUSH_SECONDS of calls, counting none twice.
 */
class RedisIT {
    @TempDir
    Path dir;

    private static void awaitTotal(RedisServer redis, long expected) throws InterruptedException {
        // A bound only: it returns as soon as the total is there, however busy the machine.
        long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
        while (redis.number("pocketapi:total") != expected && System.nanoTime() < deadline) {
            Thread.sleep(50);
        }
        assertThat(redis.number("pocketapi:total")).isEqualTo(expected);
    }

    @Test
    void sigterm_while_redis_is_unreachable_saves_the_counts_and_the_next_start_sends_them_once() throws Exception {
        try (RedisServer redis = RedisServer.start()) {
            Map<String, String> env = Map.of(
                    "STATS_REDIS_URL",
                    redis.url(),
                    "STATS_FILE",
                    dir.resolve("stats.json").toString());
            try (JarProcess jar = JarProcess.start(env)) {
                assertThat(jar.output()).contains("counters in Redis at " + redis.url() + "/0 (prefix pocketapi:)");
                for (int i = 0; i < 20; i++) {
                    assertThat(jar.get("/api/holidays?type=alarm", "X-Forwarded-For", "198.51.100.9")
                                    .statusCode())
                            .isEqualTo(200);
                }
                awaitTotal(redis, 20);
                assertThat(awaitMetric(jar, "pocketapi_redis_up", 1)).isEqualTo(1);
                assertThat(awaitMetric(jar, "pocketapi_redis_backlog_calls", 0)).isEqualTo(0);
                redis.pause();
                for (int i = 0; i < 30; i++) {
                    assertThat(jar.get("/img/url", "X-Forwarded-For", "198.51.100.9")
                                    .statusCode())
                            .isEqualTo(200);
                }
                // /metrics tells what the log tells: Redis away, and the calls it has not got yet.
                assertThat(awaitMetric(jar, "pocketapi_redis_up", 0)).isEqualTo(0);
                assertThat(awaitMetric(jar, "pocketapi_redis_backlog_calls", 30))
                        .isEqualTo(30);
                jar.process().destroy(); // SIGTERM, Redis answering nothing: the stop still takes under 5 s
                assertThat(jar.exitCode()).isZero();
                assertThat(jar.output())
                        .contains("counts not yet in Redis at " + redis.url() + "/0 (prefix pocketapi:) "
                                + "are kept in " + dir.resolve("stats.json") + " and sent at the next start");
            }
            assertThat(CounterFiles.savedTotal(dir.resolve("stats.json"))).isEqualTo(50);
            redis.resume();
            try (JarProcess again = JarProcess.start(env)) {
                awaitTotal(redis, 50);
                assertThat(again.get("/api/info", "X-Forwarded-For", "198.51.100.9")
                                .body())
                        .contains("\"site\":{\"totalRequests\":51,")
                        .contains("\"requestUserStats\":{\"totalRequests\":51,");
                again.process().destroy();
                assertThat(again.exitCode()).isZero();
            }
            awaitTotal(redis, 51);
        }
    }

    @Test
    void kill_9_during_an_outage_loses_at_most_the_last_flush_interval_and_counts_nothing_twice() throws Exception {
        try (RedisServer redis = RedisServer.start();
                TcpProxy link = new TcpProxy(redis.port())) {
            Map<String, String> env = Map.of(
                    "STATS_REDIS_URL",
                    link.redisUrl(),
                    "STATS_FLUSH_SECONDS",
                    "1",
                    "STATS_FILE",
                    dir.resolve("stats.json").toString());
            long during = 0;
            long more = 0;
            try (JarProcess jar = JarProcess.start(env)) {
                for (int i = 0; i < 50; i++) {
                    ok(jar.get("/api/holidays?type=alarm", "X-Forwarded-For", "198.51.100." + i % 7));
                }
                awaitTotal(redis, 50);
                link.cut(); // Redis unreachable from here on
                for (int i = 0; i < 200; i++) {
                    during += ok(jar.get("/img/url", "X-Forwarded-For", "198.51.100." + i % 7));
                }
                CounterFiles.awaitSaved(dir.resolve("stats.json"), 250); // the next save, within STATS_FLUSH_SECONDS
                for (int i = 0; i < 30; i++) { // calls the next save may or may not have taken
                    more += ok(jar.get("/img/url", "X-Forwarded-For", "198.51.100." + i % 7));
                }
                jar.process().destroyForcibly(); // kill -9: no stop, no final save
                jar.process().waitFor();
            }
            assertThat(redis.number("pocketapi:total")).isEqualTo(50);
            link.heal();
            try (JarProcess again = JarProcess.start(env)) {
                long total = CounterFiles.savedTotal(dir.resolve("stats.json"));
                awaitTotal(redis, total);
                System.out.printf(
                        "kill -9 during an outage: %d calls saved during it, %d more after; %d in Redis after "
                                + "the restart (50 before the outage)%n",
                        during, more, total);
                assertThat(total).isBetween(50 + during, 50 + during + more);
                // The history as exact as the totals: 50 alarms, the rest pictures, and this call.
                assertThat(StatsIT.history(again)).containsExactly(total + 1, 50L, total - 50, 1L, 0L);
                again.process().destroy();
                assertThat(again.exitCode()).isZero();
                assertThat(redis.number("pocketapi:total")).isEqualTo(total + 1);
            }
        }
    }

    /** Request i of a flood: a counted call from a new id of 128 characters ({@code prefix} tells floods apart). */
    private static java.util.function.IntFunction<String> newIds(char prefix) {
        return i -> "GET /api/holidays?type=pithy&y=2026&m=1&d=1 HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Forwarded-For: "
                + prefix + String.format("%0127d", i);
    }

    @Test
    void a_restart_during_an_outage_with_a_backlog_then_redis_back_fits_the_units_heap_and_loses_nothing()
            throws Exception {
        java.util.List<String> unit = JarProcess.unitFlags();
        try (RedisServer redis = RedisServer.start()) {
            Map<String, String> env = Map.of(
                    "STATS_REDIS_URL",
                    redis.url(),
                    "STATS_FLUSH_SECONDS",
                    "2",
                    "STATS_FILE",
                    dir.resolve("stats.json").toString());
            try (JarProcess jar = JarProcess.start(java.util.List.of(), unit, env)) {
                assertThat(Flood.send(jar.port(), 100_000, 4, newIds('a'))).isEqualTo(100_000);
                awaitTotal(redis, 100_000);
                redis.pause();
                assertThat(Flood.send(jar.port(), 50_000, 4, newIds('b'))).isEqualTo(50_000);
                jar.process().destroy();
                assertThat(jar.exitCode()).isZero();
            }
            try (JarProcess again = JarProcess.start(java.util.List.of(), unit, env)) {
                redis.resume(); // Redis back, with this instance's 100,000 users in it and 50,000 more to send
                awaitTotal(redis, 150_000);
                // The site's total goes with the first batch, the users after it, 250 a batch: the heap is measured
                // once all are sent, nothing left to send.
                assertThat(awaitMetric(again, "pocketapi_redis_backlog_calls", 0))
                        .isEqualTo(0);
                assertThat(again.get("/api/info", "X-Forwarded-For", "b" + String.format("%0127d", 7))
                                .body())
                        .contains("\"site\":{\"totalRequests\":150001,")
                        .contains("\"requestUserStats\":{\"totalRequests\":2,");
                long heap = again.heapAfterGc();
                System.out.printf(
                        "Redis mode after a restart during an outage, %s, 100,000 users in Redis and 50,000 more "
                                + "sent after it: %.1f MB of heap in use after a full GC%n",
                        unit, heap / 1e6);
                assertThat(heap).as("heap after a full GC").isLessThan(40_000_000);
                again.process().destroy();
                assertThat(again.exitCode()).isZero();
            }
            awaitTotal(redis, 150_001);
        }
    }

    private static long ok(java.net.http.HttpResponse<String> response) {
        assertThat(response.statusCode()).isEqualTo(200);
        return 1;
    }

    /** Reads a sample without labels from the jar's /metrics until it is {@code wanted} (60 s at most); the last. */
    private static double awaitMetric(JarProcess jar, String name, double wanted) throws Exception {
        java.util.regex.Pattern line =
                java.util.regex.Pattern.compile("(?m)^" + java.util.regex.Pattern.quote(name) + " (\\S+)$");
        double last = Double.NaN;
        long deadline = System.nanoTime() + java.time.Duration.ofSeconds(60).toNanos();
        while (System.nanoTime() - deadline < 0) {
            java.util.regex.Matcher m = line.matcher(jar.get("/metrics").body());
            last = m.find() ? Double.parseDouble(m.group(1)) : Double.NaN;
            if (last == wanted) {
                break;
            }
            Thread.sleep(100);
        }
        return last;
    }
}
