package pocketapi;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.InetAddress;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import pocketapi.config.Config;
import pocketapi.config.ConfigException;
import pocketapi.http.TrustedProxies;

class TrustedProxiesTest {

    @ParameterizedTest(name = "{0} contains {1}: {2}")
    @CsvSource({
            "127.0.0.1/32, 127.0.0.1, true",
            "127.0.0.1/32, 127.0.0.2, false",
            "127.0.0.1, 127.0.0.1, true",
            "10.0.0.0/8, 10.255.3.4, true",
            "10.0.0.0/8, 11.0.0.1, false",
            "192.168.1.128/25, 192.168.1.200, true",
            "192.168.1.128/25, 192.168.1.127, false",
            "0.0.0.0/0, 203.0.113.9, true",
            "::1/128, ::1, true",
            "::1/128, 127.0.0.1, false",
            "2001:db8::/32, 2001:db8:abcd::1, true",
            "2001:db8::/32, 2001:db9::1, false",
            "[2001:db8::1], 2001:db8::1, true",
            "127.0.0.1/32, ::ffff:127.0.0.1, true",
            "'127.0.0.1/32, ::1/128', ::1, true",
    })
    void addresses_and_cidr_ranges_match_the_peer(String list, String peer, boolean expected) throws Exception {
        assertThat(TrustedProxies.parse(list).contains(InetAddress.getByName(peer))).isEqualTo(expected);
    }

    @ParameterizedTest(name = "[{index}] \"{0}\"")
    @CsvSource({"localhost", "proxy.example.com", "10.0.0.0/33", "::1/129", "256.1.1.1", "10.0.0.0/", "1.2.3", "''",
        "'127.0.0.1,'", "10.0.0.0/x"})
    void anything_but_ip_literals_and_ranges_is_refused_without_a_dns_lookup(String value) {
        assertThatThrownBy(() -> TrustedProxies.parse(value)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void unset_lists_no_proxy() {
        assertThat(TrustedProxies.unset().isSet()).isFalse();
        assertThat(TrustedProxies.parse("::1").isSet()).isTrue();
    }

    @Test
    void config_reads_trusted_proxies_and_public_url() throws ConfigException {
        Config config = Config.parse(Map.of("TRUSTED_PROXIES", "127.0.0.1/32,::1/128",
                "PUBLIC_URL", "https://api.example.com/pocketapi/"), List.of());
        assertThat(config.trustedProxies()).isEqualTo(TrustedProxies.parse("127.0.0.1/32,::1/128"));
        assertThat(config.publicUrl()).contains("https://api.example.com/pocketapi");
        assertThat(Config.defaults().trustedProxies().isSet()).isFalse();
        assertThat(Config.defaults().publicUrl()).isEmpty();
    }

    @Test
    void a_bad_trusted_proxy_or_public_url_stops_startup_naming_the_setting() {
        assertThatThrownBy(() -> Config.parse(Map.of("TRUSTED_PROXIES", "localhost"), List.of()))
                .hasMessage("TRUSTED_PROXIES (--trusted-proxies): \"localhost\" is not accepted; expected comma-separated "
                        + "IP addresses and CIDR ranges such as 127.0.0.1/32,::1/128 (\"localhost\" is not an IP address "
                        + "or CIDR range)");
        assertThatThrownBy(() -> Config.parse(Map.of("PUBLIC_URL", "api.example.com"), List.of()))
                .hasMessageStartingWith("PUBLIC_URL (--public-url): \"api.example.com\" is not accepted; expected an "
                        + "absolute http:// or https:// URL");
    }
}
