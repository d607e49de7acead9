package pocketapi.web;

import static org.assertj.core.api.Assertions.assertThat;
import static pocketapi.web.TestServer.contentType;

import java.net.http.HttpResponse;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import pocketapi.TestApps;

/** Pins the framework defaults the API depends on: HEAD, 405, 404, charset, trailing slash. */
class MethodPolicyTest {

    @ParameterizedTest(name = "HEAD {0}")
    @CsvSource({
        "/api/holidays?y=2025&m=10&d=1",
        "/api/holidays?type=alarm&y=2025&m=10&d=1",
        "/api/holidays?y=2025",
        "/api/nope",
        "/api/info",
        "/api/holidays/year?y=2026",
        "/api/holidays/year?y=1999",
        "/api/holidays/next?y=2026&m=5&d=6",
        "/api/holidays.ics?y=2026",
        "/api/holidays/detail?y=2026&m=2&d=16",
        "/api/holidays/detail?y=2026",
        "/api/holidays/forecast?y=2027",
    })
    void head_has_the_status_and_headers_of_get_and_no_body(String path) {
        TestServer.run(TestApps.app(), server -> {
            HttpResponse<String> get = server.get(path);
            HttpResponse<String> head = server.head(path);
            assertThat(head.statusCode()).isEqualTo(get.statusCode());
            assertThat(contentType(head)).isEqualTo(contentType(get));
            assertThat(head.headers().firstValue("Content-Length"))
                    .contains(String.valueOf(get.body().getBytes(java.nio.charset.StandardCharsets.UTF_8).length));
            assertThat(head.headers().firstValue("Access-Control-Allow-Origin"))
                    .isEqualTo(get.headers().firstValue("Access-Control-Allow-Origin"));
            assertThat(head.body()).isEmpty();
        });
    }

    @ParameterizedTest(name = "{0} {1}")
    @CsvSource({
        "POST, /api/holidays",
        "PUT, /api/holidays",
        "DELETE, /api/holidays",
        "PATCH, /api/holidays",
        "OPTIONS, /api/holidays",
        "POST, /api/holidays/",
        "OPTIONS, /api/holidays?y=2025&m=10&d=1",
        "PUT, /api/info",
        "OPTIONS, /api/info/",
        "POST, /api/holidays/year",
        "DELETE, /api/holidays/next/",
        "OPTIONS, /api/holidays.ics",
        "POST, /api/holidays/detail",
    })
    void any_other_method_is_405_with_allow(String method, String path) {
        TestServer.run(TestApps.app(), server -> {
            HttpResponse<String> response = server.send(method, path);
            assertThat(response.statusCode()).isEqualTo(405);
            assertThat(response.headers().firstValue("Allow")).contains("GET, HEAD");
            assertThat(response.headers().firstValue("Access-Control-Allow-Origin"))
                    .contains("*");
            assertThat(contentType(response)).isEqualTo("application/json; charset=utf-8");
            assertThat(response.body())
                    .startsWith("{\"status\":405,\"error\":\"Method Not Allowed\",\"message\":\"" + method
                            + " is not allowed on ");
        });
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource({"/api/nope", "/api/holidays/extra", "/api/pong", "/nope", "//api/holidays", "/API/HOLIDAYS"})
    void unknown_paths_are_404_with_the_json_error_body(String path) {
        TestServer.run(TestApps.app(), server -> {
            HttpResponse<String> response = server.get(path);
            assertThat(response.statusCode()).isEqualTo(404);
            assertThat(contentType(response)).isEqualTo("application/json; charset=utf-8");
            assertThat(response.body())
                    .startsWith("{\"status\":404,\"error\":\"Not Found\",\"message\":\"No endpoint at ");
        });
    }

    @Test
    void post_on_an_unknown_path_is_404_not_405() {
        TestServer.run(TestApps.app(), server -> {
            HttpResponse<String> response = server.send("POST", "/api/nope");
            assertThat(response.statusCode()).isEqualTo(404);
            assertThat(response.headers().firstValue("Allow")).isEmpty();
        });
    }

    @Test
    void text_and_json_carry_the_exact_content_types_with_charset() {
        TestServer.run(TestApps.app(), server -> {
            assertThat(contentType(server.get("/api/holidays?y=2025&m=10&d=1")))
                    .isEqualTo("application/json; charset=utf-8");
            assertThat(contentType(server.get("/api/holidays?y=2025&m=10&d=1&type=pithy")))
                    .isEqualTo("text/plain; charset=utf-8");
        });
    }

    @Test
    void a_request_jetty_rejects_itself_still_gets_the_json_error_body() {
        TestServer.run(TestApps.app(), server -> {
            HttpResponse<String> response = server.get("/api/holidays", "Host", "x.example:80:90");
            assertThat(response.statusCode()).isEqualTo(400);
            assertThat(contentType(response)).isEqualTo("application/json; charset=utf-8");
            assertThat(response.body())
                    .startsWith("{\"status\":400,\"error\":\"Bad Request\",\"message\":\"The request was rejected: ");
        });
    }
}
