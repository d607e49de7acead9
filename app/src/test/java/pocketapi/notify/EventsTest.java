package pocketapi.notify;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.LocalDate;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import pocketapi.MutableClock;
import pocketapi.holidays.HolidayCalendar;
import pocketapi.holidays.OwnCalendar;
import pocketapi.holidays.TestYears;
import pocketapi.holidays.Week;

class EventsTest {
    private static final HolidayCalendar CALENDAR = TestYears.calendarWith(new MutableClock("2026-09-30T12:00:00Z"));

    private static Optional<Message> eve(HolidayCalendar calendar, String today, boolean en) {
        return Events.eve(
                calendar, LocalDate.parse(today), en, "https://api.example.com", (c, d) -> "{\"date\":\"" + d + "\"}");
    }

    @Test
    void the_evening_before_a_break_or_a_worked_weekend_day_says_so_and_other_evenings_are_quiet() {
        Message off = eve(CALENDAR, "2026-09-30", false).orElseThrow();
        assertThat(off.title()).isEqualTo("明天起放假");
        assertThat(off.text()).isEqualTo("明天起放假：国庆节 10月1日–7日，共7天");
        assertThat(off.date()).isEqualTo("2026-10-01");
        assertThat(off.day()).isEqualTo("{\"date\":\"2026-10-01\"}");
        assertThat(off.url()).isEqualTo("https://api.example.com/api/holidays/detail?date=2026-10-01");
        assertThat(eve(CALENDAR, "2026-10-09", false).orElseThrow().text()).isEqualTo("明天（10月10日 周六）上班：国庆节调休");
        assertThat(eve(CALENDAR, "2026-10-09", true).orElseThrow().text())
                .isEqualTo("Tomorrow (Saturday, 2026-10-10) is a working day: National Day make-up working day.");
        assertThat(eve(CALENDAR, "2026-10-01", false)).as("inside the break").isEmpty();
        assertThat(eve(CALENDAR, "2026-11-24", false)).as("an ordinary Tuesday").isEmpty();
        assertThat(eve(CALENDAR, "2026-11-27", false)).as("an ordinary Friday").isEmpty();
        assertThat(eve(CALENDAR, "2026-12-31", false))
                .as("tomorrow not in the data")
                .isEmpty();
        // 端午节 2024 starts on an ordinary Saturday that people count in the break.
        assertThat(eve(CALENDAR, "2024-06-07", false).orElseThrow().text()).isEqualTo("明天起放假：端午节 6月8日–10日，共3天");
    }

    @Test
    void under_a_six_day_week_every_saturday_worked_is_told_the_evening_before() {
        HolidayCalendar six = CALENDAR.under(OwnCalendar.of(Week.SIX));
        assertThat(eve(six, "2026-11-27", false).orElseThrow().text()).isEqualTo("明天（11月28日 周六）上班");
        assertThat(eve(six, "2026-11-24", false)).isEmpty();
    }

    @Test
    void the_year_message_lists_the_breaks_and_links_the_year() {
        Message m = Events.year(CALENDAR, 2026, false, false, "https://api.example.com");
        assertThat(m.title()).isEqualTo("2026年放假安排已发布");
        assertThat(m.text())
                .startsWith("2026年放假安排：元旦 1月1日–3日，春节 2月15日–23日，清明节 4月4日–6日，")
                .endsWith("国庆节 10月1日–7日。");
        assertThat(m.url()).isEqualTo("https://api.example.com/api/holidays/year?y=2026");
        assertThat(Events.year(CALENDAR, 2026, true, true, null).text())
                .startsWith("The 2026 holiday arrangement has changed: New Year's Day 2026-01-01 to 2026-01-03, ");
        assertThat(Events.ending(2027, false, null, pocketapi.holidays.Mainland.CN)
                        .text())
                .startsWith("2027年的放假安排还不在数据中");
        assertThat(Events.fingerprint(CALENDAR, 2026))
                .matches("[0-9a-f]{16}")
                .isNotEqualTo(Events.fingerprint(CALENDAR, 2025));
    }
}
