package pocketapi.holidays;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Clock;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvFileSource;
import org.junit.jupiter.params.provider.CsvSource;
import pocketapi.holidays.data.HolidayData;

class HolidayCalendarTest {
    private static HolidayCalendar calendar;

    @BeforeAll
    static void loadBuiltInData() throws HolidayDataException {
        calendar = HolidayData.load(Optional.empty(), Clock.systemUTC());
    }

    @ParameterizedTest(name = "{0} is {1} {2} {3}")
    @CsvFileSource(resources = "/holiday-facts.csv", encoding = "UTF-8")
    void every_fact_of_the_official_notices_is_classified_as_published(
            LocalDate date, String status, String name, String alarm) {
        Day day = calendar.classify(date);
        assertThat(day.date()).isEqualTo(date);
        assertThat(day.status().wire()).isEqualTo(status);
        assertThat(day.name()).isEqualTo(name == null ? "" : name);
        assertThat(day.working() ? "work" : "vacation").isEqualTo(alarm);
        assertThat(calendar.working(date) ? "work" : "vacation")
                .as("the alarm's own lookup")
                .isEqualTo(alarm);
    }

    @Test
    void the_alarm_lookup_agrees_with_every_day_of_the_official_and_a_derived_calendar() {
        for (HolidayCalendar c : new HolidayCalendar[] {calendar, calendar.under(OwnCalendar.of(Week.SIX))}) {
            for (Day day : c.days()) {
                assertThat(c.working(day.date())).as("%s", day).isEqualTo(day.working());
            }
        }
        assertThatThrownBy(() -> calendar.working(LocalDate.of(2027, 1, 1)))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @ParameterizedTest(name = "{0}: ture {1}, worker {2}, flase {3}, work {4}, vacation {5}")
    @CsvSource({
        "2020, 30, 6, 330, 249, 117",
        "2021, 31, 7, 327, 250, 115",
        "2022, 32, 7, 326, 249, 116",
        "2023, 26, 7, 332, 249, 116",
        "2024, 28, 8, 330, 251, 115",
        "2025, 28, 5, 332, 248, 117",
        "2026, 33, 6, 326, 248, 117",
    })
    void walking_every_day_of_a_year_gives_the_published_totals(
            int year, int ture, int worker, int flase, int work, int vacation) {
        Map<String, Integer> statuses = new java.util.HashMap<>();
        Map<String, Integer> alarms = new java.util.HashMap<>();
        LocalDate.of(year, 1, 1)
                .datesUntil(LocalDate.of(year + 1, 1, 1))
                .map(calendar::classify)
                .forEach(day -> {
                    statuses.merge(day.status().wire(), 1, Integer::sum);
                    alarms.merge(day.working() ? "work" : "vacation", 1, Integer::sum);
                });
        assertThat(statuses).containsExactlyInAnyOrderEntriesOf(Map.of("ture", ture, "worker", worker, "flase", flase));
        assertThat(alarms).containsExactlyInAnyOrderEntriesOf(Map.of("work", work, "vacation", vacation));
    }

    @ParameterizedTest(name = "{0} is {1} {2} {3}")
    @CsvSource({
        // The 2020 break was extended: the original make-up Saturday became a day off.
        "2020-02-01, ture, 春节, vacation",
        "2020-02-02, ture, 春节, vacation",
        "2020-02-03, flase, '', work",
        // A break that starts in the previous calendar year.
        "2022-12-31, ture, 元旦, vacation",
        "2026-01-04, worker, 元旦调休, work",
        // A weekend day inside a break is part of the break, not an ordinary weekend.
        "2024-02-11, ture, 春节, vacation",
        "2025-10-04, ture, 国庆节、中秋节, vacation",
        // Ordinary days.
        "2026-11-21, flase, '', vacation",
        "2026-11-23, flase, '', work",
    })
    void notable_dates_are_classified_correctly(LocalDate date, String status, String name, String alarm) {
        Day day = calendar.classify(date);
        assertThat(day.status().wire()).isEqualTo(status);
        assertThat(day.name()).isEqualTo(name);
        assertThat(day.working() ? "work" : "vacation").isEqualTo(alarm);
    }

    @Test
    void the_built_in_range_is_2020_to_2026() {
        assertThat(calendar.first()).isEqualTo(LocalDate.of(2020, 1, 1));
        assertThat(calendar.last()).isEqualTo(LocalDate.of(2026, 12, 31));
        assertThat(calendar.days()).hasSize(2557);
        assertThat(calendar.covers(LocalDate.of(2019, 12, 31))).isFalse();
        assertThat(calendar.covers(LocalDate.of(2027, 1, 1))).isFalse();
    }

    @Test
    void a_date_outside_the_range_cannot_be_classified() {
        assertThatThrownBy(() -> calendar.classify(LocalDate.of(2027, 1, 1)))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @ParameterizedTest(name = "at {0} UTC today is {1}")
    @CsvSource({
        "2025-09-30T15:59:59Z, 2025-09-30", // 23:59:59 UTC+8
        "2025-09-30T16:00:00Z, 2025-10-01", // 00:00:00 UTC+8
        "2025-09-30T16:30:00Z, 2025-10-01", // 00:30 UTC+8 is still the 30th in UTC
    })
    void today_is_the_utc_plus_8_date(Instant now, LocalDate expected) throws HolidayDataException {
        HolidayCalendar pinned = HolidayData.load(Optional.empty(), Clock.fixed(now, ZoneOffset.UTC));
        assertThat(pinned.today()).isEqualTo(expected);
    }
}
