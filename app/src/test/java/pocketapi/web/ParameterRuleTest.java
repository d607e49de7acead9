package pocketapi.web;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.net.http.HttpResponse;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvFileSource;
import org.junit.jupiter.params.provider.CsvSource;
import pocketapi.TestApps;
import pocketapi.files.Json;

/**
 * {@code date=YYYY-MM-DD} wherever y/m/d are taken, and the parameter rule: a name close to one of the endpoint's own
 * parameters (letter case; a long name it declares, year for y; two edits for names of four letters or more) is a 400
 * saying which was meant; any other name is ignored.
 */
class ParameterRuleTest {
    /** The long names people type for the short parameters. */
    private static final Map<String, String> LONG = Map.of(
            "y",
            "year",
            "m",
            "month",
            "d",
            "day",
            "n",
            "days",
            "from",
            "start",
            "to",
            "end",
            "lang",
            "language",
            "c",
            "category");

    @Test
    void date_answers_as_y_m_d_do_on_every_endpoint_that_takes_them() {
        TestServer.run(TestApps.app(Clock.systemUTC()), server -> {
            for (String path : new String[] {"/api/holidays", "/api/holidays/detail", "/api/holidays/next"}) {
                assertThat(server.get(path + "?date=2025-10-01").body())
                        .as(path)
                        .isEqualTo(server.get(path + "?y=2025&m=10&d=1").body())
                        .contains("2025-10-01");
            }
            assertThat(server.get("/api/holidays?date=2026-10-09&type=alarm&offset=1")
                            .body())
                    .isEqualTo("work");
        });
    }

    @ParameterizedTest(name = "{0}")
    @CsvFileSource(resources = "/cases/ParameterRuleTest.csv", delimiter = '|', quoteCharacter = '\'')
    void a_misspelled_parameter_answers_400_saying_which_was_meant(String path, String message) {
        TestServer.run(TestApps.app(Clock.systemUTC()), server -> {
            HttpResponse<String> response = server.get(path);
            assertThat(response.statusCode()).isEqualTo(400);
            assertThat(response.body()).contains(message);
        });
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(
            delimiter = '|',
            value = {
                "/api/holidays/year?year=2027 | year is not a parameter of /api/holidays/year: did you mean y? It takes "
                        + "y, week, calendar, region (other names, such as _=…, are ignored)",
                "/api/holidays?year=2027&month=2&day=8 | year is not a parameter of /api/holidays: did you mean y? It "
                        + "takes y, m, d, date, type, offset, week, calendar, forecast, region (other names, such as "
                        + "_=…, are ignored)",
                "/api/holidays?y=2027&month=2&d=8 | month is not a parameter of /api/holidays: did you mean m? It "
                        + "takes y, m, d, date, type, offset, week, calendar, forecast, region (other names, such as "
                        + "_=…, are ignored)",
                "/api/holidays/next?Day=8&y=2026&m=10 | Day is not a parameter of /api/holidays/next: did you mean d? "
                        + "It takes y, m, d, date, offset, week, calendar, region (other names, such as _=…, are "
                        + "ignored)",
            })
    void the_names_people_type_for_y_m_d_are_a_400_saying_which_was_meant_never_an_answer_for_another_date(
            String path, String message) {
        TestServer.run(TestApps.app(TestApps.at("2026-05-06T02:00:00Z")), server -> {
            HttpResponse<String> response = server.get(path);
            assertThat(response.statusCode()).isEqualTo(400);
            assertThat(TestServer.contentType(response)).isEqualTo("application/json; charset=utf-8");
            assertThat(response.body())
                    .isEqualTo("{\"status\":400,\"error\":\"Bad Request\",\"message\":\"" + message + "\"}");
        });
    }

    @Test
    void on_every_endpoint_a_short_parameters_long_name_is_a_400_saying_which_was_meant() {
        TestServer.run(TestApps.app(TestApps.at("2026-05-06T02:00:00Z")), server -> {
            JsonNode paths =
                    Json.mapper().readTree(server.get("/openapi.json").body()).get("paths");
            List<String> checked = new ArrayList<>();
            for (var path : (Iterable<Map.Entry<String, JsonNode>>) paths::fields) {
                for (JsonNode p : path.getValue().get("get").get("parameters")) {
                    String name = p.get("name").asText();
                    if (!LONG.containsKey(name)) {
                        continue;
                    }
                    String asked = path.getKey() + "?" + LONG.get(name) + "=2027";
                    HttpResponse<String> response = server.get(asked);
                    assertThat(response.statusCode()).as(asked).isEqualTo(400);
                    assertThat(Json.mapper()
                                    .readTree(response.body())
                                    .get("message")
                                    .asText())
                            .as(asked)
                            .startsWith(LONG.get(name) + " is not a parameter of " + path.getKey() + ": did you mean "
                                    + name + "?");
                    checked.add(path.getKey() + " " + name);
                }
            }
            assertThat(checked)
                    .contains(
                            "/api/holidays y",
                            "/api/holidays m",
                            "/api/holidays d",
                            "/api/holidays/detail d",
                            "/api/holidays/year y",
                            "/api/holidays/next y",
                            "/api/holidays.ics y",
                            "/api/holidays.ics lang",
                            "/api/holidays/forecast y",
                            "/api/holidays/range from",
                            "/api/workdays/count to",
                            "/api/workdays/add n");
        });
    }

    @Test
    void names_the_api_does_not_use_are_ignored_as_cache_busters_need() {
        TestServer.run(TestApps.app(Clock.systemUTC()), server -> {
            assertThat(server.get("/api/holidays?y=2025&m=10&d=1&_=1700000000&utm_source=x")
                            .body())
                    .isEqualTo(server.get("/api/holidays?y=2025&m=10&d=1").body());
            assertThat(server.get("/img?t=1700000000").statusCode()).isEqualTo(302);
            assertThat(server.get("/img?type=json&n=2").statusCode())
                    .as("n belongs to another endpoint")
                    .isEqualTo(200);
            assertThat(server.get("/api/holidays?date=2026-10-01&n=5&from=x").body())
                    .isEqualTo(server.get("/api/holidays?date=2026-10-01").body());
            assertThat(server.get("/api/holidays/year?y=2026&m=1").statusCode()).isEqualTo(200);
            assertThat(server.get("/api/info?type=x").statusCode())
                    .as("/api/info takes none and reads none")
                    .isEqualTo(200);
        });
    }
}
