package pocketapi.holidays.update;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.LocalDate;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import pocketapi.LogCapture;
import pocketapi.holidays.HolidayCalendar;
import pocketapi.holidays.HolidayDataException;
import pocketapi.holidays.TestYears;
import pocketapi.holidays.data.HolidayData;

/** The cache of fetched years as start-up reads it, under HOLIDAY_DATA_DIR and over the built-in years. */
class HolidayCacheTest {
    private static final LocalDate NATIONAL_DAY_2027 = LocalDate.of(2027, 10, 1);

    @TempDir
    Path cacheDir;

    @TempDir
    Path dataDir;

    private HolidayData.Loaded load(Optional<Path> dir) throws HolidayDataException {
        return HolidayData.load(dir, new HolidayCache(cacheDir, Clock.systemUTC()).load(), Clock.systemUTC());
    }

    @Test
    void a_year_written_to_the_cache_is_served_after_a_restart() throws Exception {
        new HolidayCache(cacheDir, Clock.systemUTC())
                .write(2027, TestYears.madeUp2027().getBytes(StandardCharsets.UTF_8));
        HolidayCalendar calendar = load(Optional.empty()).calendar();
        assertThat(calendar.last()).isEqualTo(LocalDate.of(2027, 12, 31));
        assertThat(calendar.classify(NATIONAL_DAY_2027).status().wire()).isEqualTo("ture");
        assertThat(calendar.years().get(2027).source())
                .isEqualTo(cacheDir.resolve("2027.json").toString());
    }

    @Test
    void holiday_data_dir_beats_the_cache() throws Exception {
        Files.writeString(cacheDir.resolve("2027.json"), TestYears.madeUp2027());
        Files.writeString(
                dataDir.resolve("2027.json"),
                TestYears.madeUp2027()
                        .replace("\"中秋节\", \"date\": \"2027-09-15\"", "\"中秋节\", \"date\": \"2027-09-16\""));
        HolidayData.Loaded loaded = load(Optional.of(dataDir));
        assertThat(loaded.pinned()).containsExactly(2027);
        assertThat(loaded.calendar().classify(LocalDate.of(2027, 9, 16)).name()).isEqualTo("中秋节");
        assertThat(loaded.calendar()
                        .classify(LocalDate.of(2027, 9, 15))
                        .status()
                        .wire())
                .isEqualTo("flase");
    }

    @Test
    void the_cache_beats_the_built_in_years() throws Exception {
        Files.writeString(
                cacheDir.resolve("2026.json"),
                TestYears.builtIn(2026)
                        .replace(
                                "{\"name\": \"国庆节\", \"date\": \"2026-10-07\", \"isOffDay\": true}",
                                "{\"name\": \"国庆节\", \"date\": \"2026-10-08\", \"isOffDay\": true}"));
        HolidayCalendar calendar = load(Optional.empty()).calendar();
        assertThat(calendar.classify(LocalDate.of(2026, 10, 8)).status().wire()).isEqualTo("ture");
        assertThat(calendar.classify(LocalDate.of(2026, 10, 7)).status().wire()).isEqualTo("flase");
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            truncated       | {"year": 2027, "days": [{"name": "元旦", "da
            not JSON        | <html>captive portal</html>
            a placeholder   | {"year": 2027, "days": []}
            half written    | {"year": 2027, "days": [{"name": "元旦", "date": "2027-01-01", "isOffDay": true}]}
            the wrong year  | {"year": 2026, "days": []}
            """)
    void an_unusable_cache_file_is_moved_aside_and_the_start_goes_on(String kind, String content) throws Exception {
        Files.writeString(cacheDir.resolve("2027.json"), content);
        try (LogCapture log = new LogCapture()) {
            HolidayCalendar calendar = load(Optional.empty()).calendar();
            assertThat(calendar.last()).isEqualTo(LocalDate.of(2026, 12, 31));
            assertThat(log.linesWith("holiday cache file " + cacheDir.resolve("2027.json") + " is not usable"))
                    .hasSize(1);
        }
        try (Stream<Path> files = Files.list(cacheDir)) {
            Path aside = files.filter(p -> p.getFileName().toString().startsWith("2027.json.corrupt-"))
                    .findFirst()
                    .orElseThrow();
            assertThat(Files.readString(aside)).isEqualTo(content);
        }
        assertThat(cacheDir.resolve("2027.json")).doesNotExist();
    }

    @Test
    void a_cached_year_that_would_leave_a_gap_is_skipped_with_a_warning() throws Exception {
        Files.writeString(cacheDir.resolve("2028.json"), TestYears.lawful(2028));
        try (LogCapture log = new LogCapture()) {
            assertThat(load(Optional.empty()).calendar().last()).isEqualTo(LocalDate.of(2026, 12, 31));
            assertThat(log.linesWith("leaves a gap after 2026")).hasSize(1);
        }
    }

    @Test
    void a_missing_cache_folder_is_no_problem() throws Exception {
        HolidayCache cache = new HolidayCache(cacheDir.resolve("not/yet"), Clock.systemUTC());
        assertThat(cache.load()).isEmpty();
        cache.write(2027, "{}".getBytes(StandardCharsets.UTF_8));
        assertThat(cacheDir.resolve("not/yet/2027.json")).hasContent("{}");
    }
}
