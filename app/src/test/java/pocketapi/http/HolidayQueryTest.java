package pocketapi.http;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.LocalDate;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import pocketapi.holiday.HolidayCalendar;
import pocketapi.holiday.TestYears;

/** y, m, d to a covered date, directly: the HTTP tests only check that the wiring passes them on. */
class HolidayQueryTest {
    private static final HolidayCalendar CALENDAR = TestYears.calendarWith(TestApps.at("2026-05-01T03:00:00Z"));

    @ParameterizedTest(name = "y={0} m={1} d={2} -> {3}")
    @CsvSource({
            "2025, 10, 1, 2025-10-01",
            "2026, 03, 09, 2026-03-09",
            "000002020, 1, 1, 2020-01-01",
            "2026, 12, 31, 2026-12-31",
    })
    void digits_make_a_date(String y, String m, String d, LocalDate expected) {
        assertThat(HolidayQuery.date(y, m, d, CALENDAR)).isEqualTo(expected);
    }

    @Test
    void none_given_is_today_in_utc_plus_8() {
        assertThat(HolidayQuery.date(null, null, null, CALENDAR)).isEqualTo(LocalDate.of(2026, 5, 1));
    }

    @ParameterizedTest(name = "y={0} m={1} d={2}")
    @CsvSource(nullValues = "NULL", value = {
            "2025, NULL, NULL, 'y, m and d must be given together (or none of them, for today)'",
            "NULL, '', 1, 'y, m and d must be given together (or none of them, for today)'",
            "'', 1, 1, 'y= is not accepted; y must be 1 to 9 digits 0-9'",
            "2025, 1234567890, 1, 'm=1234567890 is not accepted; m must be 1 to 9 digits 0-9'",
            "2025, ' 1', 1, 'm= 1 is not accepted; m must be 1 to 9 digits 0-9'",
            "2025, ١, 1, 'm=١ is not accepted; m must be 1 to 9 digits 0-9'",
            "2023, 2, 29, 'y=2023, m=2, d=29 is not a real calendar date'",
            "2019, 12, 31, 'the date 2019-12-31 is outside the covered range 2020-01-01 to 2026-12-31 (2019 is not in the holiday data)'",
    })
    void bad_input_is_a_400_saying_what_was_wrong(String y, String m, String d, String message) {
        assertThatThrownBy(() -> HolidayQuery.date(y, m, d, CALENDAR))
                .isInstanceOfSatisfying(ApiError.class, e -> assertThat(e.status()).isEqualTo(400))
                .hasMessage(message);
    }

    @Test
    void a_year_known_not_to_be_published_says_so() {
        assertThatThrownBy(() -> HolidayQuery.date("2027", "10", "1", CALENDAR.withNotPublished(2027)))
                .hasMessage("the date 2027-10-01 is in 2027, whose holiday arrangement is not published yet; "
                        + "covered: 2020-01-01 to 2026-12-31");
    }
}
