package pocketapi.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import pocketapi.Settings;
import pocketapi.counters.CounterSettings;
import pocketapi.holidays.HolidaySettings;
import pocketapi.pictures.PictureSettings;
import pocketapi.web.ServerSettings;

class ConfigTest {
    @TempDir
    Path dir;

    @Test
    void with_nothing_set_the_defaults_apply() throws ConfigException {
        Config config = Settings.parse(Map.of(), List.of());
        assertThat(config.get(ServerSettings.PORT)).isEqualTo(8080);
        assertThat(config.get(ServerSettings.HOST)).isEqualTo("0.0.0.0");
        assertThat(config.get(HolidaySettings.HOLIDAY_DATA_DIR)).isEmpty();
        assertThat(config.get(PictureSettings.IMAGE_HOST)).isEmpty();
        assertThat(config.get(CounterSettings.STATS_FILE)).isEqualTo(Path.of("data/stats.json"));
        assertThat(config.get(CounterSettings.STATS_FLUSH_SECONDS)).isEqualTo(java.time.Duration.ofSeconds(10));
        assertThat(config.get(CounterSettings.STATS_MAX_USERS)).isEqualTo(100_000);
        assertThat(config.get(HolidaySettings.HOLIDAY_CONFIRM_URL))
                .extracting(java.net.URI::toString)
                .containsExactly(
                        "https://cdn.jsdelivr.net/npm/chinese-days/dist/years",
                        "https://unpkg.com/chinese-days/dist/years");
        assertThat(config.get(HolidaySettings.HOLIDAY_CONFIRM_WAIT_SECONDS)).isEqualTo(java.time.Duration.ofDays(7));
        assertThat(Settings.parse(Map.of("HOLIDAY_CONFIRM_URL", "off", "HOLIDAY_CONFIRM_WAIT_SECONDS", "0"), List.of()))
                .satisfies(c ->
                        assertThat(c.get(HolidaySettings.HOLIDAY_CONFIRM_URL)).isEmpty())
                .satisfies(c -> assertThat(c.get(HolidaySettings.HOLIDAY_CONFIRM_WAIT_SECONDS))
                        .isZero());
        assertThat(Settings.defaults()).isEqualTo(config);
    }

    @Test
    void environment_variables_are_read() throws ConfigException {
        Config config = Settings.parse(
                Map.of("PORT", "9000", "HOST", "127.0.0.1", "HOLIDAY_DATA_DIR", dir.toString()), List.of());
        assertThat(config.get(ServerSettings.PORT)).isEqualTo(9000);
        assertThat(config.get(ServerSettings.HOST)).isEqualTo("127.0.0.1");
        assertThat(config.get(HolidaySettings.HOLIDAY_DATA_DIR)).isEqualTo(Optional.of(dir));
    }

    @Test
    void a_flag_wins_over_its_variable_in_both_spellings() throws ConfigException {
        Config config = Settings.parse(
                Map.of("PORT", "9000", "HOST", "127.0.0.1"),
                List.of("--port", "9001", "--host=::1", "--holiday-data-dir=" + dir));
        assertThat(config.get(ServerSettings.PORT)).isEqualTo(9001);
        assertThat(config.get(ServerSettings.HOST)).isEqualTo("::1");
        assertThat(config.get(HolidaySettings.HOLIDAY_DATA_DIR)).contains(dir);
    }

    @ParameterizedTest(name = "{0}={1}")
    @CsvSource({
        "PORT, abc, 'PORT (--port): \"abc\" is not accepted; expected a whole number from 0 to 65535'",
        "PORT, 65536, 'PORT (--port): \"65536\" is not accepted'",
        "PORT, -1, 'PORT (--port): \"-1\" is not accepted'",
        "PORT, '', 'PORT (--port): \"\" is not accepted'",
        "HOST, 'a b', 'HOST (--host): \"a b\" is not accepted; expected an IP address or host name'",
        "HOLIDAY_DATA_DIR, /nonexistent/folder, 'HOLIDAY_DATA_DIR (--holiday-data-dir): "
                + "\"/nonexistent/folder\" is not accepted; expected a readable folder'",
        "STATS_FLUSH_SECONDS, 0, 'STATS_FLUSH_SECONDS (--stats-flush-seconds): \"0\" is not accepted; "
                + "expected a whole number from 1 to 86400'",
        "HOLIDAY_CONFIRM_WAIT_SECONDS, -1, 'HOLIDAY_CONFIRM_WAIT_SECONDS (--holiday-confirm-wait-seconds): "
                + "\"-1\" is not accepted; expected a whole number from 0 to 31536000'",
        "HOLIDAY_CONFIRM_WAIT_SECONDS, 31536001, 'HOLIDAY_CONFIRM_WAIT_SECONDS "
                + "(--holiday-confirm-wait-seconds): \"31536001\" is not accepted'",
        "HOLIDAY_CONFIRM_URL, ftp://x/y, 'HOLIDAY_CONFIRM_URL (--holiday-confirm-url): \"ftp://x/y\" is not "
                + "accepted; expected off, or comma-separated absolute http:// or https:// URLs without "
                + "query or fragment, e.g. https://mirror.example.com/chinese-days/dist/years'",
        "STATS_FLUSH_SECONDS, 1.5, 'STATS_FLUSH_SECONDS (--stats-flush-seconds): \"1.5\" is not accepted'",
        "STATS_MAX_USERS, 0, 'STATS_MAX_USERS (--stats-max-users): \"0\" is not accepted; expected a whole "
                + "number from 1 to 5000000'",
        "STATS_MAX_USERS, 99999999999, 'STATS_MAX_USERS (--stats-max-users): \"99999999999\" is not accepted'",
        "STATS_FILE, '', 'STATS_FILE (--stats-file): \"\" is not accepted; expected the path of a file'",
        "STATS_FILE, /tmp, 'STATS_FILE (--stats-file): \"/tmp\" is not accepted; expected the path of a file'",
    })
    void a_bad_value_is_refused_naming_the_setting_and_what_is_accepted(String name, String value, String message) {
        assertThatThrownBy(() -> Settings.parse(Map.of(name, value), List.of()))
                .isInstanceOf(ConfigException.class)
                .hasMessageStartingWith(message);
    }

    @ParameterizedTest(name = "IMAGE_HOST={0}")
    @CsvSource({
        "ftp://img.example.com", "img.example.com", "/d/image", "https://img.example.com/?a=1",
        "https://img.example.com/#top", "https://", "http://exa mple.com", "https://img.example.com:99999",
        "https://img.example.com:0",
    })
    void image_host_must_be_an_absolute_http_url_without_query_or_fragment(String value) {
        assertThatThrownBy(() -> Settings.parse(Map.of("IMAGE_HOST", value), List.of()))
                .isInstanceOf(ConfigException.class)
                .hasMessage("IMAGE_HOST (--image-host): \"" + value + "\" is not accepted; expected an absolute "
                        + "http:// or https:// URL without query or fragment, e.g. https://img.example.com");
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource({"IMAGE_HOST", "PUBLIC_URL", "HOLIDAY_UPDATE_URL"})
    void a_refused_url_is_never_echoed_with_its_credentials(String setting) {
        assertThatThrownBy(() -> Settings.parse(Map.of(setting, "https://user:secret@img.example.com/x"), List.of()))
                .isInstanceOf(ConfigException.class)
                .hasMessageStartingWith(setting + " (")
                .hasMessageContaining("\"https://…@img.example.com/x\"")
                .message()
                .doesNotContain("secret")
                .doesNotContain("user");
    }

    @Test
    void every_bad_setting_is_reported_together_one_line_each() {
        assertThatThrownBy(() -> Settings.parse(
                        Map.of("PORT", "x", "STATS_MAX_USERS", "0", "ACCESS_LOG", "yes"), List.of("--prot=1")))
                .isInstanceOf(ConfigException.class)
                .satisfies(e -> assertThat(e.getMessage().lines())
                        .containsExactly(
                                "--prot: unknown option; --help lists the settings",
                                "PORT (--port): \"x\" is not accepted; expected a whole number from 0 to 65535",
                                "ACCESS_LOG (--access-log): \"yes\" is not accepted; expected true or false",
                                "STATS_MAX_USERS (--stats-max-users): \"0\" is not accepted; "
                                        + "expected a whole number from 1 to 5000000"));
    }

    @ParameterizedTest(name = "IMAGE_HOST={0}")
    @CsvSource({
        "https://img.example.com/, https://img.example.com",
        "http://pan.example.org:5244, http://pan.example.org:5244",
        "https://example.org/share//, https://example.org/share",
    })
    void image_host_loses_its_trailing_slash(String value, String expected) throws ConfigException {
        Config config = Settings.parse(
                Map.of("IMAGE_HOST", value, "IMAGE_POOL_PORTRAIT", "p.txt", "IMAGE_POOL_LANDSCAPE", "l.txt"),
                List.of());
        assertThat(config.get(PictureSettings.IMAGE_HOST)).contains(expected);
        assertThat(config.get(PictureSettings.IMAGE_POOL_PORTRAIT)).contains(Path.of("p.txt"));
        assertThat(config.get(PictureSettings.IMAGE_POOL_LANDSCAPE)).contains(Path.of("l.txt"));
    }

    @ParameterizedTest(name = "IMAGE_HOST={0}")
    @CsvSource({"https://pan.example.com/d/image", "https://pan.example.com/d/image/"})
    void an_image_host_ending_in_d_image_is_refused_saying_what_to_give(String value) {
        assertThatThrownBy(() -> Settings.parse(Map.of("IMAGE_HOST", value), List.of()))
                .isInstanceOf(ConfigException.class)
                .hasMessageStartingWith(
                        "IMAGE_HOST (--image-host): \"" + value + "\" is not accepted; expected the host's base URL "
                                + "without /d/image (links are IMAGE_HOST/d/image/<entry>), e.g. "
                                + "https://pan.example.com");
    }

    @Test
    void an_image_host_needs_both_pool_files() {
        assertThatThrownBy(() -> Settings.parse(
                        Map.of("IMAGE_HOST", "https://img.example.com", "IMAGE_POOL_LANDSCAPE", "l.txt"), List.of()))
                .hasMessage("IMAGE_POOL_PORTRAIT (--image-pool-portrait): is required when IMAGE_HOST is set; "
                        + "expected the path of a pool file");
    }

    @Test
    void pool_files_need_an_image_host() {
        assertThatThrownBy(() -> Settings.parse(Map.of("IMAGE_POOL_PORTRAIT", "p.txt"), List.of()))
                .hasMessageStartingWith("IMAGE_POOL_PORTRAIT (--image-pool-portrait): is set but IMAGE_HOST is not");
    }

    @Test
    void stats_settings_are_read() throws ConfigException {
        Config config = Settings.parse(
                Map.of("STATS_FILE", "/var/lib/pocketapi/stats.json"),
                List.of("--stats-flush-seconds", "2", "--stats-max-users=50"));
        assertThat(config.get(CounterSettings.STATS_FILE)).isEqualTo(Path.of("/var/lib/pocketapi/stats.json"));
        assertThat(config.get(CounterSettings.STATS_FLUSH_SECONDS)).isEqualTo(java.time.Duration.ofSeconds(2));
        assertThat(config.get(CounterSettings.STATS_MAX_USERS)).isEqualTo(50);
    }

    @Test
    void holiday_updates_default_to_holiday_cn_on_github_then_jsdelivr_every_6_hours() throws ConfigException {
        Config config = Settings.defaults();
        assertThat(config.get(HolidaySettings.HOLIDAY_UPDATE_URL))
                .extracting(java.net.URI::getHost)
                .containsExactly("raw.githubusercontent.com", "cdn.jsdelivr.net");
        assertThat(config.get(HolidaySettings.HOLIDAY_UPDATE_SECONDS)).isEqualTo(java.time.Duration.ofHours(6));
        assertThat(config.get(HolidaySettings.HOLIDAY_CACHE_DIR)).isEqualTo(Path.of("data/holidays"));
    }

    @Test
    void holiday_update_settings_are_read() throws ConfigException {
        Config config = Settings.parse(
                Map.of("HOLIDAY_UPDATE_URL", " http://127.0.0.1:9/holiday-cn/ ,https://m.example.org"),
                List.of("--holiday-update-seconds", "10", "--holiday-cache-dir=" + dir.resolve("cache")));
        assertThat(config.get(HolidaySettings.HOLIDAY_UPDATE_URL))
                .containsExactly(
                        java.net.URI.create("http://127.0.0.1:9/holiday-cn"),
                        java.net.URI.create("https://m.example.org"));
        assertThat(config.get(HolidaySettings.HOLIDAY_UPDATE_SECONDS)).isEqualTo(java.time.Duration.ofSeconds(10));
        assertThat(config.get(HolidaySettings.HOLIDAY_CACHE_DIR)).isEqualTo(dir.resolve("cache"));
    }

    @ParameterizedTest(name = "HOLIDAY_UPDATE_URL={0}")
    @CsvSource({"off", "OFF", "' off '"})
    void off_turns_holiday_updates_off(String value) throws ConfigException {
        assertThat(Settings.parse(Map.of("HOLIDAY_UPDATE_URL", value), List.of())
                        .get(HolidaySettings.HOLIDAY_UPDATE_URL))
                .isEmpty();
    }

    @ParameterizedTest(name = "HOLIDAY_UPDATE_URL={0}")
    @CsvSource({"''", "ftp://a.example", "https://a.example/?x=1", "no", "'https://a.example, off'"})
    void a_bad_update_url_is_refused(String value) {
        assertThatThrownBy(() -> Settings.parse(Map.of("HOLIDAY_UPDATE_URL", value), List.of()))
                .isInstanceOf(ConfigException.class)
                .hasMessage(
                        "HOLIDAY_UPDATE_URL (--holiday-update-url): \"" + value + "\" is not accepted; expected off, "
                                + "or comma-separated absolute http:// or https:// URLs without query or fragment, "
                                + "e.g. https://mirror.example.com/holiday-cn");
    }

    @Test
    void an_empty_or_blank_value_of_any_setting_is_refused_with_one_line_and_leaving_it_out_keeps_its_default()
            throws ConfigException {
        for (Setting<?> s : Settings.all()) {
            for (String value : List.of("", "   ")) {
                String at = s.name() + " (" + s.flag() + "): \"" + value + "\" is not accepted; expected ";
                assertThat(refusal(Map.of(s.name(), value), List.of())).startsWith(at);
                assertThat(refusal(Map.of(), List.of(s.flag() + "=" + value))).startsWith(at);
            }
        }
        // Left out, a setting without a default stays unset: no token, any referer, no proxy trusted.
        Config unset = Settings.parse(Map.of(), List.of());
        assertThat(unset.get(pocketapi.metrics.MetricsSettings.METRICS_TOKEN)).isEmpty();
        assertThat(unset.get(PictureSettings.IMAGE_REFERERS)).isEmpty();
        assertThat(unset.get(ServerSettings.TRUSTED_PROXIES)).isEmpty();
    }

    @Test
    void a_setting_without_a_default_given_empty_says_how_to_leave_it_unset() {
        assertThatThrownBy(() -> Settings.parse(Map.of("METRICS_TOKEN", ""), List.of()))
                .hasMessage("METRICS_TOKEN (--metrics-token): \"\" is not accepted; expected a value, or "
                        + "METRICS_TOKEN left out to leave it unset");
    }

    @Test
    void a_refused_value_is_quoted_on_one_line_whatever_characters_it_holds() {
        assertThatThrownBy(() -> Settings.parse(Map.of("PORT", "80\n80"), List.of()))
                .hasMessage("PORT (--port): \"80?80\" is not accepted; expected a whole number from 0 to 65535");
    }

    /** One good entry of each list setting: every setting whose help says "comma-separated" is here. */
    private static final Map<String, String> ENTRY = Map.ofEntries(
            Map.entry("SERVE", "holidays"),
            Map.entry("HOLIDAY_UPDATE_URL", "https://a.example.com"),
            Map.entry("HOLIDAY_CONFIRM_URL", "https://a.example.com"),
            Map.entry("HK_UPDATE_URL", "https://a.example.com/tc.json"),
            Map.entry("TW_UPDATE_URL", "https://a.example.com"),
            Map.entry("TW_CONFIRM_URL", "https://a.example.com"),
            Map.entry("MO_UPDATE_URL", "https://a.example.com/h.ics"),
            Map.entry("TRUSTED_PROXIES", "127.0.0.1/32"),
            Map.entry("STATS_IGNORE", "::1"),
            Map.entry("IMAGE_REFERERS", "*.example.com"),
            Map.entry("NOTIFY_URLS", "ntfy+https://ntfy.example.com/topic"));

    @Test
    void a_list_setting_with_an_empty_entry_is_refused_with_one_line_naming_it() throws ConfigException {
        assertThat(Settings.all().stream()
                        .filter(s -> s.help().contains("comma-separated"))
                        .map(Setting::name))
                .containsExactlyInAnyOrderElementsOf(ENTRY.keySet());
        for (var list : ENTRY.entrySet()) {
            String name = list.getKey();
            String a = list.getValue();
            // The entry twice is a good value, read (so each refusal below is the empty entry's).
            Setting<?> setting = setting(name);
            assertThat((Object) Settings.parse(Map.of(name, " " + a + " , " + a + " "), List.of())
                            .get(setting))
                    .isNotEqualTo(Settings.defaults().get(setting));
            for (String value : List.of(",", " , ", a + ",," + a, a + ",", a + ", ", "," + a, a + ", ," + a)) {
                assertThat(refusal(Map.of(name, value), List.of()))
                        .startsWith(name + " (")
                        .contains("is empty");
            }
        }
    }

    /** The one line {@link Settings#parse} refuses {@code env} and {@code args} with. */
    private static String refusal(Map<String, String> env, List<String> args) {
        Throwable refused = org.assertj.core.api.Assertions.catchThrowable(() -> Settings.parse(env, args));
        assertThat(refused).as(env + " " + args).isInstanceOf(ConfigException.class);
        assertThat(refused.getMessage().lines()).as(env + " " + args).hasSize(1);
        return refused.getMessage();
    }

    private static Setting<?> setting(String name) {
        return Settings.all().stream()
                .filter(s -> s.name().equals(name))
                .findFirst()
                .orElseThrow();
    }

    @ParameterizedTest(name = "HOLIDAY_UPDATE_SECONDS={0}")
    @CsvSource({"9", "2592001", "6h"})
    void the_update_interval_is_10_seconds_to_30_days(String value) {
        assertThatThrownBy(() -> Settings.parse(Map.of("HOLIDAY_UPDATE_SECONDS", value), List.of()))
                .hasMessage("HOLIDAY_UPDATE_SECONDS (--holiday-update-seconds): \"" + value + "\" is not accepted; "
                        + "expected a whole number from 10 to 2592000");
    }

    @Test
    void the_cache_folder_cannot_be_a_file() throws Exception {
        Path file = java.nio.file.Files.writeString(dir.resolve("f"), "x");
        assertThatThrownBy(() -> Settings.parse(Map.of("HOLIDAY_CACHE_DIR", file.toString()), List.of()))
                .hasMessageStartingWith("HOLIDAY_CACHE_DIR (--holiday-cache-dir): \"" + file + "\" is not accepted");
    }

    @Test
    void an_unknown_flag_is_refused() {
        assertThatThrownBy(() -> Settings.parse(Map.of(), List.of("--prot", "1")))
                .isInstanceOf(ConfigException.class)
                .hasMessage("--prot: unknown option; --help lists the settings");
    }

    @Test
    void a_flag_without_a_value_is_refused() {
        assertThatThrownBy(() -> Settings.parse(Map.of(), List.of("--port")))
                .isInstanceOf(ConfigException.class)
                .hasMessageStartingWith("--port: a value is missing");
    }

    @Test
    void help_columns_line_up_whatever_the_longest_flag() {
        java.util.Set<Integer> defaultColumns = new java.util.HashSet<>();
        for (String line : Help.text(Settings.all()).lines().toList()) {
            if (line.startsWith("  ") && !line.startsWith("   ")) {
                defaultColumns.add(line.indexOf(" default "));
            }
        }
        assertThat(defaultColumns)
                .hasSize(1)
                .allSatisfy(column -> assertThat(column).isPositive());
    }

    @Test
    void help_lists_every_setting_with_its_flag_and_default() {
        String help = Help.text(Settings.all());
        for (Setting<?> s : Settings.all()) {
            assertThat(help).contains(s.name()).contains(s.flag()).contains(s.help());
        }
        assertThat(help).contains("default 8080");
    }
}
