package pocketapi.stats;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

/** The last totals known from Redis: answers arrive out of order, the totals shown never go down. */
class SharedBaseTest {
    private static RedisStore.Totals totals(long site, long daily, long user, long mark) {
        return new RedisStore.Totals(site, daily, Map.of("u", new long[] {user, user}), Map.of("i", mark));
    }

    @Test
    void an_answer_with_the_same_marks_but_older_totals_is_dropped() {
        SharedBase base = new SharedBase(10);
        base.install(totals(1201, 30, 7, 5), 20_000, List.of("u"), 1);
        base.install(totals(1002, 20, 6, 5), 20_000, List.of("u"), 2);  // another instance's calls came between
        assertThat(base.site().total()).isEqualTo(1201);
        assertThat(base.site().daily()).isEqualTo(30);
        assertThat(base.user("u").total()).isEqualTo(7);
    }

    @Test
    void an_answer_with_lower_marks_is_dropped_and_a_newer_one_taken() {
        SharedBase base = new SharedBase(10);
        base.install(totals(1201, 30, 7, 5), 20_000, List.of("u"), 1);
        base.install(totals(1300, 40, 8, 4), 20_000, List.of("u"), 2);
        assertThat(base.site().total()).isEqualTo(1201);
        base.install(totals(1300, 40, 8, 6), 20_000, List.of("u"), 3);
        assertThat(base.site().total()).isEqualTo(1300);
        assertThat(base.site().at()).isEqualTo(3);
    }

    @Test
    void at_the_day_change_a_late_answer_of_the_day_before_is_dropped() {
        SharedBase base = new SharedBase(10);
        base.install(totals(1201, 2, 7, 5), 20_001, List.of("u"), 1);  // just after midnight: 2 calls today
        base.install(totals(1201, 900, 7, 5), 20_000, List.of("u"), 2);  // read just before midnight, answered late
        assertThat(base.site().day()).isEqualTo(20_001);
        assertThat(base.site().dailyOn(20_001)).isEqualTo(2);
    }

    @Test
    void the_same_totals_again_only_refresh_when_they_were_read() {
        SharedBase base = new SharedBase(10);
        base.install(totals(10, 1, 1, 1), 20_000, List.of("u"), 1);
        base.install(totals(10, 1, 1, 1), 20_000, List.of("u"), 9);
        assertThat(base.site().at()).isEqualTo(9);
        assertThat(base.fresh("u", 20_000, 10, 5)).isTrue();
    }
}
