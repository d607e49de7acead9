package pocketapi.holidays;

import static org.assertj.core.api.Assertions.assertThat;
import static pocketapi.web.TestServer.contentType;

import java.net.http.HttpResponse;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvFileSource;
import org.junit.jupiter.params.provider.CsvSource;
import pocketapi.TestApps;
import pocketapi.web.TestServer;

class HolidayApiTest {
    private static final String JSON = "application/json; charset=utf-8";
    private static final String TEXT = "text/plain; charset=utf-8";

    private static void assertAnswer(String path, String type, String body) {
        TestServer.run(TestApps.app(), server -> {
            HttpResponse<String> response = server.get(path);
            assertThat(response.statusCode()).isEqualTo(200);
            assertThat(contentType(response)).isEqualTo(type);
            assertThat(response.headers().firstValue("Access-Control-Allow-Origin"))
                    .contains("*");
            assertThat(response.body()).isEqualTo(body);
        });
    }

    @Test
    void reference_answer_json_record_for_national_day_2025() {
        assertAnswer(
                "/api/holidays?y=2025&m=10&d=1",
                JSON,
                "{\"date\":\"2025-10-01\",\"year\":2025,\"month\":10,\"day\":1,\"status\":\"ture\","
                        + "\"isHoliday\":true,\"isWorkday\":false,\"name\":\"国庆节、中秋节\"}");
    }

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource({
        "/api/holidays?type=pithy&y=2025&m=10&d=1, ture",
        "/api/holidays?type=pithy&y=2026&m=10&d=10, worker",
        "/api/holidays?type=alarm&y=2026&m=4&d=20, work",
        "/api/holidays?type=alarm&y=2026&m=10&d=10, work",
        "/api/holidays?type=alarm&y=2025&m=10&d=1, vacation",
    })
    void reference_answers_in_text_form(String path, String body) {
        assertAnswer(path, TEXT, body);
    }

    @ParameterizedTest(name = "{0}")
    @CsvFileSource(resources = "/cases/HolidayApiTest.csv", delimiter = '|', quoteCharacter = '\'')
    void notable_dates_answer_their_json_record(String path, String body) {
        assertAnswer(path, JSON, body);
    }

    @ParameterizedTest(name = "type={0} gives JSON")
    @CsvSource({"json", "''", "PITHY", "xml"})
    void any_other_type_gives_the_json_record(String type) {
        assertAnswer(
                "/api/holidays?y=2026&m=10&d=10&type=" + type,
                JSON,
                "{\"date\":\"2026-10-10\",\"year\":2026,\"month\":10,\"day\":10,\"status\":\"worker\","
                        + "\"isHoliday\":false,\"isWorkday\":true,\"name\":\"国庆节调休\"}");
    }

    @Test
    void the_first_of_repeated_parameters_counts() {
        assertAnswer("/api/holidays?y=2025&m=10&d=1&y=1999&type=pithy&type=alarm", TEXT, "ture");
    }

    @Test
    void trailing_slash_is_the_same_endpoint() {
        assertAnswer("/api/holidays/?type=pithy&y=2026&m=10&d=10", TEXT, "worker");
    }

    @ParameterizedTest(name = "at {0} UTC, today is {1}")
    @CsvSource({
        // 23:59:59 UTC+8 on the eve of National Day, then 00:00:00 UTC+8 on the day itself.
        "2025-09-30T15:59:59Z, 2025-09-30, flase, work",
        "2025-09-30T16:00:00Z, 2025-10-01, ture, vacation",
        // 00:30 UTC+8 on 2026-01-04 is still 2026-01-03 in UTC.
        "2026-01-03T16:30:00Z, 2026-01-04, worker, work",
    })
    void without_a_date_the_answer_is_for_today_in_utc_plus_8(String now, String date, String status, String alarm) {
        TestServer.run(TestApps.app(TestApps.at(now)), server -> {
            assertThat(server.get("/api/holidays").body()).startsWith("{\"date\":\"" + date + "\"");
            assertThat(server.get("/api/holidays?type=pithy").body()).isEqualTo(status);
            assertThat(server.get("/api/holidays?type=alarm").body()).isEqualTo(alarm);
        });
    }

    @Test
    void today_outside_the_covered_range_is_400_saying_so() {
        TestServer.run(TestApps.app(TestApps.at("2026-12-31T16:00:00Z")), server -> {
            HttpResponse<String> response = server.get("/api/holidays?type=alarm");
            assertThat(response.statusCode()).isEqualTo(400);
            assertThat(response.body())
                    .contains("today 2027-01-01 is in 2027, whose holiday arrangement is not fetched yet; "
                            + "covered: 2020-01-01 to 2026-12-31");
        });
    }
}
