package pocketapi.holiday;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class HolidayGateTest {

    /**
     * holiday-cn's files 2008-2021 as published (test resources holiday-cn/), and the built-in
     * 2020-2026 written from the same notices: every real arrangement of the current festival set.
     */
    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"holiday-cn/2008.json", "holiday-cn/2009.json", "holiday-cn/2010.json",
        "holiday-cn/2011.json", "holiday-cn/2012.json", "holiday-cn/2013.json", "holiday-cn/2014.json",
        "holiday-cn/2015.json", "holiday-cn/2016.json", "holiday-cn/2017.json", "holiday-cn/2018.json",
        "holiday-cn/2019.json", "holiday-cn/2020.json", "holiday-cn/2021.json", "holidays/2020.json",
        "holidays/2021.json", "holidays/2022.json", "holidays/2023.json", "holidays/2024.json",
        "holidays/2025.json", "holidays/2026.json"})
    void every_real_year_2008_to_2026_passes(String file) {
        int year = Integer.parseInt(file.substring(file.indexOf('/') + 1, file.indexOf('/') + 5));
        HolidayGate.Verdict verdict = HolidayGate.check(TestYears.parse(year, TestYears.resource(file)));
        assertThat(verdict.kind()).as(verdict.problem()).isEqualTo(HolidayGate.Kind.SERVED);
        assertThat(verdict.festivals()).containsExactlyElementsOf(HolidayGate.FESTIVALS);
        assertThat(verdict.daysOff()).isBetween(HolidayGate.MIN_DAYS_OFF, HolidayGate.MAX_DAYS_OFF);
    }

    @Test
    void the_bounds_are_exactly_the_span_of_the_real_years() {
        List<Integer> daysOff = new ArrayList<>();
        for (int year = 2008; year <= 2026; year++) {
            String file = year <= 2021 ? "holiday-cn/" + year + ".json" : "holidays/" + year + ".json";
            daysOff.add(HolidayGate.check(TestYears.parse(year, TestYears.resource(file))).daysOff());
        }
        assertThat(daysOff.stream().mapToInt(Integer::intValue).min().orElseThrow()).isEqualTo(HolidayGate.MIN_DAYS_OFF);
        assertThat(daysOff.stream().mapToInt(Integer::intValue).max().orElseThrow()).isEqualTo(HolidayGate.MAX_DAYS_OFF);
    }

    @Test
    void a_file_of_december_days_named_after_the_seven_festivals_is_refused_as_its_own_year_has_none() {
        StringBuilder days = new StringBuilder();
        for (int d = 1; d <= 25; d++) {
            String name = HolidayGate.FESTIVALS.get(d % 7);
            days.append(d == 1 ? "" : ",").append("{\"name\": \"").append(name).append("\", \"date\": \"2026-12-")
                    .append(String.format("%02d", d)).append("\", \"isOffDay\": true}");
        }
        HolidayGate.Verdict verdict = HolidayGate.check(TestYears.parse(2027, "{\"year\": 2027, \"days\": [" + days + "]}"));
        assertThat(verdict.kind()).isEqualTo(HolidayGate.Kind.REFUSED);
        assertThat(verdict.daysOff()).isZero();
        assertThat(verdict.festivals()).isEmpty();
        assertThat(verdict.problem()).startsWith("no days off for 元旦, 春节");
    }

    @Test
    void a_file_reaches_its_own_year_and_the_december_before_it_and_nothing_else() {
        assertThat(HolidayGate.inReach(2023, java.time.LocalDate.of(2022, 12, 31))).isTrue();
        assertThat(HolidayGate.inReach(2023, java.time.LocalDate.of(2023, 12, 31))).isTrue();
        assertThat(HolidayGate.inReach(2023, java.time.LocalDate.of(2022, 11, 30))).isFalse();
        assertThat(HolidayGate.inReach(2023, java.time.LocalDate.of(2024, 1, 1))).isFalse();
        HolidayGate.Verdict verdict = HolidayGate.check(TestYears.parse(2027, TestYears.madeUp2027().replace(
                "\"days\": [", "\"days\": [{\"name\": \"元旦\", \"date\": \"2028-01-01\", \"isOffDay\": true},"
                        + "{\"name\": \"元旦\", \"date\": \"2026-06-15\", \"isOffDay\": true},")));
        assertThat(verdict.kind()).isEqualTo(HolidayGate.Kind.REFUSED);
        assertThat(verdict.problem()).isEqualTo("lists 2028-01-01, 2026-06-15, outside 2027 and December 2026 "
                + "(a year's file reaches only its own year and the December before it)");
    }

    @Test
    void a_placeholder_with_no_days_is_not_published_yet() {
        HolidayGate.Verdict verdict = HolidayGate.check(TestYears.parse(2027, TestYears.PLACEHOLDER_2027));
        assertThat(verdict.kind()).isEqualTo(HolidayGate.Kind.NOT_PUBLISHED);
        assertThat(verdict.served()).isFalse();
    }

    @Test
    void a_half_written_year_listing_only_new_year_is_refused_naming_what_is_missing() {
        HolidayGate.Verdict verdict = HolidayGate.check(TestYears.parse(2027, """
                {"year": 2027, "days": [{"name": "元旦", "date": "2027-01-01", "isOffDay": true}]}"""));
        assertThat(verdict.kind()).isEqualTo(HolidayGate.Kind.REFUSED);
        assertThat(verdict.festivals()).containsExactly("元旦");
        assertThat(verdict.problem()).startsWith("no days off for 春节, 清明节, 劳动节, 端午节, 中秋节, 国庆节");
    }

    @Test
    void a_festival_with_only_make_up_days_does_not_count() {
        String json = TestYears.madeUp2027().replace("\"name\": \"中秋节\", \"date\": \"2027-09-15\", \"isOffDay\": true",
                "\"name\": \"中秋节\", \"date\": \"2027-09-18\", \"isOffDay\": false");
        HolidayGate.Verdict verdict = HolidayGate.check(TestYears.parse(2027, json));
        assertThat(verdict.kind()).isEqualTo(HolidayGate.Kind.REFUSED);
        assertThat(verdict.problem()).startsWith("no days off for 中秋节");
    }

    @Test
    void joined_names_count_for_every_festival_they_contain() {
        String json = TestYears.madeUp2027().replace("\"中秋节\"", "\"中秋节、国庆节\"").replace("\"国庆节\"", "\"国庆节、中秋节\"")
                .replace("\"劳动节\"", "\"“五一”国际劳动节\"");
        HolidayGate.Verdict verdict = HolidayGate.check(TestYears.parse(2027, json));
        assertThat(verdict.kind()).isEqualTo(HolidayGate.Kind.SERVED);
        assertThat(verdict.festivals()).containsExactlyElementsOf(HolidayGate.FESTIVALS);
    }

    @Test
    void the_made_up_2027_passes_with_30_days_off_and_5_make_up_days() {
        HolidayGate.Verdict verdict = HolidayGate.check(TestYears.parse(2027, TestYears.madeUp2027()));
        assertThat(verdict.kind()).isEqualTo(HolidayGate.Kind.SERVED);
        assertThat(verdict.daysOff()).isEqualTo(30);
        assertThat(verdict.makeUpDays()).isEqualTo(5);
    }

    @Test
    void fewer_days_off_than_any_real_year_is_refused() {
        // The made-up 2027 without the last 9 days of its Spring Festival and Labour Day breaks: 21 days off.
        String json = TestYears.madeUp2027();
        for (String date : List.of("2027-02-07", "2027-02-08", "2027-02-09", "2027-02-10", "2027-02-11", "2027-02-12",
                "2027-02-13", "2027-05-04", "2027-05-05")) {
            json = json.replaceAll("\\s*\\{[^}]*\"" + date + "\"[^}]*},?", "");
        }
        HolidayGate.Verdict verdict = HolidayGate.check(TestYears.parse(2027, json.replace("},\n  ]", "}\n  ]")));
        assertThat(verdict.daysOff()).isEqualTo(21);
        assertThat(verdict.kind()).isEqualTo(HolidayGate.Kind.REFUSED);
        assertThat(verdict.problem()).isEqualTo("21 days off, but every real arrangement 2008-2026 has from 22 to 33");
    }

    @Test
    void more_days_off_than_any_real_year_is_refused() {
        StringBuilder extra = new StringBuilder();
        for (int day = 12; day <= 15; day++) {
            extra.append(",\n    {\"name\": \"国庆节\", \"date\": \"2027-11-").append(day).append("\", \"isOffDay\": true}");
        }
        String json = TestYears.madeUp2027().replace("\"isOffDay\": false}\n  ]", "\"isOffDay\": false}" + extra + "\n  ]");
        HolidayGate.Verdict verdict = HolidayGate.check(TestYears.parse(2027, json));
        assertThat(verdict.daysOff()).isEqualTo(34);
        assertThat(verdict.kind()).isEqualTo(HolidayGate.Kind.REFUSED);
    }

    @Test
    void a_year_before_2008_only_needs_some_days() {
        HolidayGate.Verdict verdict = HolidayGate.check(TestYears.parse(2007, """
                {"year": 2007, "days": [{"name": "元旦", "date": "2007-01-01", "isOffDay": true}]}"""));
        assertThat(verdict.kind()).isEqualTo(HolidayGate.Kind.SERVED);
    }
}
