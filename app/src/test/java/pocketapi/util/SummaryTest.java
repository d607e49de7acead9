package pocketapi.util;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;

import pocketapi.LogCapture;

class SummaryTest {
    @Test
    void the_first_occurrence_is_logged_at_once_and_what_follows_within_the_minute_at_the_stop() {
        Summary s = new Summary(LoggerFactory.getLogger(SummaryTest.class), true, "summary-test: %d refused");
        try (LogCapture log = new LogCapture()) {
            s.count();
            s.count();
            s.count();
            assertThat(log.linesWith("summary-test")).hasSize(1).allMatch(l -> l.contains("summary-test: 1 refused"));
            Summary.flushAll(false);
            assertThat(log.linesWith("summary-test")).as("within the minute, not yet").hasSize(1);
            Summary.flushAll(true);
            assertThat(log.linesWith("summary-test")).hasSize(2).last().asString().contains("summary-test: 2 refused");
            Summary.flushAll(true);
            assertThat(log.linesWith("summary-test")).as("nothing new, nothing logged").hasSize(2);
        }
    }
}
