package pocketapi.holidays.data;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvFileSource;
import pocketapi.files.Allowance;
import pocketapi.holidays.HolidayDataException;

/** holiday-cn's shape has one reader: a year's file and a calendar of one's own refuse the same days alike. */
class HolidayFileTest {
    private static byte[] utf8(String json) {
        return json.getBytes(StandardCharsets.UTF_8);
    }

    /** {@code n} days, as a list's entries with a comma after each. */
    private static String days(int n) {
        StringBuilder days = new StringBuilder();
        for (int i = 0; i < n; i++) {
            days.append("{\"name\": \"元旦\", \"date\": \"2027-01-01\", \"isOffDay\": true}, ");
        }
        return days.toString();
    }

    @ParameterizedTest(name = "{0}")
    @CsvFileSource(resources = "/cases/HolidayFileTest.csv", delimiter = '|', quoteCharacter = '\'')
    void a_day_a_years_file_refuses_a_calendar_refuses_in_the_same_words(String problem, String days, String message) {
        assertThatThrownBy(() -> HolidayFile.parse("2027.json", 2027, utf8("{\"year\": 2027, \"days\": " + days + "}")))
                .isInstanceOf(HolidayDataException.class)
                .hasMessageStartingWith("2027.json: " + message);
        assertThatThrownBy(() -> CalendarFile.parse(
                        "acme.json", "acme", utf8("{\"days\": " + days + "}"), Allowance.unlimited()))
                .isInstanceOf(HolidayDataException.class)
                .hasMessageStartingWith("acme.json: " + message);
    }

    @Test
    void a_years_file_is_refused_at_its_398th_day_before_that_day_is_read() {
        assertThatThrownBy(() -> HolidayFile.parse(
                        "2027.json", 2027, utf8("{\"year\": 2027, \"days\": [" + days(397) + "\"not a day\"]}")))
                .hasMessage("2027.json: \"days\" lists more than 397 entries (a year and the December before it have "
                        + "397 days)");
    }

    @Test
    void a_calendar_is_charged_each_day_before_that_day_is_read() {
        Allowance twoDays = new Allowance(CalendarFile.BYTES + 2 * CalendarFile.BYTES_PER_DAY, "the calendars");
        assertThatThrownBy(() -> CalendarFile.parse(
                        "acme.json", "acme", utf8("{\"days\": [" + days(2) + "\"not a day\"]}"), twoDays))
                .isInstanceOf(Allowance.Exceeded.class)
                .hasMessageStartingWith("the calendars would take more than");
    }

    @Test
    void a_nested_value_where_a_year_or_a_week_belongs_is_refused_unread() {
        assertThatThrownBy(() -> HolidayFile.parse("2027.json", 2027, utf8("{\"year\": [2027], \"days\": []}")))
                .hasMessage("2027.json: \"year\" must be a whole number");
        assertThatThrownBy(() -> CalendarFile.parse(
                        "acme.json", "acme", utf8("{\"week\": {\"every\": [6]}}"), Allowance.unlimited()))
                .hasMessageStartingWith("acme.json: \"week\" must be 5 (Monday to Friday)")
                .hasMessageEndingWith("({…})");
    }
}
