package pocketapi.http;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.http.HttpResponse;
import java.time.Clock;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * {@code date=YYYY-MM-DD} wherever y/m/d are taken, and the parameter rule: a name the API uses
 * anywhere (in any case, and year, month, day) must be one the endpoint takes; any other is ignored.
 */
class ParameterRuleTest {
    @Test
    void date_answers_as_y_m_d_do_on_every_endpoint_that_takes_them() {
        TestServer.run(TestApps.app(Clock.systemUTC()), server -> {
            for (String path : new String[] {"/api/holidays", "/api/holidays/detail", "/api/holidays/next"}) {
                assertThat(server.get(path + "?date=2025-10-01").body()).as(path)
                        .isEqualTo(server.get(path + "?y=2025&m=10&d=1").body()).contains("2025-10-01");
            }
            assertThat(server.get("/api/holidays?date=2026-10-09&type=alarm&offset=1").body()).isEqualTo("work");
        });
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            /api/holidays?date=2025-10-01&y=2025           | date and y, m, d cannot be given together: give date=YYYY-MM-DD or y, m and d
            /api/holidays?date=2025-10-32                  | date=2025-10-32 is not accepted; date must be a date YYYY-MM-DD
            /api/holidays?day=1                            | day is not a parameter of /api/holidays; it takes y, m, d, date, type, offset, week, calendar (other names, such as _=…, are ignored)
            /api/holidays?Y=2026&m=1&d=1                   | Y is not a parameter of /api/holidays; it takes y, m, d, date, type, offset, week, calendar
            /api/holidays?y=2026&m=1&d=1&TYPE=alarm        | TYPE is not a parameter of /api/holidays
            /api/holidays/year?y=2026&m=1                  | m is not a parameter of /api/holidays/year; it takes y, week, calendar
            /api/workdays/add?date=2026-09-28&n=5&offset=1 | offset is not a parameter of /api/workdays/add; it takes date, n, week, calendar
            /img?type=json&year=2026                       | year is not a parameter of /img; it takes type
            """)
    void a_misspelled_or_misplaced_parameter_answers_400_naming_the_ones_taken(String path, String message) {
        TestServer.run(TestApps.app(Clock.systemUTC()), server -> {
            HttpResponse<String> response = server.get(path);
            assertThat(response.statusCode()).isEqualTo(400);
            assertThat(response.body()).contains(message);
        });
    }

    @Test
    void names_the_api_does_not_use_are_ignored_as_cache_busters_need() {
        TestServer.run(TestApps.app(Clock.systemUTC()), server -> {
            assertThat(server.get("/api/holidays?y=2025&m=10&d=1&_=1700000000&utm_source=x").body())
                    .isEqualTo(server.get("/api/holidays?y=2025&m=10&d=1").body());
            assertThat(server.get("/img?t=1700000000").statusCode()).isEqualTo(302);
            assertThat(server.get("/api/info?type=x").statusCode()).as("/api/info takes none and reads none").isEqualTo(200);
        });
    }
}
