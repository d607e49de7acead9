package pocketapi.holidays;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Clock;
import java.time.LocalDate;
import java.time.YearMonth;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** Working-day arithmetic of the built-in calendar against a plain walk over the official breaks. */
class WorkdaysTest {
    private final HolidayCalendar calendar = TestYears.calendarWith(Clock.systemUTC());
    private final Workdays workdays = calendar.workdays();

    @Test
    void add_agrees_with_the_walk_for_every_date_2020_to_2026_and_n_in_minus_10_minus_1_0_1_10() {
        List<String> wrong = new ArrayList<>();
        int checked = 0;
        for (LocalDate d = WorkdayFacts.FIRST; !d.isAfter(WorkdayFacts.LAST); d = d.plusDays(1)) {
            for (int n : WorkdayFacts.steps()) {
                Optional<LocalDate> expected = WorkdayFacts.add(d, n);
                Optional<LocalDate> actual = workdays.add(d, n);
                checked++;
                if (!expected.equals(actual)) {
                    wrong.add(d + " n=" + n + ": " + actual + " instead of " + expected);
                }
            }
        }
        assertThat(wrong).isEmpty();
        assertThat(checked).isEqualTo(2557 * 5);
    }

    @Test
    void count_agrees_with_the_walk_for_every_month_2020_to_2026() {
        for (YearMonth m = YearMonth.of(2020, 1); !m.isAfter(YearMonth.of(2026, 12)); m = m.plusMonths(1)) {
            assertThat(workdays.count(m.atDay(1), m.atEndOfMonth()))
                    .as(m.toString())
                    .isEqualTo(WorkdayFacts.count(m.atDay(1), m.atEndOfMonth()));
        }
        assertThat(workdays.count(WorkdayFacts.FIRST, WorkdayFacts.LAST))
                .isEqualTo(WorkdayFacts.count(WorkdayFacts.FIRST, WorkdayFacts.LAST));
    }

    @Test
    void five_working_days_after_monday_2026_09_28_is_the_make_up_saturday_2026_10_10() {
        assertThat(workdays.add(LocalDate.of(2026, 9, 28), 5)).contains(LocalDate.of(2026, 10, 10));
        assertThat(workdays.add(LocalDate.of(2026, 10, 1), 0)).contains(LocalDate.of(2026, 10, 8));
        assertThat(workdays.add(LocalDate.of(2026, 10, 8), 0)).contains(LocalDate.of(2026, 10, 8));
        assertThat(workdays.add(LocalDate.of(2026, 10, 8), -1)).contains(LocalDate.of(2026, 9, 30));
    }

    @Test
    void a_step_past_the_covered_range_has_no_answer() {
        assertThat(workdays.add(LocalDate.of(2026, 12, 31), 1)).isEmpty();
        assertThat(workdays.add(LocalDate.of(2020, 1, 2), -1)).isEmpty();
        assertThat(workdays.add(LocalDate.of(2026, 12, 26), 0)).contains(LocalDate.of(2026, 12, 28)); // a Saturday
    }
}
