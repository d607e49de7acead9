package pocketapi.holidays.update;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import pocketapi.Mirror;

/** A fetch has a deadline of its own, and a round of fetches one for all of them: a mirror that drips holds neither. */
class HolidayFetcherTest {
    private static String reason(HolidayFetcher.Result result) {
        return ((HolidayFetcher.Failure) result).reason();
    }

    @Test
    void a_mirror_that_sends_a_byte_a_second_holds_neither_a_fetch_nor_the_round_past_its_limit() throws Exception {
        try (Mirror mirror = new Mirror().drip()) {
            // A fetch's own 2 s end the first; the second, asked at 2 s, is ended by the round's 3 s first.
            HolidayFetcher fetcher = new HolidayFetcher(
                    Duration.ofSeconds(1), Duration.ofSeconds(2), Duration.ofSeconds(3), "pocketapi-test");
            long roundEnd = fetcher.roundEnd();
            URI base = mirror.base();
            assertThat(reason(fetcher.fetch(base.resolve("/2026.json"), roundEnd)))
                    .isEqualTo("no complete answer within 2 s");
            assertThat(reason(fetcher.fetch(base.resolve("/2027.json"), roundEnd)))
                    .isEqualTo("no complete answer before the round's 3 s were over");
            assertThat(reason(fetcher.fetch(base.resolve("/2028.json"), roundEnd)))
                    .isEqualTo("not asked: the round's 3 s were over");
            assertThat(mirror.requests()).containsExactly("/2026.json", "/2027.json");
        }
    }
}
