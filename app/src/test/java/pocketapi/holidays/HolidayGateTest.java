package pocketapi.holidays;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.LocalDate;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The one check every year passes: its reach, a placeholder, and the law's statutory holidays. */
class HolidayGateTest {

    /**
     * holiday-cn's files 2008-2021 as published (test resources holiday-cn/), and the built-in 2020-2026 written from
     * the same notices: every real arrangement keeps to the law in force.
     */
    @ParameterizedTest(name = "{0}")
    @ValueSource(
            strings = {
                "holiday-cn/2008.json",
                "holiday-cn/2009.json",
                "holiday-cn/2010.json",
                "holiday-cn/2011.json",
                "holiday-cn/2012.json",
                "holiday-cn/2013.json",
                "holiday-cn/2014.json",
                "holiday-cn/2015.json",
                "holiday-cn/2016.json",
                "holiday-cn/2017.json",
                "holiday-cn/2018.json",
                "holiday-cn/2019.json",
                "holiday-cn/2020.json",
                "holiday-cn/2021.json",
                "holidays/2020.json",
                "holidays/2021.json",
                "holidays/2022.json",
                "holidays/2023.json",
                "holidays/2024.json",
                "holidays/2025.json",
                "holidays/2026.json"
            })
    void every_real_year_2008_to_2026_passes(String file) {
        int year = Integer.parseInt(file.substring(file.indexOf('/') + 1, file.indexOf('/') + 5));
        HolidayGate.Verdict verdict = HolidayGate.check(TestYears.parse(year, TestYears.resource(file)));
        assertThat(verdict.kind()).as(verdict.problem()).isEqualTo(HolidayGate.Kind.SERVED);
        assertThat(verdict.unlawful()).isEmpty();
    }

    @Test
    void twenty_two_march_days_named_after_every_festival_are_refused_by_the_law_not_by_words() {
        StringBuilder days = new StringBuilder();
        for (int d = 1; d <= 22; d++) {
            days.append(d == 1 ? "" : ",")
                    .append("{\"name\": \"元旦春节清明节劳动节端午节中秋节国庆节\", \"date\": \"2027-03-")
                    .append(String.format("%02d", d))
                    .append("\", \"isOffDay\": true}");
        }
        HolidayGate.Verdict verdict =
                HolidayGate.check(TestYears.parse(2027, "{\"year\": 2027, \"days\": [" + days + "]}"));
        assertThat(verdict.kind()).isEqualTo(HolidayGate.Kind.REFUSED);
        // 2027-05-01 and -02 are a Saturday and a Sunday, 10-02 and -03 too: days off anyway.
        assertThat(verdict.unlawful())
                .containsExactly(
                        LocalDate.of(2027, 1, 1),
                        LocalDate.of(2027, 2, 5),
                        LocalDate.of(2027, 2, 8),
                        LocalDate.of(2027, 4, 5),
                        LocalDate.of(2027, 6, 9),
                        LocalDate.of(2027, 9, 15),
                        LocalDate.of(2027, 10, 1));
        assertThat(verdict.problem())
                .isEqualTo("the statutory holidays 2027-01-01, 2027-02-05, 2027-02-08, "
                        + "2027-04-05, 2027-06-09, 2027-09-15, 2027-10-01 are not days off in it (《全国年节及纪念日放假办法》: "
                        + "every arrangement gives them off)");
    }

    @Test
    void a_file_reaches_its_own_year_and_the_december_before_it_and_nothing_else() {
        assertThat(HolidayGate.inReach(2023, LocalDate.of(2022, 12, 31))).isTrue();
        assertThat(HolidayGate.inReach(2023, LocalDate.of(2023, 12, 31))).isTrue();
        assertThat(HolidayGate.inReach(2023, LocalDate.of(2022, 11, 30))).isFalse();
        assertThat(HolidayGate.inReach(2023, LocalDate.of(2024, 1, 1))).isFalse();
        HolidayGate.Verdict verdict = HolidayGate.check(TestYears.parse(
                2027,
                TestYears.madeUp2027()
                        .replace(
                                "\"days\": [",
                                "\"days\": [{\"name\": \"元旦\", \"date\": \"2028-01-01\", \"isOffDay\": true},"
                                        + "{\"name\": \"元旦\", \"date\": \"2026-06-15\", \"isOffDay\": true},")));
        assertThat(verdict.kind()).isEqualTo(HolidayGate.Kind.REFUSED);
        assertThat(verdict.problem())
                .isEqualTo("lists 2028-01-01, 2026-06-15, outside 2027 and December 2026 "
                        + "(a year's file reaches only its own year and the December before it)");
    }

    @Test
    void a_placeholder_with_no_days_is_not_published_yet() {
        HolidayGate.Verdict verdict = HolidayGate.check(TestYears.parse(2027, TestYears.PLACEHOLDER_2027));
        assertThat(verdict.kind()).isEqualTo(HolidayGate.Kind.NOT_PUBLISHED);
        assertThat(verdict.served()).isFalse();
    }

    @Test
    void a_half_written_year_listing_only_new_year_is_refused_naming_the_statutory_days_it_misses() {
        HolidayGate.Verdict verdict = HolidayGate.check(TestYears.parse(2027, """
                {"year": 2027, "days": [{"name": "元旦", "date": "2027-01-01", "isOffDay": true}]}"""));
        assertThat(verdict.kind()).isEqualTo(HolidayGate.Kind.REFUSED);
        assertThat(verdict.unlawful()).startsWith(LocalDate.of(2027, 2, 5)).doesNotContain(LocalDate.of(2027, 1, 1));
    }

    @Test
    void a_statutory_day_listed_as_worked_is_refused_and_an_operators_own_file_is_served_with_a_warning() {
        String json = TestYears.madeUp2027()
                .replace(
                        "\"name\": \"中秋节\", \"date\": \"2027-09-15\", \"isOffDay\": true",
                        "\"name\": \"中秋节\", \"date\": \"2027-09-15\", \"isOffDay\": false");
        HolidayYear year = TestYears.parse(2027, json);
        HolidayGate.Verdict verdict = HolidayGate.check(year);
        assertThat(verdict.kind()).isEqualTo(HolidayGate.Kind.REFUSED);
        assertThat(verdict.unlawful()).containsExactly(LocalDate.of(2027, 9, 15));
        HolidayGate.Verdict own = HolidayGate.checkOwn(year);
        assertThat(own.kind()).isEqualTo(HolidayGate.Kind.SERVED);
        assertThat(own.describe())
                .isEqualTo("served, though the statutory holiday 2027-09-15 is not a day off in it "
                        + "(《全国年节及纪念日放假办法》: every arrangement gives them off)");
    }

    @Test
    void the_made_up_2027_passes_with_30_days_off_and_5_make_up_days() {
        HolidayGate.Verdict verdict = HolidayGate.check(TestYears.parse(2027, TestYears.madeUp2027()));
        assertThat(verdict.kind()).isEqualTo(HolidayGate.Kind.SERVED);
        assertThat(verdict.daysOff()).isEqualTo(30);
        assertThat(verdict.makeUpDays()).isEqualTo(5);
    }

    @Test
    void a_reform_with_40_days_off_passes_the_gate_the_law_sets_no_upper_bound() {
        StringBuilder extra = new StringBuilder();
        for (int day = 1; day <= 10; day++) {
            extra.append(",\n    {\"name\": \"国庆节\", \"date\": \"2027-11-")
                    .append(String.format("%02d", day))
                    .append("\", \"isOffDay\": true}");
        }
        String json =
                TestYears.madeUp2027().replace("\"isOffDay\": false}\n  ]", "\"isOffDay\": false}" + extra + "\n  ]");
        HolidayGate.Verdict verdict = HolidayGate.check(TestYears.parse(2027, json));
        assertThat(verdict.daysOff()).isEqualTo(40);
        assertThat(verdict.kind()).isEqualTo(HolidayGate.Kind.SERVED);
    }

    @Test
    void a_year_before_2008_keeps_to_the_1999_version_of_the_law() {
        HolidayGate.Verdict verdict = HolidayGate.check(TestYears.parse(2007, """
                {"year": 2007, "days": [{"name": "元旦", "date": "2007-01-01", "isOffDay": true}]}"""));
        assertThat(verdict.kind()).isEqualTo(HolidayGate.Kind.REFUSED);
        // 春节 初一–初三 (2007-02-18 is a Sunday), 劳动节 5-1…5-3, 国庆节 10-1…10-3: no 清明, 端午 or 中秋 yet.
        assertThat(verdict.unlawful())
                .containsExactly(
                        LocalDate.of(2007, 2, 19),
                        LocalDate.of(2007, 2, 20),
                        LocalDate.of(2007, 5, 1),
                        LocalDate.of(2007, 5, 2),
                        LocalDate.of(2007, 5, 3),
                        LocalDate.of(2007, 10, 1),
                        LocalDate.of(2007, 10, 2),
                        LocalDate.of(2007, 10, 3));
        assertThat(List.of(HolidayGate.check(TestYears.parse(1999, """
                {"year": 1999, "days": [{"name": "元旦", "date": "1999-01-01", "isOffDay": true}]}""")).kind()))
                .containsExactly(HolidayGate.Kind.SERVED); // before 2000 the law is not known here
    }
}
