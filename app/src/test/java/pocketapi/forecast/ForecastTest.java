package pocketapi.forecast;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Clock;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import pocketapi.holidays.Break;
import pocketapi.holidays.Day;
import pocketapi.holidays.HolidayCalendar;
import pocketapi.holidays.HolidayYear;
import pocketapi.holidays.Law;
import pocketapi.holidays.ListedDay;
import pocketapi.holidays.LunarCalendar;
import pocketapi.holidays.TestYears;

/**
 * The forecast from the law, a pure function of the year: scored day by day against the published arrangements of the
 * years the revised law has governed, and its rules checked on years that show each of them.
 */
class ForecastTest {
    private static final HolidayCalendar PUBLISHED = TestYears.calendarWith(Clock.systemUTC());

    /** Every date of {@code year} the forecast answers otherwise than the published data: "date forecast/published". */
    private static List<String> misses(int year) {
        HolidayCalendar forecast = Forecast.calendar(year, Clock.systemUTC());
        List<String> misses = new ArrayList<>();
        for (LocalDate d = LocalDate.of(year, 1, 1); d.getYear() == year; d = d.plusDays(1)) {
            String f = forecast.classify(d).status().wire();
            String p = PUBLISHED.classify(d).status().wire();
            if (!f.equals(p)) {
                misses.add(d + " " + f + "/" + p);
            }
        }
        return misses;
    }

    @Test
    void the_forecast_of_2025_is_the_published_arrangement_day_by_day() {
        assertThat(misses(2025)).isEmpty();
    }

    @Test
    void the_forecast_of_2026_misses_only_the_ninth_day_of_the_spring_festival_and_its_make_up_day() {
        // The notice started the break a day before 除夕 (腊月二十八, a Sunday) and repaid it on the Saturday before.
        assertThat(misses(2026)).containsExactly("2026-02-14 flase/worker", "2026-02-15 worker/ture");
    }

    @Test
    void a_wednesday_festival_is_the_day_alone_and_a_thursday_one_is_repaid_on_the_sunday_after() {
        HolidayYear y2025 = Forecast.of(2025, LunarCalendar.get()); // 元旦 2025 is a Wednesday
        assertThat(y2025.days())
                .filteredOn(d -> d.festival().equals("元旦"))
                .extracting(ListedDay::date)
                .containsExactly(LocalDate.of(2025, 1, 1));
        HolidayCalendar y2026 = Forecast.calendar(2026, Clock.systemUTC()); // 元旦 2026 is a Thursday
        Break newYear = y2026.arrangement(2026).get(0);
        assertThat(List.of(newYear.start(), newYear.end(), newYear.makeUpDays()))
                .containsExactly(LocalDate.of(2026, 1, 1), LocalDate.of(2026, 1, 3), List.of(LocalDate.of(2026, 1, 4)));
    }

    @Test
    void a_tuesday_new_year_starts_on_the_sunday_before_and_is_repaid_on_the_saturday_of_the_year_before() {
        HolidayYear y2030 = Forecast.of(2030, LunarCalendar.get()); // 2030-01-01 is a Tuesday
        assertThat(y2030.days())
                .filteredOn(d -> d.festival().equals("元旦"))
                .containsExactly(
                        new ListedDay(LocalDate.of(2029, 12, 29), "元旦", false),
                        new ListedDay(LocalDate.of(2029, 12, 30), "元旦", true),
                        new ListedDay(LocalDate.of(2029, 12, 31), "元旦", true),
                        new ListedDay(LocalDate.of(2030, 1, 1), "元旦", true));
    }

    @Test
    void every_year_to_2100_repays_each_day_off_beyond_the_law_and_the_weekends_with_one_weekend_make_up_day() {
        for (int year = Forecast.FIRST; year <= 2100; year++) {
            HolidayCalendar c = Forecast.calendar(year, Clock.systemUTC());
            int statutory = Law.of(year, LunarCalendar.get()).size();
            int off = 0;
            int weekendOff = 0;
            int makeUps = 0;
            for (Break b : c.arrangement(year)) {
                for (LocalDate d = b.start(); !d.isAfter(b.end()); d = d.plusDays(1)) {
                    off++;
                    weekendOff += Day.weekend(d) ? 1 : 0;
                }
                makeUps += b.makeUpDays().size();
                assertThat(b.makeUpDays()).as(year + " " + b.name()).allMatch(Day::weekend);
                assertThat(b.statutory()).as(year + " " + b.name()).isNotEmpty();
            }
            // 13 statutory days (2020-10-01 style coincidences count twice, as the law repays them)
            assertThat(statutory).isEqualTo(13);
            assertThat(off - weekendOff - makeUps)
                    .as("weekdays off net of make-up days in " + year)
                    .isEqualTo(statutory);
        }
    }

    @Test
    void the_forecast_of_2027_worked_by_hand_from_the_rules() {
        // 除夕 2027-02-05 (Fri): 8 days, 2 owed (4 statutory, 2 weekend days); Jan 31 and Feb 13 keep every run at 5.
        // 5-1 is a Saturday: 1 owed; Apr 25 would make a run of 6, May 8 one of 5. 端午 06-09 and 中秋 09-15 are
        // Wednesdays. 10-1 is a Friday: 2 owed; Sep 26 and Oct 9 keep every run at 5.
        List<String> breaks = new ArrayList<>();
        for (Break b : Forecast.calendar(2027, Clock.systemUTC()).arrangement(2027)) {
            breaks.add(b.name() + " " + b.start() + ".." + b.end() + " " + b.makeUpDays());
        }
        assertThat(breaks)
                .containsExactly(
                        "元旦 2027-01-01..2027-01-03 []",
                        "春节 2027-02-05..2027-02-12 [2027-01-31, 2027-02-13]",
                        "清明节 2027-04-03..2027-04-05 []",
                        "劳动节 2027-05-01..2027-05-05 [2027-05-08]",
                        "端午节 2027-06-09..2027-06-09 []",
                        "中秋节 2027-09-15..2027-09-15 []",
                        "国庆节 2027-10-01..2027-10-07 [2027-09-26, 2027-10-09]");
    }
}
