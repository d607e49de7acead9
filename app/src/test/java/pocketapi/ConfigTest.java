package pocketapi;

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

class ConfigTest {
    @TempDir
    Path dir;

    @Test
    void with_nothing_set_the_defaults_apply() throws ConfigException {
        Config config = Config.parse(Map.of(), List.of());
        assertThat(config.port()).isEqualTo(8080);
        assertThat(config.host()).isEqualTo("0.0.0.0");
        assertThat(config.holidayDataDir()).isEmpty();
        assertThat(Config.defaults()).isEqualTo(config);
    }

    @Test
    void environment_variables_are_read() throws ConfigException {
        Config config = Config.parse(Map.of("PORT", "9000", "HOST", "127.0.0.1",
                "HOLIDAY_DATA_DIR", dir.toString()), List.of());
        assertThat(config.port()).isEqualTo(9000);
        assertThat(config.host()).isEqualTo("127.0.0.1");
        assertThat(config.holidayDataDir()).isEqualTo(Optional.of(dir));
    }

    @Test
    void a_flag_wins_over_its_variable_in_both_spellings() throws ConfigException {
        Config config = Config.parse(Map.of("PORT", "9000", "HOST", "127.0.0.1"),
                List.of("--port", "9001", "--host=::1", "--holiday-data-dir=" + dir));
        assertThat(config.port()).isEqualTo(9001);
        assertThat(config.host()).isEqualTo("::1");
        assertThat(config.holidayDataDir()).contains(dir);
    }

    @ParameterizedTest(name = "{0}={1}")
    @CsvSource({
            "PORT, abc, 'PORT (--port): \"abc\" is not accepted; expected a whole number from 0 to 65535'",
            "PORT, 65536, 'PORT (--port): \"65536\" is not accepted'",
            "PORT, -1, 'PORT (--port): \"-1\" is not accepted'",
            "PORT, '', 'PORT (--port): \"\" is not accepted'",
            "HOST, 'a b', 'HOST (--host): \"a b\" is not accepted; expected an IP address or host name'",
            "HOLIDAY_DATA_DIR, /nonexistent/folder, 'HOLIDAY_DATA_DIR (--holiday-data-dir): \"/nonexistent/folder\" is not accepted; expected a readable folder'",
    })
    void a_bad_value_is_refused_naming_the_setting_and_what_is_accepted(String name, String value, String message) {
        assertThatThrownBy(() -> Config.parse(Map.of(name, value), List.of()))
                .isInstanceOf(ConfigException.class)
                .hasMessageStartingWith(message);
    }

    @Test
    void an_unknown_flag_is_refused() {
        assertThatThrownBy(() -> Config.parse(Map.of(), List.of("--prot", "1")))
                .isInstanceOf(ConfigException.class)
                .hasMessage("--prot: unknown option; --help lists the settings");
    }

    @Test
    void a_flag_without_a_value_is_refused() {
        assertThatThrownBy(() -> Config.parse(Map.of(), List.of("--port")))
                .isInstanceOf(ConfigException.class)
                .hasMessageStartingWith("--port: a value is missing");
    }

    @Test
    void help_lists_every_setting_with_its_flag_and_default() {
        String help = Help.text();
        for (Setting s : Setting.values()) {
            assertThat(help).contains(s.name()).contains(s.flag()).contains(s.help());
        }
        assertThat(help).contains("default 8080");
    }
}
