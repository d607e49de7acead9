package pocketapi.stats;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import pocketapi.MutableClock;
import pocketapi.RedisServer;

/** The Lua scripts and their keys, against a real redis-server started for each test. */
class RedisCountersRedisTest {
    @TempDir
    Path dir;

    @Test
    void redis_killed_and_restarted_empty_hangs_nothing_and_counting_goes_on() throws Exception {
        try (RedisServer redis = RedisServer.start()) {
            RedisCounters counters = RedisTesting.counters(redis, dir.resolve("stats.json"), Clock.systemUTC(), 100);
            counters.start();
            try {
                for (int i = 0; i < 10; i++) {
                    counters.count("a");
                }
                RedisTesting.awaitWritten(counters);
                assertThat(redis.number("pocketapi:total")).isEqualTo(10);
                redis.restartEmpty();  // its scripts are gone too: EVALSHA answers NOSCRIPT
                for (int i = 0; i < 5; i++) {
                    assertThat(counters.countAndReport("a").userTotal()).isGreaterThan(10 + i);
                }
                RedisTesting.awaitWritten(counters);
                assertThat(redis.number("pocketapi:total")).isEqualTo(5);
                assertThat(redis.command("HGET pocketapi:utotals a")).isEqualTo("5");
            } finally {
                counters.close();
            }
        }
    }

    /** Redis expires keys by its own clock: tests of daily keys stand on the real UTC+8 date. */
    private static final java.time.LocalDate TODAY = java.time.LocalDate.now(java.time.ZoneOffset.ofHours(8));

    private static String at(java.time.LocalDate date, String time) {
        return date.atTime(java.time.LocalTime.parse(time)).atOffset(java.time.ZoneOffset.ofHours(8)).toInstant().toString();
    }

    @Test
    void the_file_store_is_imported_once_when_two_instances_start_together() throws Exception {
        MutableClock clock = new MutableClock(at(TODAY, "00:00:01"));
        UsageCounters old = new UsageCounters(clock, 100);
        for (int i = 0; i < 7; i++) {
            old.record(i % 2 == 0 ? "a" : "b");
        }
        new StatsStore(dir.resolve("one.json"), clock).save(old.snapshot());
        Files.copy(dir.resolve("one.json"), dir.resolve("two.json"));
        try (RedisServer redis = RedisServer.start()) {
            RedisCounters one = RedisTesting.counters(redis, dir.resolve("one.json"), clock, 100);
            RedisCounters two = RedisTesting.counters(redis, dir.resolve("two.json"), clock, 100);
            CountDownLatch go = new CountDownLatch(1);
            ExecutorService starts = Executors.newFixedThreadPool(2);
            for (RedisCounters c : new RedisCounters[] {one, two}) {
                starts.submit(() -> {
                    go.await();
                    c.flushNow();
                    return null;
                });
            }
            go.countDown();
            starts.shutdown();
            starts.awaitTermination(10, java.util.concurrent.TimeUnit.SECONDS);
            assertThat(redis.number("pocketapi:total")).isEqualTo(7);
            assertThat(redis.command("HGET pocketapi:utotals a")).isEqualTo("4");
            assertThat(redis.command("HGET pocketapi:utotals b")).isEqualTo("3");
            assertThat(redis.number("pocketapi:daily:" + TODAY)).isEqualTo(7);
            // The same counters name the same import: whoever comes second finds it under way or done.
            assertThat(dir.resolve("one.json.imported")).exists();
            assertThat(dir.resolve("two.json.imported")).exists();
            one.close();
            two.close();
        }
    }

    @Test
    void daily_counters_roll_over_at_midnight_utc_plus_8_and_their_keys_expire_after_their_day() throws Exception {
        MutableClock clock = new MutableClock(at(TODAY, "23:59:59"));
        java.time.LocalDate tomorrow = TODAY.plusDays(1);
        try (RedisServer redis = RedisServer.start()) {
            RedisCounters counters = RedisTesting.counters(redis, dir.resolve("stats.json"), clock, 100);
            counters.count("a");
            counters.flushNow();
            clock.set(at(tomorrow, "00:00:00"));
            Report next = counters.countAndReport("a");
            assertThat(next.date()).isEqualTo(tomorrow);
            assertThat(next.siteDaily()).isEqualTo(1);
            assertThat(next.siteTotal()).isEqualTo(2);
            counters.flushNow();
            assertThat(redis.number("pocketapi:daily:" + TODAY)).isEqualTo(1);
            assertThat(redis.number("pocketapi:daily:" + tomorrow)).isEqualTo(1);
            // Each daily key expires by itself an hour after its UTC+8 day ends; the totals never do.
            for (java.time.LocalDate day : new java.time.LocalDate[] {TODAY, tomorrow}) {
                String end = ":" + (day.plusDays(1).atStartOfDay(java.time.ZoneOffset.ofHours(8)).toEpochSecond() + 3600);
                assertThat(redis.command("EXPIRETIME pocketapi:daily:" + day)).isEqualTo(end);
                assertThat(redis.command("EXPIRETIME pocketapi:udaily:" + day)).isEqualTo(end);
            }
            assertThat(redis.command("TTL pocketapi:total")).isEqualTo(":-1");
            assertThat(redis.command("TTL pocketapi:utotals")).isEqualTo(":-1");
            counters.close();
        }
    }

    @Test
    void at_most_stats_max_users_are_kept_in_redis_least_recently_seen_dropped_first() throws Exception {
        try (RedisServer redis = RedisServer.start()) {
            MutableClock clock = new MutableClock(at(TODAY, "12:00:00"));
            RedisCounters counters = RedisTesting.counters(redis, dir.resolve("stats.json"), clock, 3);
            for (String user : new String[] {"u1", "u2", "u3", "u4"}) {
                counters.count(user);
                counters.flushNow();
                clock.set(clock.instant().plusSeconds(1).toString());  // distinct last-seen times
            }
            counters.count("u2");
            counters.count("u5");
            counters.flushNow();
            assertThat(redis.command("ZCARD pocketapi:users")).isEqualTo(":3");
            assertThat(redis.command("HLEN pocketapi:utotals")).isEqualTo(":3");
            assertThat(redis.command("HGET pocketapi:utotals u1")).isEqualTo("$-1");
            assertThat(redis.command("HGET pocketapi:utotals u3")).isEqualTo("$-1");
            assertThat(redis.command("HGET pocketapi:utotals u2")).isEqualTo("2");
            assertThat(redis.number("pocketapi:total")).isEqualTo(6);
            counters.close();
        }
    }
}
