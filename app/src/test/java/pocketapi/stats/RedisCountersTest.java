package pocketapi.stats;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
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
import pocketapi.util.Utc8;

/** The Redis counters' bookkeeping against an in-memory stand-in for Redis: no Redis needed here. */
class RedisCountersTest {
    @TempDir
    Path dir;

    private final MutableClock clock = new MutableClock("2026-05-01T03:00:00Z");
    private FakeRedis redis = new FakeRedis(100);

    /** Counters whose unconfirmed calls go to disk at every round while Redis is away. */
    private RedisCounters counters(String file) {
        return new RedisCounters(redis, redis, dir.resolve(file), Duration.ZERO, clock, redis.maxUsers);
    }

    private RedisCounters counters() {
        return counters("stats.json");
    }

    private long today() {
        return Utc8.epochDay(clock);
    }

    @Test
    void a_call_reports_counts_that_include_itself_before_and_after_a_flush() {
        RedisCounters c = counters();
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
    void eight_threads_times_500_calls_see_every_count_from_1_to_4000_once_while_the_sender_runs() throws Exception {
        RedisCounters c = counters();
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
        RedisCounters c = counters();
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
        RedisCounters c = counters();
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
            assertThat(log.linesWith("WARN RedisSync - Redis at fake is unreachable")).hasSize(1);
            assertThat(log.linesWith("INFO RedisSync - Redis at fake is back after")).singleElement().asString()
                    .endsWith(": 11 counted calls caught up");
            assertThat(c.pendingFile()).doesNotExist();
        }
    }

    @Test
    void the_memory_held_while_redis_is_away_is_bounded_and_the_site_stays_exact() {
        redis = new FakeRedis(3);
        RedisCounters c = counters();
        redis.mode = FakeRedis.Mode.DOWN;
        for (int i = 0; i < 10; i++) {
            c.count("user-" + i);  // no round in between: a flood faster than the disk
        }
        assertThat(c.ledger().usersInMemory()).isEqualTo(6);  // twice STATS_MAX_USERS at most
        c.flushNow();
        assertThat(c.ledger().usersInMemory()).isZero();  // handed to disk
        redis.mode = FakeRedis.Mode.UP;
        try (LogCapture log = new LogCapture()) {
            c.flushNow();
            assertThat(log.linesWith("per-user counts of 4 calls were dropped")).hasSize(1);
        }
        assertThat(redis.total).isEqualTo(10);
        // 6 users reached Redis, which keeps 3 (users of one batch are equally recent: any 3 of them).
        assertThat(redis.userTotals).hasSize(3).allSatisfy((user, n) -> assertThat(user).isIn(
                "user-0", "user-1", "user-2", "user-3", "user-4", "user-5"));
    }

    @Test
    void a_week_of_outage_appends_only_what_is_new_and_memory_keeps_one_run_not_one_batch_per_hand_off()
            throws Exception {
        RedisCounters c = counters();
        redis.mode = FakeRedis.Mode.DOWN;
        long before = 0;
        for (int round = 0; round < 50; round++) {
            c.count("a");
            c.count("b");
            c.flushNow();  // each round hands the new calls to disk
            long size = java.nio.file.Files.size(c.pendingFile());
            assertThat(size - before).as("one record per hand-off, the backlog never written again").isLessThan(160);
            before = size;
        }
        assertThat(pending(c.pendingFile())).hasSize(50).extracting(RedisStore.Batch::site).containsOnly(2L);
        assertThat(c.ledger().entries()).isEqualTo(1);
        redis.mode = FakeRedis.Mode.UP;
        c.flushNow();
        assertThat(redis.total).isEqualTo(100);
        assertThat(redis.batchesApplied).isEqualTo(50);
        assertThat(c.pendingFile()).doesNotExist();
    }

    static List<RedisStore.Batch> pending(Path file) throws java.io.IOException {
        List<RedisStore.Batch> batches = new ArrayList<>();
        new PendingLog(LocalDisk.INSTANCE, file).readAll(stored -> batches.add(stored.batch()));
        return batches;
    }

    @Test
    void what_cannot_be_sent_at_stop_is_saved_and_sent_once_at_the_next_start() throws Exception {
        RedisCounters first = counters();
        first.count("a");
        first.flushNow();
        redis.mode = FakeRedis.Mode.LOSE_ANSWERS;
        first.count("a");
        first.count("b");
        first.flushNow();  // the second batch is applied, its answer lost: its fate is unknown here
        redis.mode = FakeRedis.Mode.DOWN;
        first.count("c");
        first.close();
        assertThat(pending(first.pendingFile())).hasSize(2);
        assertThat(dir.resolve("stats.redis-pending.json")).isEqualTo(first.pendingFile());
        assertThat(redis.total).isEqualTo(3);

        redis.mode = FakeRedis.Mode.UP;
        RedisCounters second = counters();
        second.flushNow();  // the batch of unknown fate is recognised, c's is applied
        assertThat(second.countAndReport("a")).extracting(Report::siteTotal, Report::userTotal)
                .containsExactly(5L, 3L);
        second.flushNow();
        assertThat(redis.total).isEqualTo(5);  // 1 + 2 (applied once) + 1 (c) + the report call
        assertThat(redis.userTotals).containsEntry("a", 3L).containsEntry("b", 1L).containsEntry("c", 1L);
        assertThat(second.pendingFile()).doesNotExist();
        second.close();
        assertThat(second.pendingFile()).doesNotExist();
        assertThat(redis.applied).isEmpty();  // every instance's mark is dropped once nothing of it can come again
    }

    @Test
    void a_crash_during_an_outage_loses_nothing_handed_to_disk() throws Exception {
        RedisCounters crashed = counters();
        redis.mode = FakeRedis.Mode.DOWN;
        for (int i = 0; i < 7; i++) {
            crashed.count("a");
        }
        crashed.flushNow();  // handed to disk; then the process dies: no close()
        redis.mode = FakeRedis.Mode.UP;
        RedisCounters next = counters();
        next.flushNow();
        assertThat(redis.total).isEqualTo(7);
        next.flushNow();
        assertThat(redis.total).isEqualTo(7);
    }

    @Test
    void an_error_redis_answers_is_logged_once_retried_with_a_growing_pause_and_nothing_is_lost_at_stop()
            throws Exception {
        RedisCounters c = counters();
        try (LogCapture log = new LogCapture()) {
            redis.mode = FakeRedis.Mode.REFUSE;
            for (int i = 0; i < 20; i++) {
                c.count("a");
                c.flushNow();
            }
            c.close();
            assertThat(log.linesWith("ERROR RedisSync - Redis at fake refused the counters (ERR pocketapi: "
                    + "pocketapi:total holds a value that is not a whole number")).hasSize(1);
            assertThat(log.linesWith("20 counted calls could not be written to Redis; saved to")).hasSize(1);
        }
        redis.mode = FakeRedis.Mode.UP;
        counters().flushNow();
        assertThat(redis.total).isEqualTo(20);
    }

    @Test
    void a_restart_while_redis_is_unreachable_answers_from_the_last_totals_saved_not_from_zero() {
        RedisCounters first = counters();
        for (int i = 0; i < 520; i++) {
            first.count("a");
        }
        first.flushNow();
        assertThat(first.countAndReport("a").userTotal()).isEqualTo(521);
        first.close();
        redis.mode = FakeRedis.Mode.DOWN;
        RedisCounters restarted = counters();
        assertThat(restarted.countAndReport("a")).extracting(Report::siteTotal, Report::userTotal)
                .containsExactly(522L, 522L);
    }

    @Test
    void a_file_store_is_imported_once_in_chunks_before_anything_is_sent() throws Exception {
        redis = new FakeRedis(5_000);
        StatsStore file = new StatsStore(dir.resolve("stats.json"), clock);
        UsageCounters old = new UsageCounters(clock, 5_000);
        for (int i = 0; i < 2_500; i++) {
            old.record("u" + i);
        }
        old.record("u0");
        file.save(old.snapshot());
        Files.copy(dir.resolve("stats.json"), dir.resolve("copy.json"));

        RedisCounters first = counters();
        first.count("u0");
        redis.mode = FakeRedis.Mode.LOSE_ANSWERS;
        first.flushNow();  // chunk 0 applied, its answer lost
        redis.mode = FakeRedis.Mode.UP;
        first.flushNow();
        first.flushNow();
        assertThat(redis.importNext).isEqualTo(10);  // 2,500 users in chunks of 250
        assertThat(redis.total).isEqualTo(2_502);
        assertThat(redis.userTotals).containsEntry("u0", 3L).containsEntry("u2499", 1L).hasSize(2_500);
        assertThat(dir.resolve("stats.json.imported")).exists();
        assertThat(dir.resolve("stats.json")).doesNotExist();

        // A second instance with its own copy of the same file: recognised, nothing imported twice.
        RedisCounters second = counters("copy.json");
        second.flushNow();
        assertThat(redis.total).isEqualTo(2_502);
        assertThat(dir.resolve("copy.json.imported")).exists();
    }

    @Test
    void a_corrupt_stats_file_imports_what_the_bak_and_its_journal_hold() throws Exception {
        StatsStore file = new StatsStore(dir.resolve("stats.json"), clock);
        UsageCounters old = new UsageCounters(clock, 100);
        old.record("a");
        file.save(old.snapshot());
        old.record("a");
        file.save(old.snapshot());  // the first save is the .bak now, and its journal holds the second call
        Files.writeString(dir.resolve("stats.json"), "{\"format\":\"pocketapi-stats/1\",\"site\":");
        counters().flushNow();
        assertThat(redis.total).isEqualTo(2);
        assertThat(dir.resolve("stats.json.bak.imported")).exists();
    }

    @Test
    void if_redis_is_never_reached_the_import_waits_and_the_runs_calls_follow_it_at_the_next_start() throws Exception {
        UsageCounters old = new UsageCounters(clock, 100);
        old.record("a");
        new StatsStore(dir.resolve("stats.json"), clock).save(old.snapshot());
        redis.mode = FakeRedis.Mode.DOWN;
        RedisCounters c = counters();
        c.count("a");
        c.count("b");
        c.flushNow();
        c.close();
        assertThat(StatsStore.read(dir.resolve("stats.json")).site().total()).isEqualTo(1);  // untouched
        redis.mode = FakeRedis.Mode.UP;
        counters().flushNow();
        assertThat(redis.total).isEqualTo(3);
        assertThat(redis.userTotals).containsEntry("a", 2L).containsEntry("b", 1L);
    }

    @Test
    void daily_counts_roll_over_at_midnight_utc_plus_8() {
        RedisCounters c = counters();
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
        RedisCounters a = counters();
        RedisCounters b = counters("b.json");
        a.countAndReport("x");
        a.flushNow();
        for (int i = 0; i < 5; i++) {
            b.count("x");
        }
        b.flushNow();
        Thread.sleep(RedisTimings.FRESH.toMillis() + 50);  // a's base is old now: it reads again first
        assertThat(a.countAndReport("x")).extracting(Report::siteTotal, Report::userTotal).containsExactly(7L, 7L);
    }

    @Test
    void a_forget_that_fails_after_the_log_is_gone_is_tried_again() throws Exception {
        RedisCounters crashed = counters();
        redis.mode = FakeRedis.Mode.DOWN;
        crashed.count("a");
        crashed.flushNow();  // handed to disk; the process dies
        redis.mode = FakeRedis.Mode.UP;
        redis.failForget = true;
        RedisCounters next = counters();
        next.flushNow();  // sent, the log removed, then the forget fails
        assertThat(next.pendingFile()).doesNotExist();
        assertThat(redis.applied).containsOnlyKeys(crashed.ledger().instance());
        redis.failForget = false;
        next.flushNow();
        assertThat(redis.applied).isEmpty();  // the crashed run's mark is gone; this run sent nothing yet
        assertThat(redis.total).isEqualTo(1);
    }

    @Test
    void a_flood_of_new_ids_on_info_never_holds_more_than_the_readers_however_slow_redis_is() throws Exception {
        java.util.concurrent.CountDownLatch never = new java.util.concurrent.CountDownLatch(1);
        java.util.concurrent.atomic.AtomicInteger reads = new java.util.concurrent.atomic.AtomicInteger();
        RedisStore stuck = new FakeRedis(100) {
            @Override
            public Totals apply(Batch b, List<String> report, java.util.Collection<String> instances)
                    throws Unavailable {
                reads.incrementAndGet();
                try {
                    never.await();  // Redis that takes for ever to answer
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                throw new Unavailable("no answer", null);
            }
        };
        RedisCounters c = new RedisCounters(redis, stuck, dir.resolve("stats.json"), Duration.ofSeconds(10), clock, 100);
        ExecutorService callers = Executors.newFixedThreadPool(40);
        List<Future<Report>> answers = new ArrayList<>();
        for (int i = 0; i < 200; i++) {
            String id = "new-" + i;
            answers.add(callers.submit(() -> c.countAndReport(id)));
        }
        for (Future<Report> answer : answers) {
            assertThat(answer.get(30, java.util.concurrent.TimeUnit.SECONDS).userTotal()).isEqualTo(1);
        }
        callers.shutdown();
        // Four readers took a read each; every other call answered from what was known, without waiting.
        assertThat(reads.get()).isEqualTo(RedisTimings.READERS);
        never.countDown();
        c.close();
    }

    @Test
    void a_15_s_outage_with_a_100000_user_backlog_writes_about_the_log_once_not_at_every_attempt() {
        pocketapi.ManualTicker ticker = new pocketapi.ManualTicker();
        CrashDisk disk = new CrashDisk(new java.util.Random(1));
        Path file = Path.of("/model/stats.json");
        RedisCounters c = new RedisCounters(redis, redis, file, Duration.ofSeconds(5), clock, 100_000, disk, ticker,
                java.util.concurrent.Executors.newSingleThreadExecutor());
        c.flushNow();
        redis.mode = FakeRedis.Mode.DOWN;
        for (int i = 0; i < 100_000; i++) {
            c.count(String.format("%0128d", i));
        }
        for (int ms = 0; ms < 15_000; ms += 200) {  // the sender's rounds for 15 s, Redis away
            ticker.advance(Duration.ofMillis(200));
            c.round();
            c.count("steady");
        }
        long size = disk.sizes().get("stats.redis-pending.json");
        System.out.printf("15 s outage, 100,000 users waiting: %,d bytes written for a %,d-byte log (%.2f x)%n",
                disk.written, size, (double) disk.written / size);
        assertThat(disk.written).isLessThanOrEqualTo((long) (3.5 * size));
        assertThat(c.ledger().usersInMemory()).isLessThan(10);
        redis.mode = FakeRedis.Mode.UP;
        for (int i = 0; i < 100 && c.unsent() > 0; i++) {
            ticker.advance(Duration.ofMillis(200));
            c.round();
        }
        assertThat(redis.total).isEqualTo(100_000 + 75);
    }
}
