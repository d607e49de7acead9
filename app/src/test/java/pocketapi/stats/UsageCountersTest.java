package pocketapi.stats;

import pocketapi.stats.Counters.Report;
import static org.assertj.core.api.Assertions.assertThat;

import java.time.Clock;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import org.junit.jupiter.api.Test;

import pocketapi.MutableClock;

class UsageCountersTest {
    private final MutableClock clock = new MutableClock("2026-05-01T03:00:00Z");
    private static final long MAY_1 = LocalDate.of(2026, 5, 1).toEpochDay();

    @Test
    void a_call_reports_counts_that_include_itself() {
        UsageCounters counters = new UsageCounters(clock, 10, 0);
        assertThat(counters.record("a")).isEqualTo(new Report(LocalDate.of(2026, 5, 1), "a", 1, 1, 1, 1));
        assertThat(counters.record("b")).isEqualTo(new Report(LocalDate.of(2026, 5, 1), "b", 2, 2, 1, 1));
        assertThat(counters.record("a")).isEqualTo(new Report(LocalDate.of(2026, 5, 1), "a", 3, 3, 2, 2));
    }

    @Test
    void daily_counts_roll_over_at_midnight_utc_plus_8() {
        UsageCounters counters = new UsageCounters(clock, 10, 0);
        clock.set("2026-05-01T15:59:59Z");  // 23:59:59 UTC+8
        counters.record("a");
        Report before = counters.record("a");
        assertThat(before.date()).isEqualTo(LocalDate.of(2026, 5, 1));
        assertThat(before.siteDaily()).isEqualTo(2);

        clock.set("2026-05-01T16:00:00Z");  // 00:00:00 UTC+8 on 2 May
        assertThat(counters.record("a")).isEqualTo(new Report(LocalDate.of(2026, 5, 2), "a", 3, 1, 3, 1));
        assertThat(counters.record("b")).isEqualTo(new Report(LocalDate.of(2026, 5, 2), "b", 4, 2, 1, 1));
    }

    @Test
    void concurrent_calls_from_one_user_report_every_count_exactly_once() throws Exception {
        UsageCounters counters = new UsageCounters(Clock.systemUTC(), 10, 2);
        ExecutorService pool = Executors.newFixedThreadPool(8);
        try {
            List<Future<List<Long>>> results = new ArrayList<>();
            for (int t = 0; t < 8; t++) {
                Callable<List<Long>> calls = () -> {
                    List<Long> seen = new ArrayList<>();
                    for (int i = 0; i < 500; i++) {
                        seen.add(counters.record("same").userTotal());
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
        UsageCounters counters = new UsageCounters(clock, 100_000, 1);
        Report last = null;
        for (int i = 0; i < 1_000_000; i++) {
            last = counters.record("id-" + i);
        }
        assertThat(last.siteTotal()).isEqualTo(1_000_000);
        assertThat(last.siteDaily()).isEqualTo(1_000_000);
        assertThat(counters.all()).hasSize(100_001);
        assertThat(counters.all().keySet()).startsWith("", "id-900000").endsWith("id-999999");
        assertThat(counters.take(0)).hasSize(100_001);  // what changed is bounded too
    }

    @Test
    void the_least_recently_seen_user_is_dropped_first() {
        UsageCounters counters = new UsageCounters(clock, 2, 0);
        counters.record("old");
        counters.record("newer");
        counters.record("old");       // "old" is now the most recently seen
        counters.record("newest");    // so "newer" goes
        assertThat(counters.all().keySet()).containsExactly("", "old", "newest");
        assertThat(counters.record("old").userTotal()).isEqualTo(3);
        assertThat(counters.record("newer").userTotal()).isEqualTo(1);
    }

    @Test
    void each_tracker_takes_what_changed_since_its_own_last_take_as_absolute_values() {
        UsageCounters counters = new UsageCounters(clock, 10, 2);
        counters.record("a");
        counters.record("b");
        Map<String, Tally> first = counters.take(0);
        assertThat(first.get("")).isEqualTo(new Tally(2, 2, MAY_1));  // the site's
        assertThat(first).containsOnlyKeys("", "a", "b");
        counters.record("a");
        assertThat(counters.take(0)).containsExactly(Map.entry("", new Tally(3, 3, MAY_1)), Map.entry("a", new Tally(2, 2, MAY_1)));
        assertThat(counters.take(0)).isEmpty();
        assertThat(counters.take(1)).containsOnlyKeys("", "a", "b");  // the other tracker saw none of it yet
    }

    @Test
    void what_is_given_back_is_taken_again_with_its_values_by_then() {
        UsageCounters counters = new UsageCounters(clock, 10, 1);
        counters.record("a");
        Map<String, Tally> failed = counters.take(0);
        counters.giveBack(0, failed);
        counters.record("b");
        Map<String, Tally> next = counters.take(0);
        assertThat(next.get("")).isEqualTo(new Tally(2, 2, MAY_1));
        assertThat(next).containsOnlyKeys("", "a", "b");
    }

    @Test
    void merging_a_copy_keeps_the_larger_total_and_the_later_days_count() {
        UsageCounters counters = new UsageCounters(clock, 10, 1);
        counters.record("a");
        counters.take(0);
        counters.merge("a", new Tally(7, 5, MAY_1 - 1));   // a larger total, an older day
        assertThat(counters.user("a")).isEqualTo(new Tally(7, 1, MAY_1));
        counters.merge("a", new Tally(3, 3, MAY_1));       // today's larger count, a smaller total
        assertThat(counters.user("a")).isEqualTo(new Tally(7, 3, MAY_1));
        counters.merge("a", new Tally(7, 3, MAY_1));       // the same again changes nothing
        assertThat(counters.take(0)).containsOnlyKeys("a");
        counters.merge("a", new Tally(7, 3, MAY_1));
        assertThat(counters.take(0)).isEmpty();
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
