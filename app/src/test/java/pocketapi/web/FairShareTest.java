package pocketapi.web;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class FairShareTest {
    private static Caller client(String id) {
        return new Caller(id, id, null, true);
    }

    @Test
    void a_client_gets_an_eighth_of_the_threads_while_more_than_half_are_busy() {
        FairShare share = new FairShare(16);
        for (int i = 0; i < 6; i++) {
            assertThat(share.enter(client("other-" + i))).isTrue();
        }
        // 6 of 16 busy: not yet more than half, so nobody is held to a share.
        assertThat(share.enter(client("a"))).isTrue();
        assertThat(share.enter(client("a"))).isTrue(); // 8 busy, a has 2 = 16/8
        assertThat(share.enter(client("b"))).isTrue(); // 9 busy: more than half
        assertThat(share.enter(client("a")))
                .as("more than half busy, a over 16/8")
                .isFalse();
        assertThat(share.enter(client("c"))).as("another client still gets in").isTrue();
        share.leave(client("a"));
        assertThat(share.enter(client("a"))).as("back within its share").isTrue();
    }

    @Test
    void ids_rotated_behind_a_trusted_proxy_get_half_the_threads_at_most() {
        FairShare share = new FairShare(16);
        int in = 0;
        for (int i = 0; i < 16; i++) {
            in += share.enter(new Caller("rotated-" + i, "rotated-" + i, "127.0.0.1", true)) ? 1 : 0;
        }
        assertThat(in).isEqualTo(8);
        assertThat(share.enter(client("203.0.113.9")))
                .as("a client beside the proxy still gets in")
                .isTrue();
    }

    @Test
    void a_client_whose_requests_are_done_is_forgotten_and_gets_in_again() {
        FairShare share = new FairShare(16);
        for (int i = 0; i < 9; i++) {
            assertThat(share.enter(client("other-" + i))).isTrue();
        }
        assertThat(share.enter(client("a"))).isTrue();
        assertThat(share.enter(client("a"))).isTrue();
        assertThat(share.enter(client("a"))).isFalse();
        share.leave(client("a"));
        share.leave(client("a"));
        assertThat(share.enter(client("a"))).isTrue();
        assertThat(share.enter(client("a"))).isTrue();
    }
}
