package pocketapi.web;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import pocketapi.Settings;
import pocketapi.config.Config;
import pocketapi.config.ConfigException;
import pocketapi.counters.CounterSettings;

class CallersTest {
    private static Callers trusting(String proxies) throws ConfigException {
        return new Callers(
                Settings.parse(Map.of("TRUSTED_PROXIES", proxies), List.of()).get(ServerSettings.TRUSTED_PROXIES),
                List.of());
    }

    @ParameterizedTest(name = "{0} trusts {1}: {2}")
    @CsvSource({
        "127.0.0.1/32, 127.0.0.1, true",
        "127.0.0.1/32, 127.0.0.2, false",
        "127.0.0.1, 127.0.0.1, true",
        "10.0.0.0/8, 10.255.3.4, true",
        "10.0.0.0/8, 11.0.0.1, false",
        "192.168.1.128/25, 192.168.1.200, true",
        "192.168.1.128/25, 192.168.1.127, false",
        "0.0.0.0/0, 203.0.113.9, true",
        "::1/128, 0:0:0:0:0:0:0:1, true",
        "::1/128, 127.0.0.1, false",
        "2001:db8::/32, 2001:db8:abcd:0:0:0:0:1, true",
        "2001:db8::/32, 2001:db9:0:0:0:0:0:1, false",
        "[2001:db8::1], 2001:db8:0:0:0:0:0:1, true",
        "127.0.0.1/32, ::ffff:127.0.0.1, true",
        "'127.0.0.1/32, ::1/128', 0:0:0:0:0:0:0:1, true",
    })
    void from_a_listed_proxy_the_forwarded_id_counts_from_anyone_else_the_peer(
            String list, String peer, boolean trusted) throws Exception {
        Caller caller = trusting(list).caller(peer, null, "198.51.100.7, 10.0.0.1");
        assertThat(caller.user())
                .isEqualTo(
                        trusted
                                ? "198.51.100.7"
                                : java.net.InetAddress.getByName(peer).getHostAddress());
        assertThat(caller.via()).isEqualTo(trusted ? peer : null);
    }

    @ParameterizedTest(name = "[{index}] \"{0}\"")
    @CsvSource({
        "localhost",
        "proxy.example.com",
        "10.0.0.0/33",
        "::1/129",
        "256.1.1.1",
        "10.0.0.0/",
        "1.2.3",
        "'127.0.0.1,'",
        "10.0.0.0/x",
        "10.0.0.1/8"
    })
    void anything_but_ip_literals_and_ranges_is_refused_without_a_dns_lookup(String value) {
        assertThatThrownBy(() -> trusting(value))
                .isInstanceOf(ConfigException.class)
                .hasMessageStartingWith("TRUSTED_PROXIES");
    }

    @Test
    void unset_the_headers_count_from_anyone_and_the_fair_share_counts_the_peer() {
        Caller caller = new Callers(List.of(), List.of()).caller("203.0.113.9", "198.51.100.1", null);
        assertThat(caller).isEqualTo(new Caller("198.51.100.1", "203.0.113.9", null, true));
    }

    @ParameterizedTest(name = "STATS_IGNORE={0}, TRUSTED_PROXIES={1}: peer {2}, X-Forwarded-For {3}: counted {4}")
    @CsvSource({
        "198.51.100.0/24, '', 203.0.113.9, 198.51.100.7, false",
        "198.51.100.0/24, '', 203.0.113.9, 198.51.100.7 , false",
        "198.51.100.0/24, '', 198.51.100.7, 203.0.113.9, true", // the id is the forwarded address, not the peer
        "127.0.0.1, '', 127.0.0.1, , false", // no header: the id is unknown, the peer counts
        "127.0.0.1, '', 127.0.0.1, unknown, false",
        "127.0.0.1, '', 127.0.0.1, localhost, true", // an id that is no address is never ignored
        "2001:db8::/32, '', 203.0.113.9, 2001:db8::5, false",
        "127.0.0.1, 127.0.0.1, 127.0.0.1, 198.51.100.7, true", // a trusted proxy's clients are counted
        "198.51.100.7, 127.0.0.1, 127.0.0.1, 198.51.100.7, false",
        "198.51.100.7, 127.0.0.1, 198.51.100.7, 203.0.113.9, false", // an untrusted peer is its own address
    })
    void stats_ignore_matches_the_callers_address_the_user_id_or_without_one_the_peer(
            String ignore, String proxies, String peer, String forwarded, boolean counted) throws Exception {
        // '' stands for TRUSTED_PROXIES left out (an empty value is refused).
        Callers door = new Callers(
                Settings.parse(proxies.isEmpty() ? Map.of() : Map.of("TRUSTED_PROXIES", proxies), List.of())
                        .get(ServerSettings.TRUSTED_PROXIES),
                Settings.parse(Map.of("STATS_IGNORE", ignore), List.of()).get(CounterSettings.STATS_IGNORE));
        assertThat(door.caller(peer, null, forwarded).counted()).isEqualTo(counted);
    }

    @Test
    void an_id_is_the_first_forwarded_entry_trimmed_read_as_utf_8_and_cut_to_128_characters() {
        assertThat(Callers.userId(null, " 198.51.100.7 , 10.0.0.1")).isEqualTo("198.51.100.7");
        assertThat(Callers.userId(" ", " ")).isEqualTo("unknown");
        assertThat(Callers.userId("é中", null)).isEqualTo("é中");
        String latin1 = new String(
                "é中".getBytes(java.nio.charset.StandardCharsets.UTF_8), java.nio.charset.StandardCharsets.ISO_8859_1);
        assertThat(Callers.userId(latin1, null))
                .as("as Jetty hands a header of UTF-8 bytes")
                .isEqualTo("é中");
        assertThat(Callers.userId("\u00ff\u00fe", null))
                .as("not UTF-8: as it came")
                .isEqualTo("\u00ff\u00fe");
        assertThat(Callers.userId("x".repeat(300), null)).hasSize(128);
    }

    @Test
    void config_reads_trusted_proxies_and_public_url() throws ConfigException {
        Config config = Settings.parse(
                Map.of("TRUSTED_PROXIES", "127.0.0.1/32,::1/128", "PUBLIC_URL", "https://api.example.com/pocketapi/"),
                List.of());
        assertThat(config.get(ServerSettings.TRUSTED_PROXIES)).containsExactly("127.0.0.1/32", "::1/128");
        assertThat(config.get(ServerSettings.PUBLIC_URL)).contains("https://api.example.com/pocketapi");
        assertThat(Settings.defaults().get(ServerSettings.TRUSTED_PROXIES)).isEmpty();
    }
}
