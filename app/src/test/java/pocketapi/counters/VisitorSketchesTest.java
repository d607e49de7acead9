package pocketapi.counters;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static pocketapi.counters.LocalCountersTest.KEYS;

import java.util.Map;
import org.apache.datasketches.hll.HllSketch;
import org.apache.datasketches.hll.Union;
import org.junit.jupiter.api.Test;

/** The file store's visitors: a HyperLogLog sketch a day of the users' keyed hashes. */
class VisitorSketchesTest {
    private static final long DAY = 20_574; // 2026-05-01

    private static void add(VisitorSketches sketches, long day, int from, int to) {
        for (int i = from; i < to; i++) {
            sketches.add(day, KEYS.of("id-" + i));
        }
    }

    @Test
    void the_visitors_of_100000_distinct_ids_are_counted_within_2_percent() {
        VisitorSketches sketches = new VisitorSketches(400, false);
        add(sketches, DAY, 0, 100_000);
        add(sketches, DAY, 0, 50_000); // the same ids again add nothing
        assertThat(sketches.count(DAY)).isBetween(98_000L, 102_000L);
        assertThat(sketches.windowCounts(DAY)).containsExactly(sketches.count(DAY), sketches.count(DAY));
        assertThat(sketches.span(DAY - 10, DAY).count()).isEqualTo(sketches.count(DAY));
    }

    @Test
    void two_copies_merge_by_a_union_to_what_one_sketch_of_both_holds_in_any_order_and_however_often() {
        VisitorSketches a = new VisitorSketches(400, false);
        VisitorSketches b = new VisitorSketches(400, false);
        add(a, DAY, 0, 60_000);
        add(b, DAY, 40_000, 100_000);
        HllSketch both = new HllSketch(VisitorSketches.LG_K, VisitorSketches.TYPE);
        for (int i = 0; i < 100_000; i++) {
            both.update(KEYS.of("id-" + i));
        }
        Union one = new Union(VisitorSketches.LG_K);
        one.update(both);
        long expected = Math.round(one.getCompositeEstimate());
        assertThat(expected).isBetween(98_000L, 102_000L);
        Map<Long, byte[]> ofA = a.snapshot();
        Map<Long, byte[]> ofB = b.snapshot();
        a.merge(DAY, VisitorSketches.read(ofB.get(DAY)), DAY);
        a.merge(DAY, VisitorSketches.read(ofB.get(DAY)), DAY);
        b.merge(DAY, VisitorSketches.read(ofA.get(DAY)), DAY);
        assertThat(a.count(DAY)).isEqualTo(expected).isEqualTo(b.count(DAY));
        assertThat(a.windowCounts(DAY)).containsExactly(expected, expected);
    }

    /** The estimates are kept between changes (the history asks for them on every call): each change is seen. */
    @Test
    void a_count_read_between_changes_follows_every_add_merge_and_drop() {
        VisitorSketches sketches = new VisitorSketches(40, false);
        add(sketches, DAY - 1, 0, 10);
        add(sketches, DAY, 0, 5);
        assertThat(sketches.count(DAY)).isEqualTo(5);
        assertThat(sketches.windowCounts(DAY)).containsExactly(10, 10);
        add(sketches, DAY, 5, 20);
        assertThat(sketches.count(DAY)).isEqualTo(20);
        assertThat(sketches.windowCounts(DAY)).containsExactly(20, 20);
        VisitorSketches other = new VisitorSketches(40, false);
        add(other, DAY - 1, 100, 130);
        add(other, DAY - 35, 200, 207);
        sketches.merge(DAY - 1, VisitorSketches.read(other.snapshot().get(DAY - 1)), DAY);
        assertThat(sketches.count(DAY - 1)).isEqualTo(40);
        assertThat(sketches.windowCounts(DAY)).containsExactly(50, 50);
        sketches.merge(DAY - 35, VisitorSketches.read(other.snapshot().get(DAY - 35)), DAY);
        assertThat(sketches.windowCounts(DAY)).as("past 30 days: in all only").containsExactly(50, 57);
        sketches.dropBefore(DAY - 1);
        assertThat(sketches.count(DAY - 35)).isZero();
        assertThat(sketches.windowCounts(DAY)).containsExactly(50, 50);
        assertThat(sketches.windowCounts(DAY + 1)).as("the next day").containsExactly(50, 50);
        add(sketches, DAY + 1, 1000, 1003);
        assertThat(sketches.windowCounts(DAY + 1)).containsExactly(53, 53);
    }

    @Test
    void a_span_of_days_counts_each_visitor_once_and_days_past_those_kept_go() {
        VisitorSketches sketches = new VisitorSketches(3, true);
        add(sketches, DAY - 2, 0, 10);
        add(sketches, DAY - 1, 5, 15);
        add(sketches, DAY, 10, 20);
        assertThat(sketches.count(DAY - 1)).isEqualTo(10);
        assertThat(sketches.span(DAY - 2, DAY).count()).isEqualTo(20);
        assertThat(sketches.span(DAY - 1, DAY).count()).isEqualTo(15);
        assertThat(sketches.windowCounts(DAY)).containsExactly(20, 20);
        assertThat(sketches.take()).containsOnlyKeys(DAY - 2, DAY - 1, DAY);
        assertThat(sketches.take()).as("taken once").isEmpty();
        sketches.dropBefore(DAY - 1);
        assertThat(sketches.count(DAY - 2)).isZero();
        assertThat(sketches.windowCounts(DAY)).containsExactly(15, 15);
        sketches.merge(DAY - 5, VisitorSketches.read(sketches.snapshot().get(DAY)), DAY);
        assertThat(sketches.count(DAY - 5))
                .as("a day no longer kept is not merged back")
                .isZero();
    }

    @Test
    void a_sketch_of_another_size_or_no_sketch_at_all_is_refused() {
        HllSketch other = new HllSketch(12, VisitorSketches.TYPE);
        other.update(1);
        assertThatThrownBy(() -> VisitorSketches.read(other.toCompactByteArray()))
                .hasMessageContaining("2^12 registers, not 2^14");
        assertThatThrownBy(() -> VisitorSketches.read(new byte[] {1, 2, 3, 4, 5, 6, 7, 8}))
                .isInstanceOf(RuntimeException.class);
        assertThatThrownBy(() -> VisitorSketches.read(new byte[VisitorSketches.MAX_BYTES + 1]))
                .hasMessageContaining("more than any of ours");
    }
}
