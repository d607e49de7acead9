package pocketapi.holidays.update;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.LocalDate;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvFileSource;
import pocketapi.LogCapture;
import pocketapi.holidays.HolidayCalendar;
import pocketapi.holidays.HolidayDataException;
import pocketapi.holidays.TestYears;
import pocketapi.holidays.data.HolidayData;

class HolidayDataTest {
    static final String YEAR_2027 = TestYears.madeUp2027();

    @TempDir
    Path dir;

    private HolidayCalendar load() throws HolidayDataException {
        return HolidayData.load(Optional.of(dir), Clock.systemUTC());
    }

    private void write(String name, String json) throws IOException {
        Files.writeString(dir.resolve(name), json, StandardCharsets.UTF_8);
    }

    @Test
    void a_2027_file_extends_the_range_to_the_end_of_2027() throws Exception {
        write("2027.json", YEAR_2027);
        HolidayCalendar calendar = load();
        assertThat(calendar.first()).isEqualTo(LocalDate.of(2020, 1, 1));
        assertThat(calendar.last()).isEqualTo(LocalDate.of(2027, 12, 31));
        assertThat(calendar.classify(LocalDate.of(2027, 2, 6)).status().wire()).isEqualTo("ture");
        assertThat(calendar.classify(LocalDate.of(2027, 2, 20)).name()).isEqualTo("春节调休");
        assertThat(calendar.classify(LocalDate.of(2027, 12, 31)).status().wire())
                .isEqualTo("flase");
    }

    @Test
    void a_file_for_a_built_in_year_replaces_that_year_entirely() throws Exception {
        // The built-in 2025 with the last day of its National Day break renamed and a weekday added.
        write(
                "2025.json",
                TestYears.builtIn(2025)
                        .replace(
                                "{\"name\": \"国庆节、中秋节\", \"date\": \"2025-10-08\", \"isOffDay\": true}",
                                "{\"name\": \"测试\", \"date\": \"2025-10-08\", \"isOffDay\": true}")
                        .replace(
                                "{\"name\": \"元旦\", \"date\": \"2025-01-01\", \"isOffDay\": true}",
                                "{\"name\": \"元旦\", \"date\": \"2025-01-01\", \"isOffDay\": true},"
                                        + " {\"name\": \"测试\", \"date\": \"2025-03-03\", \"isOffDay\": true}"));
        HolidayCalendar calendar = load();
        assertThat(calendar.classify(LocalDate.of(2025, 3, 3)).name()).isEqualTo("测试");
        assertThat(calendar.classify(LocalDate.of(2025, 10, 8)).name()).isEqualTo("测试");
        assertThat(calendar.years().get(2025).source())
                .isEqualTo(dir.resolve("2025.json").toString());
        assertThat(calendar.classify(LocalDate.of(2024, 10, 1)).status().wire()).isEqualTo("ture");
    }

    @Test
    void other_top_level_keys_and_other_file_names_are_ignored() throws Exception {
        write("2027.json", YEAR_2027.replace("\"papers\": []", "\"$schema\": \"x\", \"papers\": [\"y\"]"));
        write("README.md", "not data");
        write("notes.json", "{");
        assertThat(load().last()).isEqualTo(LocalDate.of(2027, 12, 31));
    }

    @Test
    void a_file_that_is_not_utf8_fails_loading_however_lenient_a_decoder_would_be() throws IOException {
        byte[] latin1 = YEAR_2027.replace("元旦", "Neujahr\u00e9").getBytes(StandardCharsets.ISO_8859_1);
        Files.write(dir.resolve("2027.json"), latin1);
        assertThatThrownBy(this::load)
                .isInstanceOf(HolidayDataException.class)
                .hasMessage(dir.resolve("2027.json") + ": not valid UTF-8 text");
    }

    @Test
    void an_operators_own_year_that_breaks_the_law_is_served_with_a_warning_naming_the_dates() throws Exception {
        write(
                "2027.json",
                YEAR_2027.replace(
                        "{\"name\": \"中秋节\", \"date\": \"2027-09-15\", \"isOffDay\": true}",
                        "{\"name\": \"中秋节\", \"date\": \"2027-09-15\", \"isOffDay\": false}"));
        try (LogCapture log = new LogCapture()) {
            assertThat(load().classify(LocalDate.of(2027, 9, 15)).working()).isTrue();
            assertThat(log.linesWith(
                            "2027.json: served, though the statutory holiday 2027-09-15 is not a day off in it"))
                    .singleElement()
                    .asString()
                    .contains("WARN", "served as written, as the operator's own file");
        }
    }

    @Test
    void a_name_of_64_characters_is_accepted() throws Exception {
        write("2027.json", YEAR_2027.replace("\"元旦\"", "\"元旦" + "日".repeat(62) + "\""));
        assertThat(load().classify(LocalDate.of(2027, 1, 1)).name()).hasSize(64);
    }

    @Test
    void an_empty_folder_keeps_the_built_in_range() throws Exception {
        assertThat(load().last()).isEqualTo(LocalDate.of(2026, 12, 31));
    }

    @ParameterizedTest(name = "{0}")
    @CsvFileSource(resources = "/cases/HolidayDataTest.csv", delimiter = '|', quoteCharacter = '\'')
    void a_malformed_file_fails_loading_with_a_message_naming_the_file(
            String problem, String name, String json, String message) throws IOException {
        write(name, json);
        assertThatThrownBy(this::load)
                .isInstanceOf(HolidayDataException.class)
                .hasMessageStartingWith(dir.resolve(name).toString())
                .hasMessageContaining(message.substring(name.length() + 2));
    }

    @Test
    void a_date_listed_twice_in_one_file_fails_loading() throws IOException {
        write(
                "2027.json",
                YEAR_2027.replace(
                        "\"isOffDay\": false}\n  ]",
                        "\"isOffDay\": false},\n    {\"name\": \"元旦\", \"date\": \"2027-01-01\", "
                                + "\"isOffDay\": true}\n  ]"));
        assertThatThrownBy(this::load)
                .isInstanceOf(HolidayDataException.class)
                .hasMessage(dir.resolve("2027.json") + ": date 2027-01-01 is listed twice in this file");
    }

    @Test
    void a_gap_in_the_years_fails_loading() throws IOException {
        write("2028.json", YEAR_2027.replace("2027", "2028"));
        assertThatThrownBy(this::load)
                .isInstanceOf(HolidayDataException.class)
                .hasMessageStartingWith(dir.resolve("2028.json") + ": year 2028 leaves a gap after 2026");
    }

    @Test
    void a_placeholder_is_not_loaded_and_its_dates_are_known_as_not_published() throws Exception {
        write("2027.json", TestYears.PLACEHOLDER_2027);
        try (LogCapture log = new LogCapture()) {
            HolidayCalendar calendar = load();
            assertThat(calendar.last()).isEqualTo(LocalDate.of(2026, 12, 31));
            assertThat(calendar.notPublished(2027)).isTrue();
            assertThat(calendar.notPublished(2028)).isFalse();
            assertThat(log.linesWith("WARN"))
                    .singleElement()
                    .asString()
                    .contains(dir.resolve("2027.json") + ": no days at all, a placeholder: 2027 is not published yet");
        }
    }

    @Test
    void a_date_two_years_list_differently_fails_loading_naming_both_files() throws IOException {
        // 2022-12-31 is a day off of the built-in 2023 New Year break; a 2022 file may not make it a working day.
        write(
                "2022.json",
                TestYears.builtIn(2022)
                        .replace(
                                "\"isOffDay\": false}\n  ]",
                                "\"isOffDay\": false},\n    {\"name\": \"元旦\", \"date\": \"2022-12-31\", "
                                        + "\"isOffDay\": false}\n  ]"));
        assertThatThrownBy(this::load)
                .isInstanceOf(HolidayDataException.class)
                .hasMessage(
                        "built-in holidays/2023.json: date 2022-12-31 is listed as a day off, but as a working day in "
                                + dir.resolve("2022.json"));
    }

    @Test
    void a_date_two_years_list_alike_is_served_as_holiday_cn_lists_2018_12_30() throws Exception {
        // holiday-cn's 2018.json and 2019.json both list 2018-12-29..31 (the 2019 New Year break).
        write(
                "2022.json",
                TestYears.builtIn(2022)
                        .replace(
                                "\"isOffDay\": false}\n  ]",
                                "\"isOffDay\": false},\n    {\"name\": \"元旦\", \"date\": \"2022-12-31\", "
                                        + "\"isOffDay\": true}\n  ]"));
        assertThat(load().classify(LocalDate.of(2022, 12, 31)).status().wire()).isEqualTo("ture");
    }
}
