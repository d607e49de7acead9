package pocketapi.logging;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;
import pocketapi.LogCapture;

class ThrottleTest {
    @Test
    void a_counted_line_is_logged_at_once_and_what_follows_within_the_minute_at_the_stop() {
        Throttle s = Throttle.counting(LoggerFactory.getLogger(ThrottleTest.class), true, "throttle-test: %d refused");
        try (LogCapture log = new LogCapture()) {
            s.count();
            s.count();
            s.count();
            assertThat(log.linesWith("throttle-test")).hasSize(1).allMatch(l -> l.contains("throttle-test: 1 refused"));
            Throttle.flushAll(false);
            assertThat(log.linesWith("throttle-test"))
                    .as("within the minute, not yet")
                    .hasSize(1);
            Throttle.flushAll(true);
            assertThat(log.linesWith("throttle-test"))
                    .hasSize(2)
                    .last()
                    .asString()
                    .contains("throttle-test: 2 refused");
            Throttle.flushAll(true);
            assertThat(log.linesWith("throttle-test"))
                    .as("nothing new, nothing logged")
                    .hasSize(2);
        }
    }

    @Test
    void a_counted_line_is_logged_again_a_minute_after_the_last_on_its_own_clock() {
        AtomicLong nanos = new AtomicLong(5);
        Throttle s = Throttle.counting(
                LoggerFactory.getLogger(ThrottleTest.class), false, "throttle-clock: %d dropped", nanos::get);
        try (LogCapture log = new LogCapture()) {
            s.count();
            s.count();
            nanos.addAndGet(59_999_999_999L);
            s.count();
            assertThat(log.linesWith("throttle-clock"))
                    .singleElement()
                    .asString()
                    .contains("throttle-clock: 1 dropped");
            nanos.addAndGet(1);
            s.count();
            assertThat(log.linesWith("throttle-clock"))
                    .hasSize(2)
                    .last()
                    .asString()
                    .contains("throttle-clock: 3 dropped");
        }
    }

    @Test
    void a_problem_is_told_once_until_cleared_or_once_a_period() {
        Throttle once = Throttle.untilCleared();
        assertThat(once.first("disk full")).isTrue();
        assertThat(once.first("disk full")).isFalse();
        assertThat(once.first("no permission")).isTrue();
        once.clear();
        assertThat(once.first("disk full")).isTrue();
        AtomicLong day = new AtomicLong(100);
        Throttle daily = Throttle.per(1, day::get);
        assertThat(daily.first("ending")).isTrue();
        assertThat(daily.first("ending")).isFalse();
        day.incrementAndGet();
        assertThat(daily.first("ending")).isTrue();
    }

    @Test
    void each_key_remembers_the_outcome_last_told() {
        Throttle outcomes = Throttle.untilCleared();
        assertThat(outcomes.told("mirror", "ok")).isNull();
        assertThat(outcomes.told("mirror", "ok")).isEqualTo("ok");
        assertThat(outcomes.told("mirror", "answered HTTP 404")).isEqualTo("ok");
        assertThat(outcomes.told("other", "ok")).isNull();
    }
}
