package pocketapi;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
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
}
