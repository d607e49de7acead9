package pocketapi;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The packaged jar in Redis mode as a real process: a stop while Redis is away loses nothing, and
 * a crash during an outage loses at most STATS_FLUSH_SECONDS of calls, counting none twice.
 */
class RedisIT {
    @TempDir
    Path dir;

    private static void awaitTotal(RedisServer redis, long expected) throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
        while (redis.number("pocketapi:total") != expected && System.nanoTime() < deadline) {
            Thread.sleep(50);
        }
        assertThat(redis.number("pocketapi:total")).isEqualTo(expected);
    }

    @Test
    void sigterm_while_redis_is_unreachable_saves_the_counts_and_the_next_start_sends_them_once() throws Exception {
        try (RedisServer redis = RedisServer.start()) {
            Map<String, String> env = Map.of("STATS_REDIS_URL", redis.url(),
                    "STATS_FILE", dir.resolve("stats.json").toString());
            try (JarProcess jar = JarProcess.start(env)) {
                assertThat(jar.output()).contains("counters in Redis at " + redis.url() + "/0 (prefix pocketapi:)");
                for (int i = 0; i < 20; i++) {
                    assertThat(jar.get("/api/holidays?type=alarm", "X-Forwarded-For", "198.51.100.9").statusCode())
                            .isEqualTo(200);
                }
                awaitTotal(redis, 20);
                redis.pause();
                for (int i = 0; i < 30; i++) {
                    assertThat(jar.get("/img/url", "X-Forwarded-For", "198.51.100.9").statusCode()).isEqualTo(200);
                }
                long start = System.nanoTime();
                jar.process().destroy();  // SIGTERM
                assertThat(jar.waitFor(Duration.ofSeconds(5))).isZero();
                assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(5));
                assertThat(jar.output()).contains("30 counted calls could not be written to Redis; saved to "
                        + dir.resolve("stats.redis-pending.json"));
            }
            assertThat(Files.readString(dir.resolve("stats.redis-pending.json"))).contains("pocketapi-redis-pending/1");
            redis.resume();
            try (JarProcess again = JarProcess.start(env)) {
                awaitTotal(redis, 50);
                assertThat(again.get("/api/info", "X-Forwarded-For", "198.51.100.9").body())
                        .contains("\"site\":{\"totalRequests\":51,").contains("\"requestUserStats\":{\"totalRequests\":51,");
                assertThat(dir.resolve("stats.redis-pending.json")).doesNotExist();
                again.process().destroy();
                assertThat(again.waitFor(Duration.ofSeconds(5))).isZero();
            }
            awaitTotal(redis, 51);
        }
    }

    @Test
    void kill_9_during_a_12_s_outage_with_calls_flowing_loses_at_most_stats_flush_seconds_of_calls() throws Exception {
        try (RedisServer redis = RedisServer.start(); TcpProxy link = new TcpProxy(redis.port())) {
            Map<String, String> env = Map.of("STATS_REDIS_URL", link.redisUrl(), "STATS_FLUSH_SECONDS", "1",
                    "STATS_FILE", dir.resolve("stats.json").toString());
            long answered = 0;
            long perSecond;
            try (JarProcess jar = JarProcess.start(env)) {
                for (int i = 0; i < 50; i++) {
                    answered += ok(jar.get("/api/holidays?type=alarm", "X-Forwarded-For", "198.51.100." + i % 7));
                }
                awaitTotal(redis, answered);
                link.cut();  // Redis unreachable from here on
                long start = System.nanoTime();
                long during = 0;
                while (System.nanoTime() - start < Duration.ofSeconds(12).toNanos()) {
                    during += ok(jar.get("/img/url", "X-Forwarded-For", "198.51.100." + during % 7));
                    Thread.sleep(5);
                }
                answered += during;
                perSecond = during / 12;
                jar.process().destroyForcibly();  // kill -9: no stop, no final save
                jar.process().waitFor();
            }
            assertThat(redis.number("pocketapi:total")).isEqualTo(50);
            link.heal();
            try (JarProcess again = JarProcess.start(env)) {
                long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
                while (Files.exists(dir.resolve("stats.redis-pending.json")) && System.nanoTime() < deadline) {
                    Thread.sleep(50);
                }
                long total = redis.number("pocketapi:total");
                System.out.printf("kill -9 after a 12 s outage: %d calls answered, %d in Redis after the restart "
                        + "(%d lost; one STATS_FLUSH_SECONDS is about %d calls)%n", answered, total, answered - total,
                        perSecond);
                assertThat(total).isLessThanOrEqualTo(answered);  // nothing counted twice
                assertThat(answered - total).isLessThanOrEqualTo(perSecond + perSecond / 2 + 10);
                again.process().destroy();
                assertThat(again.waitFor(Duration.ofSeconds(5))).isZero();
                assertThat(redis.number("pocketapi:total")).isEqualTo(total);
            }
        }
    }

    private static long ok(java.net.http.HttpResponse<String> response) {
        assertThat(response.statusCode()).isEqualTo(200);
        return 1;
    }
}
