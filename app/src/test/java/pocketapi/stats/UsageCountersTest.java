package pocketapi.stats;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Clock;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import org.junit.jupiter.api.Test;

import pocketapi.MutableClock;

class UsageCountersTest {
    private final MutableClock clock = new MutableClock("2026-05-01T03:00:00Z");

    @Test
    void a_call_reports_counts_that_include_itself() {
        UsageCounters counters = new UsageCounters(clock, 10);
        Report first = counters.record("a");
        assertThat(first).isEqualTo(new Report(LocalDate.of(2026, 5, 1), "a", 1, 1, 1, 1));
        assertThat(counters.record("b")).isEqualTo(new Report(LocalDate.of(2026, 5, 1), "b", 2, 2, 1, 1));
        assertThat(counters.record("a")).isEqualTo(new Report(LocalDate.of(2026, 5, 1), "a", 3, 3, 2, 2));
    }

    @Test
    void daily_counts_roll_over_at_midnight_utc_plus_8() {
        UsageCounters counters = new UsageCounters(clock, 10);
        clock.set("2026-05-01T15:59:59Z");  // 23:59:59 UTC+8
        counters.record("a");
        Report before = counters.record("a");
        assertThat(before.date()).isEqualTo(LocalDate.of(2026, 5, 1));
        assertThat(before.siteDaily()).isEqualTo(2);

        clock.set("2026-05-01T16:00:00Z");  // 00:00:00 UTC+8 on 2 May
        Report after = counters.record("a");
        assertThat(after).isEqualTo(new Report(LocalDate.of(2026, 5, 2), "a", 3, 1, 3, 1));
        Report other = counters.record("b");
        assertThat(other).isEqualTo(new Report(LocalDate.of(2026, 5, 2), "b", 4, 2, 1, 1));
    }

    @Test
    void concurrent_calls_from_one_user_report_every_count_exactly_once() throws Exception {
        UsageCounters counters = new UsageCounters(Clock.systemUTC(), 10);
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
    void a_million_distinct_ids_leave_the_map_at_the_cap_and_the_site_exact() {
        UsageCounters counters = new UsageCounters(clock, 100_000);
        Report last = null;
        for (int i = 0; i < 1_000_000; i++) {
            last = counters.record("id-" + i);
        }
        assertThat(counters.userCount()).isEqualTo(100_000);
        assertThat(last.siteTotal()).isEqualTo(1_000_000);
        assertThat(last.siteDaily()).isEqualTo(1_000_000);
        assertThat(counters.snapshot().users()).startsWith("id-900000").endsWith("id-999999");
    }

    @Test
    void the_least_recently_seen_user_is_dropped_first() {
        UsageCounters counters = new UsageCounters(clock, 2);
        counters.record("old");
        counters.record("newer");
        counters.record("old");       // "old" is now the most recently seen
        counters.record("newest");    // so "newer" goes
        assertThat(counters.snapshot().users()).containsExactly("old", "newest");
        assertThat(counters.record("old").userTotal()).isEqualTo(3);
        assertThat(counters.record("newer").userTotal()).isEqualTo(1);
    }

    @Test
    void counters_continue_from_a_snapshot_in_the_same_order() {
        UsageCounters counters = new UsageCounters(clock, 10);
        counters.record("a");
        counters.record("b");
        counters.record("a");
        UsageCounters restored = new UsageCounters(clock, 10, counters.snapshot());
        assertThat(restored.snapshot().users()).containsExactly("b", "a");
        assertThat(restored.record("a")).isEqualTo(new Report(LocalDate.of(2026, 5, 1), "a", 4, 4, 3, 3));
    }

    @Test
    void the_version_moves_with_every_call() {
        UsageCounters counters = new UsageCounters(clock, 10);
        long before = counters.version();
        counters.record("a");
        assertThat(counters.version()).isEqualTo(before + 1);
        assertThat(counters.snapshot().version()).isEqualTo(before + 1);
    }
}
