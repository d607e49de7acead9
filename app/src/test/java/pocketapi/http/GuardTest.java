package pocketapi.http;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class GuardTest {
    @Test
    void a_client_gets_an_eighth_of_the_threads_while_more_than_half_are_busy() {
        Guard share = new Guard(TrustedProxies.unset(), 16);
        for (int i = 0; i < 6; i++) {
            assertThat(share.enter("other-" + i)).isTrue();
        }
        // 6 of 16 busy: not yet more than half, so nobody is held to a share.
        assertThat(share.enter("a")).isTrue();
        assertThat(share.enter("a")).isTrue();  // 8 busy, a has 2 = 16/8
        assertThat(share.enter("b")).isTrue();  // 9 busy: more than half
        assertThat(share.enter("a")).as("more than half busy, a over 16/8").isFalse();
        assertThat(share.enter("c")).as("another client still gets in").isTrue();
        assertThat(share.underWay("a")).containsExactly(10, 2);
        share.leave("a");
        assertThat(share.enter("a")).as("back within its share").isTrue();
    }

    @Test
    void a_client_whose_requests_are_done_is_forgotten() {
        Guard share = new Guard(TrustedProxies.unset(), 200);
        assertThat(share.enter("a")).isTrue();
        share.leave("a");
        assertThat(share.underWay("a")).containsExactly(0, 0);
    }
}
