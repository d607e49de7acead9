package pocketapi.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import pocketapi.Settings;
import pocketapi.counters.CounterSettings;

class RedisTargetTest {

    @Test
    void the_parts_of_a_redis_url_are_read_and_the_password_never_shown() {
        RedisTarget t = RedisTarget.parse("rediss://app:p%40ss%3Aw0rd@cache.example.com:6380/2");
        assertThat(t)
                .isEqualTo(new RedisTarget(
                        "cache.example.com", 6380, Optional.of("app"), Optional.of("p@ss:w0rd"), 2, true));
        assertThat(t.toString())
                .isEqualTo("rediss://app:***@cache.example.com:6380/2")
                .doesNotContain("w0rd");
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            redis://127.0.0.1                 | 127.0.0.1 | 6379 |     |        | 0 | redis://127.0.0.1:6379/0
            redis://:secret@10.0.0.5:6379/0   | 10.0.0.5  | 6379 |     | secret | 0 | redis://:***@10.0.0.5:6379/0
            redis://secret@10.0.0.5           | 10.0.0.5  | 6379 |     | secret | 0 | redis://:***@10.0.0.5:6379/0
            redis://[::1]:7000/               | [::1]     | 7000 |     |        | 0 | redis://[::1]:7000/0
            """)
    void common_forms(String url, String host, int port, String user, String password, int db, String shown) {
        RedisTarget t = RedisTarget.parse(url);
        assertThat(t.host()).isEqualTo(host);
        assertThat(t.port()).isEqualTo(port);
        assertThat(t.user()).isEqualTo(Optional.ofNullable(user));
        assertThat(t.password()).isEqualTo(Optional.ofNullable(password));
        assertThat(t.database()).isEqualTo(db);
        assertThat(t.toString()).isEqualTo(shown);
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            http://127.0.0.1:6379       | the scheme must be redis:// or rediss://
            redis://:pw@/0              | a host is missing
            redis://127.0.0.1/db1       | the path must be a database number such as /0
            redis://127.0.0.1?x=1       | no query or fragment is accepted
            """)
    void a_bad_url_stops_startup_without_repeating_it(String url, String why) {
        assertThatThrownBy(() -> Settings.parse(Map.of("STATS_REDIS_URL", url), List.of()))
                .isInstanceOf(ConfigException.class)
                .hasMessage("STATS_REDIS_URL (--stats-redis-url): is not accepted (" + why + "); expected "
                        + "redis://[user:password@]host[:port][/db] or rediss:// for TLS");
    }

    @Test
    void config_reads_redis_settings() throws ConfigException {
        Config config = Settings.parse(
                Map.of("STATS_REDIS_URL", "redis://127.0.0.1:6379/1", "STATS_REDIS_PREFIX", "site-a:"), List.of());
        assertThat(config.get(CounterSettings.STATS_REDIS_URL)).contains(RedisTarget.parse("redis://127.0.0.1:6379/1"));
        assertThat(config.get(CounterSettings.STATS_REDIS_PREFIX)).isEqualTo("site-a:");
        assertThat(Settings.defaults().get(CounterSettings.STATS_REDIS_URL)).isEmpty();
        assertThat(Settings.defaults().get(CounterSettings.STATS_REDIS_PREFIX)).isEqualTo("pocketapi:");
        assertThatThrownBy(() -> Settings.parse(Map.of("STATS_REDIS_PREFIX", "a b"), List.of()))
                .hasMessageStartingWith("STATS_REDIS_PREFIX (--stats-redis-prefix): \"a b\" is not accepted");
    }
}
