package pocketapi;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvFileSource;

/**
 * Main's start-up, in this JVM: a bad value of any setting stops it before anything is started, with one line saying
 * which setting, what was given and what is accepted. CommandLineIT checks that the jar then exits with code 2.
 */
class StartupTest {
    @TempDir
    Path dir;

    @ParameterizedTest(name = "{0}={1}")
    @CsvFileSource(resources = "/cases/StartupTest.csv", delimiter = '|', quoteCharacter = '\'')
    void a_bad_value_of_any_setting_stops_the_start_with_one_line(String setting, String value, String message) {
        Map<String, String> env = new HashMap<>(Map.of(
                "PORT", "0",
                "HOST", "127.0.0.1",
                "STATS_FILE", dir.resolve("stats.json").toString(),
                "HOLIDAY_CACHE_DIR", dir.resolve("holidays").toString(),
                "HOLIDAY_UPDATE_URL", "off",
                "HOLIDAY_CONFIRM_URL", "off",
                "HK_UPDATE_URL", "off",
                "MO_UPDATE_URL", "off",
                "TW_UPDATE_URL", "off"));
        if (setting.equals("HOLIDAY_CACHE_DIR")) {
            env.put("HOLIDAY_UPDATE_URL", "http://127.0.0.1:9"); // the cache is tried while updates are on
        }
        env.put(setting, value);
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        Main.Started started = Main.start(env, List.of(), new PrintStream(err, true, StandardCharsets.UTF_8));
        if (started != null) {
            started.app().stop();
        }
        assertThat(started).as("not started").isNull();
        assertThat(err.toString(StandardCharsets.UTF_8).lines())
                .singleElement()
                .asString()
                .startsWith("ERROR pocketapi: " + message);
    }

    @Test
    void updates_off_turns_every_fetch_off_whatever_the_urls_say_and_the_start_line_says_so() throws Exception {
        Map<String, String> env = Map.of(
                "PORT", "0",
                "HOST", "127.0.0.1",
                "STATS_FILE", dir.resolve("stats.json").toString(),
                "HOLIDAY_CACHE_DIR", dir.resolve("holidays").toString(),
                "HK_UPDATE_URL", "http://127.0.0.1:9/hk",
                "UPDATES", "off");
        var config = Settings.parse(env, List.of("--tw-update-url", "http://127.0.0.1:9/tw"));
        for (var fetched : Offline.FETCHED) {
            assertThat(config.get(fetched)).as(fetched.name()).isEmpty();
        }
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        Main.Started started = Main.start(env, List.of(), new PrintStream(err, true, StandardCharsets.UTF_8));
        try {
            assertThat(started).as(err.toString(StandardCharsets.UTF_8)).isNotNull();
            assertThat(started.served().describe())
                    .contains("holidays 2020-01-01 to ")
                    .contains("(automatic updates off (UPDATES=off))");
        } finally {
            if (started != null) {
                started.app().stop();
            }
        }
        assertThat(Settings.parse(Map.of("HK_UPDATE_URL", "http://127.0.0.1:9/hk"), List.of())
                        .get(pocketapi.regions.HongKong.UPDATE_URL))
                .as("on, the default: the URLs as given")
                .hasSize(1);
    }
}
