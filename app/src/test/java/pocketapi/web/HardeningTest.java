package pocketapi.web;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import pocketapi.LogCapture;
import pocketapi.TestApps;

/**
 * What an attacker's probe found, each against a real server: raw requests on a socket, so that no client library
 * tidies them up.
 */
class HardeningTest {

    @Test
    void every_answer_carries_nosniff_pages_pictures_errors_and_requests_jetty_could_not_parse() {
        TestServer.run(TestApps.app(), server -> {
            for (String path : new String[] {
                "/api/holidays",
                "/api/holidays?y=x",
                "/img",
                "/img/url",
                "/api/info",
                "/api/holidays.ics",
                "/api/workdays/add?n=1",
                "/",
                "/healthz",
                "/nope",
                "/api/nope",
                "/d/image/samples/portrait-1.png"
            }) {
                for (HttpResponse<String> r : List.of(server.get(path), server.head(path), server.send("POST", path))) {
                    assertThat(r.headers().firstValue("X-Content-Type-Options"))
                            .as(r.request().method() + " " + path)
                            .contains("nosniff");
                }
            }
            assertThat(server.raw("GET /%zz HTTP/1.1\r\nHost: a\r\nConnection: close\r\n\r\n"))
                    .startsWith("HTTP/1.1 400 ")
                    .containsIgnoringCase("X-Content-Type-Options: nosniff");
        });
    }

    @Test
    void a_value_echoed_in_an_error_message_is_cut_short() {
        TestServer.run(TestApps.app(), server -> {
            String long_ = "9".repeat(2_000);
            for (String path : new String[] {
                "/api/holidays?offset=" + long_,
                "/api/workdays/add?n=" + long_,
                "/api/holidays/range?from=" + long_ + "&to=2026-01-01",
                "/api/holidays.ics?lang=" + long_,
                "/api/holidays?y=" + long_ + "&m=1&d=1"
            }) {
                HttpResponse<String> r = server.get(path);
                assertThat(r.statusCode()).isEqualTo(400);
                assertThat(r.body()).as(path).doesNotContain("9".repeat(41)).hasSizeLessThan(400);
            }
        });
    }

    @Test
    void without_public_url_the_first_request_for_another_host_warns_once_saying_what_to_set() {
        TestServer.run(TestApps.app(), server -> {
            try (LogCapture log = new LogCapture()) {
                int port = java.net.URI.create(server.origin()).getPort();
                server.get("/img", "Host", "localhost:" + port);
                server.get("/img", "Host", "127.0.0.1:" + port);
                assertThat(log.linesWith("PUBLIC_URL")).isEmpty();
                server.get("/img", "Host", "api.example.com");
                server.get("/img", "Host", "api.example.com");
                server.get("/img/url", "Host", "other.example.com");
                assertThat(log.linesWith("PUBLIC_URL"))
                        .singleElement()
                        .asString()
                        .contains(
                                "WARN ImageEndpoint - "
                                        + "requests arrive for api.example.com, not for this service's own "
                                        + "address, and PUBLIC_URL is "
                                        + "unset",
                                "set PUBLIC_URL to the address your clients use (e.g. "
                                        + "PUBLIC_URL=https://api.example.com)");
            }
        });
        TestServer.run(TestApps.app(Map.of("PUBLIC_URL", "https://api.example.com")), server -> {
            try (LogCapture log = new LogCapture()) {
                server.get("/img", "Host", "api.example.com");
                assertThat(log.linesWith("PUBLIC_URL")).isEmpty();
            }
        });
    }

    @Test
    void picture_links_follow_public_url_whatever_the_host_header_says() {
        TestServer.run(TestApps.app(Map.of("PUBLIC_URL", "https://api.example.com/")), server -> {
            HttpResponse<String> response = server.get("/img", "Host", "evil.example");
            assertThat(response.headers().firstValue("Location").orElseThrow())
                    .startsWith("https://api.example.com/d/image/samples/");
        });
    }

    @Test
    void without_public_url_a_plain_host_is_kept_and_an_overlong_one_is_not_believed() {
        TestServer.run(TestApps.app(), server -> {
            int port = java.net.URI.create(server.origin()).getPort();
            assertThat(server.get("/img/url", "Host", "pics.example.org:8080").body())
                    .startsWith("http://pics.example.org:8080/d/image/samples/");
            String longest = "a".repeat(63) + "." + "b".repeat(63) + "." + "c".repeat(63) + "." + "d".repeat(61);
            assertThat(longest).hasSize(253);
            assertThat(server.get("/img/url", "Host", longest).body()).startsWith("http://" + longest + "/d/image/");
            String tooLong = longest + ".ee:80"; // 259 characters
            assertThat(server.get("/img/url", "Host", tooLong).body())
                    .startsWith("http://localhost:" + port + "/d/image/samples/");
        });
    }

    @Test
    void a_flood_of_malformed_host_headers_writes_at_most_one_short_line_and_never_the_raw_value() {
        TestServer.run(TestApps.app(), server -> {
            String big = "x".repeat(8_000);
            try (LogCapture log = new LogCapture()) {
                for (int i = 0; i < 250; i++) {
                    assertThat(server.raw("GET /img HTTP/1.1\r\nHost: " + big + ":x:y\r\nConnection: close\r\n\r\n"))
                            .startsWith("HTTP/1.1 400 ");
                    assertThat(server.raw(
                                    "GET /img HTTP/1.1\r\nHost: a\r\nHost: " + big + "\r\nConnection: close\r\n\r\n"))
                            .startsWith("HTTP/1.1 400 ");
                }
                assertThat(log.lines()).hasSizeLessThanOrEqualTo(1).allSatisfy(line -> {
                    assertThat(line).doesNotContain("xxxxxxxx").hasSizeLessThan(200);
                    assertThat(line).contains("rejected 1 malformed request");
                });
            }
        });
    }

    @Test
    void the_access_log_escapes_what_clients_write_and_quotes_the_user() {
        TestServer.run(TestApps.app(Map.of("ACCESS_LOG", "true")), server -> {
            try (LogCapture log = new LogCapture()) {
                // NEL (U+0085) and a forged entry in CF-Connecting-IP; a LINE SEPARATOR (U+2028) in the query.
                byte[] request =
                        ("GET /api/holidays?type=alarm&x=\u2028fake HTTP/1.1\r\nHost: x\r\nCF-Connecting-IP: 1.2.3.4")
                                .getBytes(StandardCharsets.UTF_8);
                byte[] forged = "\u0085127.0.0.1 GET /admin 200 0.1ms user=\"root\r\nConnection: close\r\n\r\n"
                        .getBytes(StandardCharsets.ISO_8859_1);
                byte[] whole = new byte[request.length + forged.length];
                System.arraycopy(request, 0, whole, 0, request.length);
                System.arraycopy(forged, 0, whole, request.length, forged.length);
                assertThat(server.raw(whole)).startsWith("HTTP/1.1 200 ");
                long deadline = System.nanoTime() + 5_000_000_000L; // the line is written after the answer
                while (log.linesWith(" access - ").isEmpty() && System.nanoTime() - deadline < 0) {
                    Thread.sleep(10);
                }
                assertThat(log.linesWith(" access - "))
                        .singleElement()
                        .asString()
                        .contains("GET /api/holidays?type=alarm&x=\\u2028fake 200 ")
                        .endsWith("user=\"1.2.3.4\\u0085127.0.0.1 GET /admin 200 0.1ms user=\\u0022root\"")
                        .doesNotContain("\u0085", "\u2028");
            }
        });
    }

    @Test
    void http_1_0_with_transfer_encoding_is_refused_and_the_connection_closed() {
        TestServer.run(TestApps.app(), server -> {
            String answer = server.raw("POST /api/holidays HTTP/1.0\r\nHost: x\r\nConnection: keep-alive\r\n"
                    + "Transfer-Encoding: chunked\r\n\r\n0\r\n\r\nGET /healthz HTTP/1.0\r\nHost: x\r\n\r\n");
            assertThat(answer)
                    .startsWith("HTTP/1.1 400 Bad Request\r\n")
                    .contains("Connection: close\r\n")
                    .endsWith("HTTP/1.0 has no Transfer-Encoding; send HTTP/1.1, or a Content-Length.\"}");
            assertThat(answer.split("HTTP/1\\.1 ", -1)).hasSize(2); // the smuggled second request was never answered
        });
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            HEAD /img HTTP/1.1\\r\\nHost: [x | 400
            HEAD /img HTTP/1.1\\r\\nHost: x:99999 | 400
            """)
    void head_gets_no_body_when_jetty_rejects_a_request_whose_request_line_it_read(String line, int status) {
        TestServer.run(TestApps.app(), server -> {
            String answer = server.raw(line.replace("\\r\\n", "\r\n") + "\r\nHost: x\r\n\r\nGET /healthz HTTP/1.1\r\n"
                    + "Host: x\r\nConnection: close\r\n\r\n");
            assertThat(answer)
                    .startsWith("HTTP/1.1 " + status + " ")
                    .contains("Content-Type: application/json; " + "charset=utf-8\r\n");
            String afterHeaders = answer.substring(answer.indexOf("\r\n\r\n") + 4);
            assertThat(afterHeaders)
                    .satisfiesAnyOf(
                            rest -> assertThat(rest).isEmpty(), // Jetty closes after a request it cannot parse
                            rest -> assertThat(rest).startsWith("HTTP/1.1 200 OK"));
        });
    }

    /**
     * A request line Jetty cannot read at all names no method it could trust, HEAD included: the answer carries the
     * JSON body, and the connection is closed after it, so nothing sent behind it is ever answered.
     */
    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            HEAD /%00 HTTP/1.1              | 400
            HEAD / HTTP/1.2                 | 505
            """)
    void a_request_line_jetty_cannot_read_is_answered_once_and_the_connection_closed(String line, int status) {
        TestServer.run(TestApps.app(), server -> {
            String answer = server.raw(line + "\r\nHost: x\r\n\r\nGET /healthz HTTP/1.1\r\nHost: x\r\n\r\n");
            assertThat(answer)
                    .startsWith("HTTP/1.1 " + status + " ")
                    .contains("Access-Control-Allow-Origin: *\r\n")
                    .endsWith("\"}");
            assertThat(answer.lines().filter(l -> l.startsWith("HTTP/1.1 ")))
                    .as("the request behind it never answered")
                    .hasSize(1);
        });
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            GET / HTTP/1.2\\r\\nHost: x               | 505 | HTTP version not supported; send HTTP/1.1 or HTTP/1.0
            GET /\\r\\n                               | 505 | HTTP version not supported; send HTTP/1.1 or HTTP/1.0
            GET /a\\rb HTTP/1.1\\r\\nHost: x          | 400 | The request was rejected: Bad EOL.
            OPTIONS * HTTP/1.1\\r\\nHost: x           | 404 | The request was rejected: Not Found.
            PRI * HTTP/2.0\\r\\n\\r\\nSM              | 426 | The request was rejected: Upgrade Required.
            """)
    void requests_jetty_rejects_get_the_json_body_saying_what_was_wrong(String request, int status, String words) {
        TestServer.run(TestApps.app(), server -> {
            String answer = server.raw(
                    request.strip().replace("\\r", "\r").replace("\\n", "\n") + "\r\nConnection: close\r\n\r\n");
            assertThat(answer)
                    .startsWith("HTTP/1.1 " + status + " ")
                    .contains("Content-Type: application/json; charset=utf-8\r\n")
                    .contains("{\"status\":" + status + ",")
                    .contains(words)
                    .doesNotContain("failed unexpectedly");
        });
    }

    @Test
    void trusted_proxies_decide_whose_forwarding_headers_count() {
        TestServer.run(TestApps.app(Map.of("TRUSTED_PROXIES", "127.0.0.1/32, ::1/128")), server -> {
            assertThat(server.get("/api/info", "X-Forwarded-For", "203.0.113.9").body())
                    .contains("\"requestUser\":\"203.0.113.9\"");
        });
        TestServer.run(TestApps.app(Map.of("TRUSTED_PROXIES", "10.0.0.0/8")), server -> {
            assertThat(server.get("/api/info", "X-Forwarded-For", "203.0.113.9", "CF-Connecting-IP", "198.51.100.1")
                            .body())
                    .contains("\"requestUser\":\"127.0.0.1\"");
        });
        TestServer.run(
                TestApps.app(),
                server -> { // unset: as the specification has it
                    assertThat(server.get("/api/info", "X-Forwarded-For", "203.0.113.9")
                                    .body())
                            .contains("\"requestUser\":\"203.0.113.9\"");
                });
    }
}
