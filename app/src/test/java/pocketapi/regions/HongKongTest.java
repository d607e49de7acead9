package pocketapi.regions;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.time.DayOfWeek;
import java.time.LocalDate;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import pocketapi.holidays.LunarCalendar;

/**
 * Hong Kong's statutory holidays as the Employment (Amendment) Ordinance 2021 phases them in: the Birthday of the
 * Buddha from 2022, the first weekday after Christmas Day from 2024, Easter Monday from 2026, Good Friday from 2028 and
 * the day following Good Friday from 2030, each year against the Labour Department's table (2020–2026 as published;
 * 2027, 2028 and 2030 the Ordinance's list on those years' dates).
 */
class HongKongTest {
    record Tables(String source, Map<Integer, List<String>> years) {}

    private static List<String> table(int year) throws Exception {
        return new ObjectMapper()
                .readValue(
                        HongKongTest.class.getResourceAsStream("/regions/hk-labour-statutory-2020-2030.json"),
                        Tables.class)
                .years()
                .get(year);
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(ints = {2020, 2021, 2022, 2023, 2024, 2025, 2026, 2027, 2028, 2030})
    void the_statutory_holidays_of_a_year_are_every_date_of_the_labour_departments_table(int year) throws Exception {
        assertThat(HongKong.statutory(year, LunarCalendar.get()))
                .extracting(LocalDate::toString)
                .containsExactlyElementsOf(new TreeSet<>(table(year)));
    }

    @Test
    void each_phase_in_year_adds_its_day_and_the_year_before_has_it_not() {
        LunarCalendar lunar = LunarCalendar.get();
        record Phase(int since, LocalDate then, LocalDate yearBefore) {}
        for (Phase p : List.of(
                new Phase(2022, LocalDate.of(2022, 5, 8), LocalDate.of(2021, 5, 19)), // the Buddha
                new Phase(
                        2024,
                        LocalDate.of(2024, 12, 26),
                        LocalDate.of(2023, 12, 26)), // the first weekday after Christmas
                new Phase(2026, LocalDate.of(2026, 4, 6), LocalDate.of(2025, 4, 21)), // Easter Monday
                new Phase(2028, LocalDate.of(2028, 4, 14), LocalDate.of(2027, 3, 26)), // Good Friday
                new Phase(
                        2030, LocalDate.of(2030, 4, 20), LocalDate.of(2029, 3, 31)))) { // the day following Good Friday
            assertThat(HongKong.statutory(p.since(), lunar)).as("%d", p.since()).contains(p.then());
            assertThat(HongKong.statutory(p.since() - 1, lunar))
                    .as("%d", p.since() - 1)
                    .doesNotContain(p.yearBefore());
        }
    }

    @Test
    void from_2030_to_2100_every_year_has_the_ordinances_seventeen_but_the_employers_choice_each_on_its_day() {
        LunarCalendar lunar = LunarCalendar.get();
        for (int year = 2030; year <= 2100; year++) {
            LocalDate easter = Easter.sunday(year);
            LocalDate christmas = LocalDate.of(year, 12, 25);
            LocalDate afterChristmas = christmas.plusDays(christmas.getDayOfWeek() == DayOfWeek.SATURDAY ? 2 : 1);
            // Good Friday, the day after it, Easter Monday, the Buddha, the first weekday after Christmas: all five
            // phased in.
            assertThat(HongKong.statutory(year, lunar))
                    .as("%d", year)
                    .contains(
                            easter.minusDays(2),
                            easter.minusDays(1),
                            easter.plusDays(1),
                            lunar.date(year, 4, 8),
                            afterChristmas,
                            LocalDate.of(year, 1, 1),
                            LocalDate.of(year, 7, 1))
                    .doesNotContain(christmas)
                    .hasSizeBetween(15, 16); // 16, less any two on one date
        }
    }

    @Test
    void a_statutory_holiday_on_a_sunday_stays_on_its_date_but_the_new_years_days_and_the_day_after_mid_autumn_move() {
        LunarCalendar lunar = LunarCalendar.get();
        // 2022: Labour Day and the Buddha on Sundays, in the table on their dates; the general holidays are the
        // Mondays.
        assertThat(HongKong.statutory(2022, lunar))
                .contains(LocalDate.of(2022, 5, 1), LocalDate.of(2022, 5, 8))
                .doesNotContain(LocalDate.of(2022, 5, 2), LocalDate.of(2022, 5, 9));
        // 2022: the day after Mid-Autumn on a Sunday: the day after it instead (s. 39(2)).
        assertThat(HongKong.statutory(2022, lunar))
                .contains(LocalDate.of(2022, 9, 12))
                .doesNotContain(LocalDate.of(2022, 9, 11));
        // 2030: 農曆年初一 on a Sunday: 初二 to 初四.
        assertThat(HongKong.statutory(2030, lunar))
                .contains(LocalDate.of(2030, 2, 4), LocalDate.of(2030, 2, 6))
                .doesNotContain(LocalDate.of(2030, 2, 3));
    }
}
