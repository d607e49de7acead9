package pocketapi.holidays;

import static org.assertj.core.api.Assertions.assertThat;
import static pocketapi.web.TestServer.contentType;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.net.URLEncoder;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import pocketapi.TestApps;
import pocketapi.web.TestServer;

class HolidayBadInputTest {
    private static final ObjectMapper MAPPER = new ObjectMapper();

    /** Each value is sent percent-encoded, so a "+" or a space reaches the server as itself. */
    private static String q(String name, String value) {
        return name + "=" + URLEncoder.encode(value, StandardCharsets.UTF_8);
    }

    @ParameterizedTest(name = "y={0} m={1} d={2}")
    @CsvSource({
        "'', 1, 1, y= is not accepted; y must be 1 to 9 digits 0-9",
        "+1, 1, 1, y=+1 is not accepted",
        "-1, 1, 1, y=-1 is not accepted",
        "' 1', 1, 1, y=+1 is not accepted", // a space sent as + (form encoding) is echoed as sent
        "2025, 1a, 1, m=1a is not accepted",
        "٢٠٢٥, 1, 1, y=٢٠٢٥ is not accepted",
        "2025, 1, 99999999999999999999, d=99999999999999999999 is not accepted",
        "2025, 1.5, 1, m=1.5 is not accepted",
        "2025, 1, 0000000001, d=0000000001 is not accepted",
        "2023, 2, 29, 'y=2023, m=2, d=29 is not a date: February 2023 has 28 days'",
        "2025, 13, 1, 'y=2025, m=13, d=1 is not a date: a month is 1 to 12'",
        "2025, 1, 0, 'y=2025, m=1, d=0 is not a date: January 2025 has 31 days'",
        "2019, 12, 31, the date 2019-12-31 is outside the covered range 2020-01-01 to 2026-12-31",
        "2027, 1, 1, the date 2027-01-01 is in 2027, whose holiday arrangement is not fetched yet",
    })
    void a_bad_date_is_400_with_a_json_body_saying_what_was_wrong(String y, String m, String d, String message)
            throws Exception {
        assertBadRequest("/api/holidays?" + q("y", y) + "&" + q("m", m) + "&" + q("d", d), message);
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource({
        "/api/holidays?y=2025",
        "/api/holidays?y=2025&m=10",
        "/api/holidays?m=10&d=1",
        "/api/holidays?d=1&type=pithy",
        "/api/holidays?y",
        "/api/holidays?y=&m=",
    })
    void partial_parameters_are_400(String path) throws Exception {
        assertBadRequest(path, "y, m and d must be given together (or none of them, for today)");
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource({
        "/api/holidays?y=%zz&m=10&d=1, 400, y=%zz has a malformed %-escape: every % must be followed by two hex digits",
        "/api/holidays?y=2025&m=10&d=1%, 400, d=1% has a malformed %-escape",
        // UTF-8 whatever the request's Content-Type says: the label is 中, not three Latin-1 letters.
        "/api/badge.json?label=%E4%B8%AD, 200, '\"label\":\"中\"'",
    })
    void a_query_is_decoded_as_utf8_and_a_malformed_escape_is_400(String path, int status, String says) {
        // Sent raw: Java's HTTP client refuses to send a malformed escape.
        TestServer.run(TestApps.app(), server -> {
            String answer = new String(
                    server.raw("GET " + path + " HTTP/1.1\r\nHost: a\r\nContent-Type: text/plain; charset=ISO-8859-1"
                                    + "\r\nConnection: close\r\n\r\n")
                            .getBytes(StandardCharsets.ISO_8859_1),
                    StandardCharsets.UTF_8);
            assertThat(answer).startsWith("HTTP/1.1 " + status + " ").contains(says);
        });
    }

    private static void assertBadRequest(String path, String message) {
        TestServer.run(TestApps.app(), server -> {
            HttpResponse<String> response = server.get(path);
            assertThat(response.statusCode()).isEqualTo(400);
            assertThat(contentType(response)).isEqualTo("application/json; charset=utf-8");
            assertThat(response.headers().firstValue("Access-Control-Allow-Origin"))
                    .contains("*");
            JsonNode body = MAPPER.readTree(response.body());
            assertThat(body.get("status").intValue()).isEqualTo(400);
            assertThat(body.get("error").textValue()).isEqualTo("Bad Request");
            assertThat(body.get("message").textValue()).contains(message);
            assertThat(body.size()).isEqualTo(3);
        });
    }
}
