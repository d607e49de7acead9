package pocketapi.holidays;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static pocketapi.holidays.DayRoutes.D;
import static pocketapi.holidays.DayRoutes.DATE;
import static pocketapi.holidays.DayRoutes.M;
import static pocketapi.holidays.DayRoutes.OFFSET;
import static pocketapi.holidays.DayRoutes.Y;

import java.time.LocalDate;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvFileSource;
import org.junit.jupiter.params.provider.CsvSource;
import pocketapi.TestApps;
import pocketapi.web.Queries;
import pocketapi.web.Query.Param;

/** A query string to a covered date, directly: the HTTP tests only check that the wiring passes it on. */
class DayParamsTest {
    private static final HolidayCalendar CALENDAR = TestYears.calendarWith(TestApps.at("2026-05-01T03:00:00Z"));
    private static final List<Param<?>> PARAMS = List.of(Y, M, D, DATE, OFFSET);

    private static LocalDate day(String query, HolidayCalendar calendar) {
        return new DayRoutes(
                        () -> calendar,
                        TestApps.regions(java.time.Clock.systemUTC()),
                        Forecasts.NONE,
                        java.util.Map::of,
                        true)
                .day(Queries.read("/api/holidays", query, PARAMS, "unknown"), calendar);
    }

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource({
        "y=2025&m=10&d=1, 2025-10-01",
        "y=2026&m=03&d=09, 2026-03-09",
        "y=000002020&m=1&d=1, 2020-01-01",
        "date=2026-12-31, 2026-12-31",
        "y=2025&m=10&d=1&y=1999, 2025-10-01",
        "date=2026-10-09&offset=1, 2026-10-10",
        "offset=-1, 2026-04-30",
    })
    void the_query_makes_a_date(String query, LocalDate expected) {
        assertThat(day(query, CALENDAR)).isEqualTo(expected);
    }

    @Test
    void none_given_is_today_in_utc_plus_8() {
        assertThat(day(null, CALENDAR)).isEqualTo(LocalDate.of(2026, 5, 1));
        assertThat(day("_=1700000000", CALENDAR)).isEqualTo(LocalDate.of(2026, 5, 1));
    }

    @ParameterizedTest(name = "{0}")
    @CsvFileSource(resources = "/cases/DayParamsTest.csv", delimiter = '|', quoteCharacter = '\'')
    void bad_input_is_a_400_saying_what_was_wrong(String query, String message) {
        assertThatThrownBy(() -> day(query, CALENDAR))
                .isInstanceOfSatisfying(
                        io.javalin.http.HttpResponseException.class,
                        e -> assertThat(e.getStatus()).isEqualTo(400))
                .hasMessage(message);
    }

    @Test
    void a_year_known_not_to_be_published_says_so() {
        assertThatThrownBy(() -> day("y=2027&m=10&d=1", CALENDAR.withNotPublished(2027)))
                .hasMessage("the date 2027-10-01 is in 2027, whose holiday arrangement is not published yet; "
                        + "covered: 2020-01-01 to 2026-12-31");
    }

    @ParameterizedTest(name = "{0} is taken for {1}")
    @CsvSource({
        "ofset, offset",
        "Offset, offset",
        "OFFSET, offset",
        "tpye, type",
        "tyep, type",
        "dat, date",
        "calender, calendar",
        "Y, y",
        "weak, week",
        "typ, type",
        "dates, date",
        "year, y",
        "month, m",
        "day, d",
        "Year, y"
    })
    void a_name_close_to_a_parameter_of_the_endpoint_is_a_400_saying_which_was_meant(String name, String meant) {
        List<Param<?>> params = List.of(Y, M, D, DATE, DayRoutes.TYPE, OFFSET, DayRoutes.WEEK, DayRoutes.CALENDAR);
        assertThatThrownBy(() -> Queries.read("/api/holidays", name + "=1", params, "unknown"))
                .hasMessage(
                        name + " is not a parameter of /api/holidays: did you mean " + meant + "? It takes y, m, d, "
                                + "date, type, offset, week, calendar (other names, such as _=…, are ignored)");
    }

    @ParameterizedTest(name = "{0} is ignored")
    @CsvSource({"_", "t", "n", "from", "utm_source", "callback", "yy", "dd"})
    void any_other_name_is_ignored(String name) {
        List<Param<?>> params = List.of(Y, M, D, DATE, DayRoutes.TYPE, OFFSET, DayRoutes.WEEK, DayRoutes.CALENDAR);
        assertThat(Queries.read("/api/holidays", name + "=1", params, "unknown").given(Y))
                .isFalse();
    }
}
