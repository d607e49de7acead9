package pocketapi.holidays;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Clock;
import java.time.LocalDate;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The breaks of each notice, against the official arrangements (holiday-breaks.csv). */
class ArrangementTest {
    private static final HolidayCalendar CALENDAR = TestYears.calendarWith(Clock.systemUTC());

    @ParameterizedTest(name = "{0}")
    @ValueSource(ints = {2020, 2021, 2022, 2023, 2024, 2025, 2026})
    void each_notice_has_the_breaks_and_make_up_days_it_announced(int year) {
        assertThat(CALENDAR.arrangement(year)).containsExactlyElementsOf(BreakFacts.of(year));
    }

    @Test
    void a_break_starting_in_december_belongs_to_the_next_notice() {
        Break newYear = CALENDAR.arrangement(2023).get(0);
        assertThat(newYear)
                .isEqualTo(new Break(
                        2023,
                        "元旦",
                        LocalDate.of(2022, 12, 31),
                        LocalDate.of(2023, 1, 2),
                        List.of(),
                        List.of(LocalDate.of(2023, 1, 1)),
                        List.of()));
        assertThat(CALENDAR.arrangement(2022))
                .noneMatch(b -> b.start().getYear() == 2022 && b.start().getMonthValue() == 12);
    }

    @Test
    void the_break_on_or_after_every_day_2020_to_2026_is_the_one_the_facts_give() {
        for (LocalDate d = LocalDate.of(2020, 1, 1); !d.isAfter(LocalDate.of(2026, 12, 31)); d = d.plusDays(1)) {
            assertThat(CALENDAR.breakOnOrAfter(d)).as(d.toString()).isEqualTo(BreakFacts.onOrAfter(d));
        }
        assertThat(CALENDAR.breakOnOrAfter(LocalDate.of(2026, 10, 8))).isEmpty();
    }

    @Test
    void a_weekday_listed_as_working_is_no_make_up_day() {
        // 2027-10-08 is a Friday: listed as a working day it stays an ordinary day, not a make-up day.
        HolidayYear notice = TestYears.parse(
                2027,
                TestYears.madeUp2027()
                        .replace(
                                "{\"name\": \"国庆节\", \"date\": \"2027-10-09\", \"isOffDay\": false}",
                                "{\"name\": \"国庆节\", \"date\": \"2027-10-08\", \"isOffDay\": false}, "
                                        + "{\"name\": \"国庆节\", \"date\": \"2027-10-09\", \"isOffDay\": false}"));
        YearLaw law = Mainland.CN.law(2027);
        Optional<Break> national = Arrangement.breaks(notice, d -> false, law, law).stream()
                .map(Arrangement.Arranged::brk)
                .filter(b -> b.name().equals("国庆节"))
                .findFirst();
        assertThat(national).get().extracting(Break::makeUpDays).isEqualTo(List.of(LocalDate.of(2027, 10, 9)));
    }
}
