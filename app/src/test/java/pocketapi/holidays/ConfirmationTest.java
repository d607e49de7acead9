package pocketapi.holidays;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvFileSource;
import pocketapi.holidays.data.ChineseDaysFile;
import pocketapi.holidays.data.HolidayCheck;

/**
 * The comparison of the two sources on their real data: holiday-cn's files 2008-2021 as published (with the built-in
 * 2022-2026 written from the same notices) against chinese-days' files of the same calendar years (npm chinese-days
 * 1.5.7, dist/years/).
 */
class ConfirmationTest {
    /**
     * The dates whose raw entries differ between the two sources: weekends inside a break that one lists and the other
     * does not. The comparison must ignore every one of them.
     */
    private static final List<String> RAW_DIFFERENCES = List.of(
            "2011-06-05",
            "2012-06-23",
            "2014-04-06",
            "2015-09-05",
            "2019-04-06",
            "2019-04-07",
            "2019-06-08",
            "2019-06-09",
            "2019-09-14",
            "2019-09-15");

    private static HolidayCalendar holidayCn;

    @BeforeAll
    static void realYears() throws HolidayDataException {
        List<HolidayYear> years = new ArrayList<>();
        for (int year = 2008; year <= 2026; year++) {
            years.add(TestYears.parse(year, realHolidayCn(year)));
        }
        holidayCn = HolidayCalendar.of(years, Set.of(), Clock.systemUTC());
    }

    private static String realHolidayCn(int year) {
        return year <= 2021 ? TestYears.resource("holiday-cn/" + year + ".json") : TestYears.builtIn(year);
    }

    private static HolidayYear chineseDays(int year) throws HolidayDataException {
        return ChineseDaysFile.parse(
                "chinese-days " + year, year, TestYears.chineseDays(year).getBytes(StandardCharsets.UTF_8));
    }

    @Test
    void every_real_year_2008_to_2026_agrees_date_by_date() throws HolidayDataException {
        for (int year = 2008; year <= 2026; year++) {
            assertThat(Confirmation.disputes(holidayCn, chineseDays(year)))
                    .as("%d", year)
                    .isEmpty();
        }
    }

    @Test
    void the_raw_lists_differ_on_exactly_the_weekends_the_comparison_ignores() throws HolidayDataException {
        Map<LocalDate, Boolean> primary = new TreeMap<>();
        for (HolidayYear year : holidayCn.years().values()) {
            for (ListedDay day : year.days()) {
                if (day.date().getYear() >= 2008) {
                    primary.put(day.date(), day.offDay());
                }
            }
        }
        Map<LocalDate, Boolean> confirming = new TreeMap<>();
        for (int year = 2008; year <= 2026; year++) {
            chineseDays(year).days().forEach(d -> confirming.put(d.date(), d.offDay()));
        }
        List<String> differ = new ArrayList<>();
        for (LocalDate date : new java.util.TreeSet<>(union(primary, confirming))) {
            if (!java.util.Objects.equals(primary.get(date), confirming.get(date))) {
                differ.add(date.toString());
                assertThat(Status.lived(date, primary.get(date))).isEqualTo(Status.lived(date, confirming.get(date)));
            }
        }
        assertThat(differ).containsExactlyElementsOf(RAW_DIFFERENCES);
    }

    private static Set<LocalDate> union(Map<LocalDate, Boolean> a, Map<LocalDate, Boolean> b) {
        Set<LocalDate> all = new java.util.HashSet<>(a.keySet());
        all.addAll(b.keySet());
        return all;
    }

    @Test
    void one_flipped_date_is_a_dispute_naming_both_statuses() throws HolidayDataException {
        HolidayYear flipped = ChineseDaysFile.parse(
                "flipped",
                2020,
                TestYears.chineseDays(2020)
                        .replace("\"2020-10-08\"", "\"2020-10-09\"")
                        .getBytes(StandardCharsets.UTF_8));
        assertThat(Confirmation.disputes(holidayCn, chineseDays(2020))).isEmpty();
        assertThat(Confirmation.disputes(holidayCn, flipped))
                .map(Confirmation.Dispute::toString)
                .containsExactly(
                        "2020-10-08 (holiday-cn: day off, chinese-days: working day)",
                        "2020-10-09 (holiday-cn: working day, chinese-days: day off)");
    }

    @ParameterizedTest(name = "{0}")
    @CsvFileSource(resources = "/cases/ConfirmationTest.csv", delimiter = '|', quoteCharacter = '\'')
    void a_malformed_chinese_days_file_is_refused_naming_no_text_of_it_but_for_the_operator(
            String what, String json, String problem, String quoted) {
        assertThatThrownBy(() -> ChineseDaysFile.parse("cd", 2026, json.getBytes(StandardCharsets.UTF_8)))
                .isInstanceOfSatisfying(HolidayDataException.class, e -> {
                    assertThat(e.problem()).startsWith(problem);
                    if (quoted != null) {
                        // The text itself is kept for an operator's own file, never in the problem shown for a fetched
                        // one.
                        assertThat(e.problem()).doesNotContain(quoted);
                        assertThat(e.detailed()).startsWith(e.problem()).contains(quoted);
                    } else {
                        assertThat(e.detailed()).isEqualTo(e.problem());
                    }
                });
    }

    @Test
    void a_chinese_days_list_is_refused_at_its_367th_date_before_that_date_is_read() {
        StringBuilder holidays = new StringBuilder("{\"holidays\":{");
        for (LocalDate d = LocalDate.of(2024, 1, 1); d.getYear() == 2024; d = d.plusDays(1)) {
            holidays.append("\"").append(d).append("\":\"x\",");
        }
        String json = holidays.append("\"not a date\":\"x\"}}").toString();
        assertThatThrownBy(() -> ChineseDaysFile.parse("cd", 2024, json.getBytes(StandardCharsets.UTF_8)))
                .hasMessage("cd: \"holidays\" lists more dates than a year has");
    }

    @Test
    void an_empty_chinese_days_file_is_not_published() throws HolidayDataException {
        assertThat(ChineseDaysFile.parse("cd", 2027, "{}".getBytes(StandardCharsets.UTF_8))
                        .days())
                .isEmpty();
        assertThat(ChineseDaysFile.parse(
                                "cd", 2027, "{\"holidays\":{},\"workdays\":{}}".getBytes(StandardCharsets.UTF_8))
                        .days())
                .isEmpty();
    }

    @Test
    void check_holidays_with_confirm_says_every_real_year_agrees(@TempDir Path dir) throws Exception {
        Path primary = Files.createDirectory(dir.resolve("holiday-cn"));
        for (int year = 2008; year <= 2026; year++) {
            Files.writeString(primary.resolve(year + ".json"), realHolidayCn(year));
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        int exit = HolidayCheck.run(primary, chineseDaysFolder(), new PrintStream(out, true, StandardCharsets.UTF_8));
        String text = out.toString(StandardCharsets.UTF_8);
        assertThat(exit).as(text).isZero();
        for (int year = 2008; year <= 2026; year++) {
            assertThat(text).contains("chinese-days " + year + ".json: agrees on every date of " + year);
        }
        assertThat(text).contains("with the built-in years: serves 2008-01-01 to 2026-12-31");
    }

    @Test
    void check_holidays_with_confirm_prints_each_disputed_date_and_exits_2(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("2026.json");
        Files.writeString(
                file,
                TestYears.builtIn(2026)
                        .replace("{\"name\": \"国庆节\", \"date\": \"2026-10-07\", \"isOffDay\": true},", ""));
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        int exit = HolidayCheck.run(
                file, chineseDaysFolder().resolve("2026.json"), new PrintStream(out, true, StandardCharsets.UTF_8));
        assertThat(exit).isEqualTo(2);
        assertThat(out.toString(StandardCharsets.UTF_8))
                .endsWith("chinese-days 2026.json: disagrees on 1 date\n"
                        + "  2026-10-07 (holiday-cn: working day, chinese-days: day off)\n");
    }

    private static Path chineseDaysFolder() throws URISyntaxException {
        return Path.of(ConfirmationTest.class
                        .getResource("/chinese-days/2026.json")
                        .toURI())
                .getParent();
    }
}
