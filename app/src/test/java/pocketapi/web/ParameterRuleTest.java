package pocketapi.web;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.http.HttpResponse;
import java.time.Clock;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvFileSource;
import pocketapi.TestApps;

/**
 * {@code date=YYYY-MM-DD} wherever y/m/d are taken, and the parameter rule: a name close to one of the endpoint's own
 * parameters (letter case; two edits for names of four letters or more) is a 400 saying which was meant; any other name
 * is ignored.
 */
class ParameterRuleTest {
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
