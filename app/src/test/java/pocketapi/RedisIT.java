package pocketapi;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The packaged jar in Redis mode as a real process: a stop while Redis is away loses nothing. */
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
                        + dir.resolve("stats.json"));
            }
            assertThat(Files.readString(dir.resolve("stats.json"))).contains("pocketapi-redis-pending/1");
            redis.resume();
            try (JarProcess again = JarProcess.start(env)) {
                awaitTotal(redis, 50);
                assertThat(again.get("/api/info", "X-Forwarded-For", "198.51.100.9").body())
                        .contains("\"site\":{\"totalRequests\":51,").contains("\"requestUserStats\":{\"totalRequests\":51,");
                assertThat(dir.resolve("stats.json")).doesNotExist();
                again.process().destroy();
                assertThat(again.waitFor(Duration.ofSeconds(5))).isZero();
            }
            awaitTotal(redis, 51);
        }
    }
}
