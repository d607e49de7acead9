package pocketapi.web;

import pocketapi.TestApps;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.http.HttpResponse;
import java.time.Clock;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * {@code date=YYYY-MM-DD} wherever y/m/d are taken, and the parameter rule: a name close to one of
 * the endpoint's own parameters (letter case; two edits for names of four letters or more) is a 400
 * saying which was meant; any other name is ignored.
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
            /api/holidays?date=2025-10-32                  | date=2025-10-32 is not a date: October 2025 has 31 days
            /api/holidays?date=2026-02-30                  | date=2026-02-30 is not a date: February 2026 has 28 days
            /api/holidays?date=2024-02-30                  | date=2024-02-30 is not a date: February 2024 has 29 days
            /api/holidays?date=2026-13-01                  | date=2026-13-01 is not a date: a month is 1 to 12
            /api/holidays?type=alarm&ofset=1               | ofset is not a parameter of /api/holidays: did you mean offset? It takes y, m, d, date, type, offset, week, calendar, forecast, region (other names, such as _=…, are ignored)
            /api/holidays?tpye=alarm                       | tpye is not a parameter of /api/holidays: did you mean type?
            /api/holidays?Y=2026&m=1&d=1                   | Y is not a parameter of /api/holidays: did you mean y?
            /api/holidays?y=2026&m=1&d=1&TYPE=alarm        | TYPE is not a parameter of /api/holidays: did you mean type?
            /api/holidays?day=1                            | day is not a parameter of /api/holidays: did you mean date?
            /api/holidays/range?form=2026-01-01&to=2026-01-02 | form is not a parameter of /api/holidays/range: did you mean from?
            /api/workdays/add?dat=2026-09-28&n=5           | dat is not a parameter of /api/workdays/add: did you mean date? It takes date, n, week, calendar, region
            /api/holidays.ics?calender=exchange            | calender is not a parameter of /api/holidays.ics: did you mean calendar?
            """)
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
            assertThat(server.get("/api/holidays?y=2025&m=10&d=1&_=1700000000&utm_source=x").body())
                    .isEqualTo(server.get("/api/holidays?y=2025&m=10&d=1").body());
            assertThat(server.get("/img?t=1700000000").statusCode()).isEqualTo(302);
            assertThat(server.get("/img?type=json&n=2").statusCode()).as("n belongs to another endpoint").isEqualTo(200);
            assertThat(server.get("/api/holidays?date=2026-10-01&n=5&from=x").body())
                    .isEqualTo(server.get("/api/holidays?date=2026-10-01").body());
            assertThat(server.get("/api/holidays/year?y=2026&m=1").statusCode()).isEqualTo(200);
            assertThat(server.get("/api/info?type=x").statusCode()).as("/api/info takes none and reads none").isEqualTo(200);
        });
    }
}
