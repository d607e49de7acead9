package pocketapi.stats;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.LongStream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import pocketapi.LogCapture;
import pocketapi.MutableClock;
import pocketapi.Utc8;

/** RedisCounters' bookkeeping against an in-memory stand-in for Redis: no Redis needed here. */
class RedisCountersTest {
    @TempDir
    Path dir;

    private final MutableClock clock = new MutableClock("2026-05-01T03:00:00Z");
    private final FakeRedis redis = new FakeRedis();

    private RedisCounters counters(int maxUsers) {
        return new RedisCounters(redis, redis, dir.resolve("stats.json"), clock, maxUsers);
    }

    private long today() {
        return Utc8.epochDay(clock);
    }

    @Test
    void a_call_reports_counts_that_include_itself_before_and_after_a_flush() {
        RedisCounters c = counters(100);
        assertThat(c.countAndReport("a")).isEqualTo(new Report(LocalDate.of(2026, 5, 1), "a", 1, 1, 1, 1));
        c.count("b");
        c.flushNow();
        assertThat(redis.total).isEqualTo(2);
        assertThat(c.countAndReport("a")).isEqualTo(new Report(LocalDate.of(2026, 5, 1), "a", 3, 3, 2, 2));
        assertThat(c.countAndReport("b").userTotal()).isEqualTo(2);
        c.flushNow();
        assertThat(redis.total).isEqualTo(4);
        assertThat(redis.userTotals).containsEntry("a", 2L).containsEntry("b", 2L);
    }

    @Test
    void eight_threads_times_500_calls_see_every_count_from_1_to_4000_once_while_the_flusher_runs() throws Exception {
        RedisCounters c = counters(100);
        c.start();
        ExecutorService pool = Executors.newFixedThreadPool(8);
        try {
            List<Future<List<Long>>> futures = new ArrayList<>();
            for (int t = 0; t < 8; t++) {
                futures.add(pool.submit(() -> {
                    List<Long> seen = new ArrayList<>();
                    for (int i = 0; i < 500; i++) {
                        seen.add(c.countAndReport("same").userTotal());
                    }
                    return seen;
                }));
            }
            List<Long> all = new ArrayList<>();
            for (Future<List<Long>> f : futures) {
                all.addAll(f.get());
            }
            assertThat(all.stream().sorted().toList()).isEqualTo(LongStream.rangeClosed(1, 4000).boxed().toList());
        } finally {
            pool.shutdownNow();
            c.close();
        }
        assertThat(redis.total).isEqualTo(4000);
        assertThat(redis.userTotals).containsEntry("same", 4000L);
    }

    @Test
    void a_batch_applied_whose_answer_was_lost_is_not_counted_twice() {
        RedisCounters c = counters(100);
        for (int i = 0; i < 5; i++) {
            c.count("a");
        }
        redis.mode = FakeRedis.Mode.LOSE_ANSWERS;
        c.flushNow();  // applied in Redis, answer lost
        assertThat(redis.total).isEqualTo(5);
        assertThat(c.countAndReport("a").siteTotal()).isEqualTo(6);
        redis.mode = FakeRedis.Mode.UP;
        c.flushNow();  // the same batch again: recognised; then the sixth call
        c.flushNow();
        assertThat(redis.total).isEqualTo(6);
        assertThat(c.countAndReport("a")).extracting(Report::siteTotal, Report::userTotal).containsExactly(7L, 7L);
    }

    @Test
    void while_redis_is_away_counting_goes_on_and_everything_is_written_once_it_is_back() {
        RedisCounters c = counters(100);
        c.count("a");
        c.flushNow();
        try (LogCapture log = new LogCapture()) {
            redis.mode = FakeRedis.Mode.DOWN;
            for (int i = 0; i < 10; i++) {
                c.count("b");
                c.flushNow();
            }
            Report during = c.countAndReport("a");
            assertThat(during.siteTotal()).isEqualTo(12);  // Redis's last known total + every call since
            assertThat(during.userTotal()).isEqualTo(2);
            assertThat(c.away()).isTrue();
            redis.mode = FakeRedis.Mode.UP;
            c.flushNow();
            c.flushNow();
            assertThat(redis.total).isEqualTo(12);
            assertThat(redis.userTotals).containsEntry("a", 2L).containsEntry("b", 10L);
            assertThat(log.linesWith("WARN RedisCounters - Redis at fake is unreachable")).hasSize(1);
            assertThat(log.linesWith("INFO RedisCounters - Redis at fake is back after")).singleElement().asString()
                    .endsWith(": 11 counted calls caught up");
        }
    }

    @Test
    void the_memory_held_while_redis_is_away_is_bounded_and_the_site_stays_exact() {
        RedisCounters c = counters(3);
        redis.mode = FakeRedis.Mode.DOWN;
        for (int i = 0; i < 10; i++) {
            c.count("user-" + i);
        }
        c.flushNow();
        redis.mode = FakeRedis.Mode.UP;
        try (LogCapture log = new LogCapture()) {
            c.flushNow();
            assertThat(log.linesWith("per-user counts of 7 calls were dropped")).hasSize(1);
        }
        assertThat(redis.total).isEqualTo(10);
        assertThat(redis.userTotals).containsOnlyKeys("user-7", "user-8", "user-9");
    }

    @Test
    void what_cannot_be_sent_at_stop_is_saved_and_sent_once_at_the_next_start() throws Exception {
        RedisCounters first = counters(100);
        first.count("a");
        first.flushNow();
        redis.mode = FakeRedis.Mode.LOSE_ANSWERS;
        first.count("a");
        first.count("b");
        first.flushNow();  // the second batch is applied, its answer lost: its fate is unknown here
        redis.mode = FakeRedis.Mode.DOWN;
        first.count("c");
        first.close();
        assertThat(PendingFile.read(dir.resolve("stats.json"))).hasSize(2);
        assertThat(redis.total).isEqualTo(3);

        redis.mode = FakeRedis.Mode.UP;
        RedisCounters second = counters(100);
        // Before its first exchange the new instance knows only the saved batches and its own calls.
        assertThat(second.countAndReport("a").userTotal()).isEqualTo(2);
        second.flushNow();
        second.flushNow();
        second.flushNow();
        assertThat(redis.total).isEqualTo(5);  // 1 + 2 (applied once) + 1 (c) + the report call
        assertThat(redis.userTotals).containsEntry("a", 3L).containsEntry("b", 1L).containsEntry("c", 1L);
        assertThat(dir.resolve("stats.json")).doesNotExist();
        second.close();
        assertThat(dir.resolve("stats.json")).doesNotExist();
    }

    @Test
    void a_file_store_is_imported_once_before_anything_is_sent() throws Exception {
        StatsStore file = new StatsStore(dir.resolve("stats.json"), clock);
        UsageCounters old = new UsageCounters(clock, 100);
        old.record("a");
        old.record("a");
        old.record("b");
        file.save(old.snapshot());
        Files.copy(dir.resolve("stats.json"), dir.resolve("copy.json"));

        RedisCounters first = counters(100);
        first.count("a");
        first.flushNow();
        first.flushNow();
        assertThat(redis.imported).isTrue();
        assertThat(redis.total).isEqualTo(4);
        assertThat(redis.userTotals).containsEntry("a", 3L).containsEntry("b", 1L);
        assertThat(dir.resolve("stats.json.imported")).exists();

        // A second instance with its own copy of the same file: nothing is imported twice.
        RedisCounters second = new RedisCounters(redis, redis, dir.resolve("copy.json"), clock, 100);
        second.flushNow();
        assertThat(redis.total).isEqualTo(4);
        assertThat(dir.resolve("copy.json.not-imported")).exists();
    }

    @Test
    void if_redis_is_never_reached_the_runs_calls_go_back_into_the_file_to_import() throws Exception {
        UsageCounters old = new UsageCounters(clock, 100);
        old.record("a");
        new StatsStore(dir.resolve("stats.json"), clock).save(old.snapshot());
        redis.mode = FakeRedis.Mode.DOWN;
        RedisCounters c = counters(100);
        c.count("a");
        c.count("b");
        c.flushNow();
        c.close();
        UsageCounters.Snapshot saved = StatsStore.read(dir.resolve("stats.json"));
        assertThat(saved.site().total()).isEqualTo(3);
        redis.mode = FakeRedis.Mode.UP;
        counters(100).flushNow();
        assertThat(redis.total).isEqualTo(3);
        assertThat(redis.userTotals).containsEntry("a", 2L).containsEntry("b", 1L);
    }

    @Test
    void daily_counts_roll_over_at_midnight_utc_plus_8() {
        RedisCounters c = counters(100);
        clock.set("2026-05-01T15:59:59Z");
        c.count("a");
        c.flushNow();
        assertThat(c.countAndReport("a")).extracting(Report::siteDaily, Report::userDaily).containsExactly(2L, 2L);
        clock.set("2026-05-01T16:00:00Z");
        Report next = c.countAndReport("a");
        assertThat(next.date()).isEqualTo(LocalDate.of(2026, 5, 2));
        assertThat(next).extracting(Report::siteTotal, Report::siteDaily, Report::userTotal, Report::userDaily)
                .containsExactly(3L, 1L, 3L, 1L);
        c.flushNow();
        c.flushNow();
        assertThat(redis.daily).containsEntry(today() - 1, 2L).containsEntry(today(), 1L);
    }

    @Test
    void calls_of_another_instance_show_up_once_the_base_is_read_again() throws Exception {
        RedisCounters a = counters(100);
        RedisCounters b = new RedisCounters(redis, redis, dir.resolve("b.json"), clock, 100);
        a.countAndReport("x");
        a.flushNow();
        for (int i = 0; i < 5; i++) {
            b.count("x");
        }
        b.flushNow();
        Thread.sleep(RedisCounters.FRESH_MILLIS + 50);  // a's base is old now: it reads again first
        assertThat(a.countAndReport("x")).extracting(Report::siteTotal, Report::userTotal).containsExactly(7L, 7L);
    }
}
