package pocketapi.counters;

import static org.assertj.core.api.Assertions.assertThat;
import static pocketapi.web.Family.HOLIDAYS;
import static pocketapi.web.Family.INFO;
import static pocketapi.web.Family.PICTURES;

import java.time.Clock;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;
import pocketapi.MutableClock;
import pocketapi.counters.Counters.DayCount;
import pocketapi.counters.Counters.Report;
import pocketapi.web.Family;

class LocalCountersTest {
    /** A fixed key, so that a user's hash is the same in every test run. */
    static final UserKeys KEYS = new UserKeys(new byte[32]);

    private final MutableClock clock = new MutableClock("2026-05-01T03:00:00Z");
    private static final long MAY_1 = LocalDate.of(2026, 5, 1).toEpochDay();

    private LocalCounters counters(int maxUsers, int trackers) {
        return new LocalCounters(clock, KEYS, maxUsers, 400, trackers);
    }

    @Test
    void a_call_reports_counts_that_include_itself() {
        LocalCounters counters = counters(10, 0);
        assertThat(counters.countAndReport("a", HOLIDAYS))
                .isEqualTo(new Report(LocalDate.of(2026, 5, 1), "a", 1, 1, 1, 1));
        assertThat(counters.countAndReport("b", HOLIDAYS))
                .isEqualTo(new Report(LocalDate.of(2026, 5, 1), "b", 2, 2, 1, 1));
        assertThat(counters.countAndReport("a", INFO)).isEqualTo(new Report(LocalDate.of(2026, 5, 1), "a", 3, 3, 2, 2));
    }

    @Test
    void daily_counts_roll_over_at_midnight_utc_plus_8() {
        LocalCounters counters = counters(10, 0);
        clock.set("2026-05-01T15:59:59Z"); // 23:59:59 UTC+8
        counters.countAndReport("a", HOLIDAYS);
        Report before = counters.countAndReport("a", HOLIDAYS);
        assertThat(before.date()).isEqualTo(LocalDate.of(2026, 5, 1));
        assertThat(before.siteDaily()).isEqualTo(2);

        clock.set("2026-05-01T16:00:00Z"); // 00:00:00 UTC+8 on 2 May
        assertThat(counters.countAndReport("a", HOLIDAYS))
                .isEqualTo(new Report(LocalDate.of(2026, 5, 2), "a", 3, 1, 3, 1));
        assertThat(counters.countAndReport("b", HOLIDAYS))
                .isEqualTo(new Report(LocalDate.of(2026, 5, 2), "b", 4, 2, 1, 1));
    }

    @Test
    void a_call_that_read_the_old_day_just_before_midnight_cannot_start_the_new_days_counts_over() throws Exception {
        // The clock of the call "late" stops inside its read, at 23:59:59.999 UTC+8, until the call "early" of 00:00
        // has
        // tried to count: the day is read under the counters' lock, so "early" waits for "late" and counts after it.
        CountDownLatch lateReading = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        Thread[] late = new Thread[1];
        Clock midnight = new Clock() {
            @Override
            public long millis() {
                if (Thread.currentThread() != late[0]) {
                    return Instant.parse("2026-05-01T16:00:00Z").toEpochMilli();
                }
                lateReading.countDown();
                try {
                    release.await();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                return Instant.parse("2026-05-01T15:59:59.999Z").toEpochMilli();
            }

            @Override
            public Instant instant() {
                return Instant.ofEpochMilli(millis());
            }

            @Override
            public ZoneId getZone() {
                return ZoneOffset.UTC;
            }

            @Override
            public Clock withZone(ZoneId zone) {
                throw new UnsupportedOperationException();
            }
        };
        LocalCounters counters = new LocalCounters(midnight, KEYS, 10, 400, 0);
        late[0] = new Thread(() -> counters.countAndReport("late", HOLIDAYS));
        late[0].start();
        lateReading.await();
        Thread early = new Thread(() -> counters.countAndReport("early", HOLIDAYS));
        early.start();
        while (early.getState() != Thread.State.BLOCKED && early.getState() != Thread.State.TERMINATED) {
            Thread.onSpinWait();
        }
        release.countDown();
        late[0].join();
        early.join();
        assertThat(counters.countAndReport("next", HOLIDAYS))
                .as("both calls of 2 May are in its count")
                .isEqualTo(new Report(LocalDate.of(2026, 5, 2), "next", 3, 2, 1, 1));
        assertThat(counters.dayCounts(LocalDate.of(2026, 5, 1).toEpochDay())[0]).isEqualTo(1);
    }

    @Test
    void each_day_counts_the_site_and_each_family_and_the_days_kept_end_where_the_setting_says() {
        LocalCounters counters = new LocalCounters(clock, KEYS, 10, 3, 0);
        counters.countAndReport("a", HOLIDAYS);
        counters.countAndReport("a", PICTURES);
        counters.countAndReport("b", HOLIDAYS);
        clock.set("2026-05-02T03:00:00Z");
        counters.countAndReport("a", INFO);
        assertThat(counters.history(3))
                .containsExactly(
                        new DayCount("2026-04-30", 0, 0, 0, 0, 0, 0, 0, 0),
                        new DayCount("2026-05-01", 3, 2, 1, 0, 0, 0, 0, 2),
                        new DayCount("2026-05-02", 1, 0, 0, 1, 0, 0, 0, 1));
        clock.set("2026-05-04T03:00:00Z");
        counters.countAndReport("a", Family.OTHER);
        assertThat(counters.history(4)).extracting(DayCount::site).containsExactly(0L, 1L, 0L, 1L); // 1 May is gone
        counters.mergeDay(MAY_1, new long[] {9, 9, 0, 0, 0, 0, 0}); // nor is it merged back from a file
        assertThat(counters.history(4).get(0).site()).isZero();
        Counters.Summary summary = counters.summary();
        assertThat(List.of(summary.total(), summary.today(), summary.days30())).containsExactly(5L, 1L, 2L);
    }

    @Test
    void with_no_days_kept_nothing_of_the_history_is_kept() {
        LocalCounters counters = new LocalCounters(clock, KEYS, 10, 0, 1);
        counters.countAndReport("a", HOLIDAYS);
        assertThat(counters.take(0, 10).days()).isEmpty();
        assertThat(counters.history(1).get(0).site()).isZero();
    }

    @Test
    void concurrent_calls_from_one_user_report_every_count_exactly_once() throws Exception {
        LocalCounters counters = new LocalCounters(Clock.systemUTC(), KEYS, 10, 400, 2);
        ExecutorService pool = Executors.newFixedThreadPool(8);
        try {
            List<Future<List<Long>>> results = new ArrayList<>();
            for (int t = 0; t < 8; t++) {
                Callable<List<Long>> calls = () -> {
                    List<Long> seen = new ArrayList<>();
                    for (int i = 0; i < 500; i++) {
                        seen.add(counters.countAndReport("same", HOLIDAYS).userTotal());
                    }
                    return seen;
                };
                results.add(pool.submit(calls));
            }
            List<Long> all = new ArrayList<>();
            for (Future<List<Long>> f : results) {
                all.addAll(f.get());
            }
            assertThat(all).hasSize(4000).doesNotHaveDuplicates().allMatch(n -> n >= 1 && n <= 4000);
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void a_million_distinct_ids_leave_the_table_at_its_bound_and_the_site_exact() {
        LocalCounters counters = counters(100_000, 1);
        Report last = null;
        for (int i = 0; i < 1_000_000; i++) {
            last = counters.countAndReport("id-" + i, HOLIDAYS);
        }
        assertThat(last.siteTotal()).isEqualTo(1_000_000);
        assertThat(last.siteDaily()).isEqualTo(1_000_000);
        assertThat(counters.size()).isEqualTo(100_000);
        LocalCounters.Snapshot all = counters.snapshot(0);
        assertThat(all.keys()[0]).isEqualTo(KEYS.of("id-900000"));
        assertThat(all.keys()[99_999]).isEqualTo(KEYS.of("id-999999"));
        assertThat(counters.user("id-899999")).isEqualTo(Tally.ZERO);
        assertThat(counters.take(0, Integer.MAX_VALUE).users()).isEmpty(); // the snapshot took everything
    }

    @Test
    void what_changed_is_taken_in_batches_and_a_user_dropped_is_never_handed_on() {
        LocalCounters counters = counters(1_000, 1);
        for (int i = 0; i < 2_500; i++) {
            counters.countAndReport("id-" + i, HOLIDAYS);
        }
        List<Long> taken = new ArrayList<>();
        for (LocalCounters.Changes batch = counters.take(0, 300); !batch.isEmpty(); batch = counters.take(0, 300)) {
            assertThat(batch.users()).hasSizeLessThanOrEqualTo(300);
            batch.users().forEach(r -> taken.add(r.key()));
        }
        assertThat(taken)
                .hasSize(1_000)
                .doesNotHaveDuplicates()
                .contains(KEYS.of("id-2499"))
                .doesNotContain(KEYS.of("id-0"));
    }

    @Test
    void the_least_recently_seen_user_is_dropped_first() {
        LocalCounters counters = counters(2, 1);
        counters.countAndReport("old", HOLIDAYS);
        counters.countAndReport("newer", HOLIDAYS);
        counters.countAndReport("old", HOLIDAYS); // "old" is now the most recently seen
        counters.countAndReport("newest", HOLIDAYS); // so "newer" goes
        assertThat(counters.snapshot(0).keys()).containsExactly(KEYS.of("old"), KEYS.of("newest"));
        assertThat(counters.countAndReport("old", HOLIDAYS).userTotal()).isEqualTo(3);
        assertThat(counters.countAndReport("newer", HOLIDAYS).userTotal()).isEqualTo(1);
    }

    /**
     * Files read at start (and the others' part read from Redis) are merged with evict: a user read again is the most
     * recently read, so at the bound the last file's users are the ones kept, whatever an earlier file held.
     */
    @Test
    void a_user_merged_again_is_the_most_recently_read_and_keeps_its_place_at_the_bound() {
        LocalCounters counters = counters(2, 1);
        counters.merge(KEYS.of("old"), new Tally(5, 5, MAY_1), true); // from an older file
        counters.merge(KEYS.of("newer"), new Tally(1, 1, MAY_1), true);
        counters.merge(KEYS.of("old"), new Tally(6, 6, MAY_1), true); // from the last file: now the most recent
        counters.merge(KEYS.of("newest"), new Tally(1, 1, MAY_1), true); // so "newer" goes
        assertThat(counters.snapshot(0).keys()).containsExactlyInAnyOrder(KEYS.of("old"), KEYS.of("newest"));
        assertThat(counters.user(KEYS.of("old")).total()).isEqualTo(6);
        // Without evict (this instance's own counts read back from Redis) nobody makes room, and no one moves.
        counters.merge(KEYS.of("other"), new Tally(9, 9, MAY_1), false);
        counters.merge(KEYS.of("old"), new Tally(7, 7, MAY_1), false);
        counters.merge(KEYS.of("another"), new Tally(1, 1, MAY_1), true); // "old" is the least recently read: it goes
        assertThat(counters.snapshot(0).keys()).containsExactlyInAnyOrder(KEYS.of("newest"), KEYS.of("another"));
    }

    @Test
    void each_tracker_takes_what_changed_since_its_own_last_take_as_absolute_values() {
        LocalCounters counters = counters(10, 2);
        counters.countAndReport("a", HOLIDAYS);
        counters.countAndReport("b", HOLIDAYS);
        LocalCounters.Changes first = counters.take(0, 10);
        assertThat(first.site()).isEqualTo(new Tally(2, 2, MAY_1));
        assertThat(first.users())
                .extracting(LocalCounters.Row::key)
                .containsExactlyInAnyOrder(KEYS.of("a"), KEYS.of("b"));
        assertThat(first.days().get(MAY_1)).containsExactly(2, 2, 0, 0, 0, 0, 0);
        counters.countAndReport("a", HOLIDAYS);
        LocalCounters.Changes second = counters.take(0, 10);
        assertThat(second.site()).isEqualTo(new Tally(3, 3, MAY_1));
        assertThat(second.users()).containsExactly(new LocalCounters.Row(KEYS.of("a"), new Tally(2, 2, MAY_1), true));
        assertThat(counters.take(0, 10).isEmpty()).isTrue();
        assertThat(counters.take(1, 10).users()).hasSize(2); // the other tracker saw none of it yet
    }

    @Test
    void what_is_given_back_is_taken_again_with_its_values_by_then() {
        LocalCounters counters = counters(10, 1);
        counters.countAndReport("a", HOLIDAYS);
        LocalCounters.Changes failed = counters.take(0, 10);
        counters.giveBack(0, failed);
        counters.countAndReport("b", HOLIDAYS);
        LocalCounters.Changes next = counters.take(0, 10);
        assertThat(next.site()).isEqualTo(new Tally(2, 2, MAY_1));
        assertThat(next.users()).hasSize(2);
    }

    @Test
    void merging_a_copy_keeps_the_larger_total_and_the_later_days_count() {
        LocalCounters counters = counters(10, 1);
        long a = KEYS.of("a");
        counters.countAndReport("a", HOLIDAYS);
        counters.take(0, 10);
        counters.merge(a, new Tally(7, 5, MAY_1 - 1), true); // a larger total, an older day
        assertThat(counters.user("a")).isEqualTo(new Tally(7, 1, MAY_1));
        counters.merge(a, new Tally(3, 3, MAY_1), true); // today's larger count, a smaller total
        assertThat(counters.user("a")).isEqualTo(new Tally(7, 3, MAY_1));
        counters.merge(a, new Tally(7, 3, MAY_1), true); // the same again changes nothing
        assertThat(counters.take(0, 10).users()).hasSize(1);
        counters.merge(a, new Tally(7, 3, MAY_1), true);
        assertThat(counters.take(0, 10).isEmpty()).isTrue();
    }

    @Test
    void a_merge_that_may_not_evict_adds_no_user_to_a_full_table() {
        LocalCounters counters = counters(2, 0);
        counters.countAndReport("a", HOLIDAYS);
        counters.countAndReport("b", HOLIDAYS);
        counters.merge(KEYS.of("c"), new Tally(5, 5, MAY_1), false);
        assertThat(counters.user("c")).isEqualTo(Tally.ZERO);
        assertThat(counters.user("a")).isEqualTo(new Tally(1, 1, MAY_1));
        counters.merge(KEYS.of("a"), new Tally(5, 5, MAY_1), false);
        assertThat(counters.user("a")).isEqualTo(new Tally(5, 5, MAY_1));
    }

    @Test
    void users_idle_longer_than_the_days_kept_are_forgotten_and_the_site_stays() {
        LocalCounters counters = counters(10, 0);
        counters.countAndReport("gone", HOLIDAYS);
        clock.set("2026-06-01T03:00:00Z");
        counters.countAndReport("stays", HOLIDAYS);
        clock.set("2026-08-15T03:00:00Z");
        assertThat(counters.forgetUsersIdle(90)).isEqualTo(1);
        assertThat(counters.user("gone")).isEqualTo(Tally.ZERO);
        assertThat(counters.user("stays").total()).isEqualTo(1);
        assertThat(counters.siteTally().total()).isEqualTo(2);
    }

    @Test
    void a_new_key_forgets_the_users_counted_by_the_old_one_and_keeps_the_site() {
        LocalCounters counters = counters(10, 0);
        counters.countAndReport("a", HOLIDAYS);
        UserKeys other = new UserKeys(new byte[] {1, 2, 3});
        counters.rekey(other);
        assertThat(counters.size()).isZero();
        assertThat(counters.countAndReport("a", HOLIDAYS))
                .isEqualTo(new Report(LocalDate.of(2026, 5, 1), "a", 2, 2, 1, 1));
        assertThat(other.of("a")).isNotEqualTo(KEYS.of("a"));
    }

    @Test
    void the_merge_is_order_free_and_idempotent() {
        Random random = new Random(20261124);
        for (int i = 0; i < 10_000; i++) {
            Tally a = tally(random);
            Tally b = tally(random);
            Tally c = tally(random);
            assertThat(a.max(b)).isEqualTo(b.max(a));
            assertThat(a.max(b).max(c)).isEqualTo(a.max(b.max(c)));
            assertThat(a.max(a)).isEqualTo(a);
            assertThat(a.max(b).max(b)).isEqualTo(a.max(b));
        }
    }

    private static Tally tally(Random random) {
        long daily = random.nextInt(5);
        return new Tally(daily + random.nextInt(5), daily, MAY_1 + random.nextInt(3));
    }
}
