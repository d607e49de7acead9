package pocketapi.web;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import pocketapi.LogCapture;
import pocketapi.TestApps;

/**
 * Thousands of random requests, written as raw bytes on a socket so that nothing in a client library tidies them up:
 * random methods, paths, query strings and header values. The server must never answer 5xx, never show a stack trace,
 * and stay healthy. The seed is fixed so a failure can be replayed, and printed with it.
 */
class FuzzTest {
    private static final long SEED = 20261122L;
    private static final int REQUESTS = 3000;

    private static final String[] METHODS = {
        "GET",
        "HEAD",
        "POST",
        "PUT",
        "DELETE",
        "PATCH",
        "OPTIONS",
        "TRACE",
        "CONNECT",
        "PROPFIND",
        "get",
        "G\u00c9T",
        "",
        "FOO BAR",
        "GET\tX"
    };
    private static final String[] PATHS = {
        "/api/holidays",
        "/api/holidays/",
        "/img",
        "/img/pe",
        "/img/pc",
        "/img/url",
        "/api/info",
        "/",
        "/healthz",
        "/d/image/samples/portrait-1.png",
        "/d/image/",
        "/api/",
        "/api/nope",
        "//api/holidays",
        "/api/holidays/../info",
        "/%2e%2e/etc/passwd",
        "/img/%00",
        "/api/holidays%3F",
        "*",
        "http://x/api/info",
        "/\u00e9",
        "/d/image/samples/../../web/index.html",
        "/img/pe/../../api/info"
    };
    private static final String[] PARAMS = {"y", "m", "d", "type", "Y", "y[]", "", "=", "%79", "type%00"};
    private static final String[] VALUES = {
        "2025",
        "10",
        "1",
        "pithy",
        "alarm",
        "json",
        "url",
        "",
        "+1",
        "-1",
        "%20",
        "%zz",
        "%",
        "%2",
        "%C3%A9",
        "%E0%A4",
        "99999999999999999999",
        "1.5",
        "0x10",
        "١",
        "\u0000",
        "'",
        "\"",
        "<script>",
        "2027",
        "2019",
        "13",
        "0",
        "29",
        "%0d%0aX-Injected:%201"
    };
    private static final String[] HEADERS = {
        "User-Agent",
        "Sec-CH-UA-Mobile",
        "CF-Connecting-IP",
        "X-Forwarded-For",
        "Host",
        "Accept",
        "Accept-Charset",
        "Content-Length",
        "Transfer-Encoding",
        "Expect",
        "Content-Type",
        "Range",
        "If-None-Match",
        "Cookie",
        "Connection"
    };
    private static final String[] HEADER_VALUES = {
        "",
        " ",
        "?1",
        "?0",
        "iPhone",
        "curl/8",
        "1.2.3.4",
        " , ,",
        "a,b,c",
        "x".repeat(300),
        "\u00ff\u00fe",
        "127.0.0.1:80",
        "[::1]",
        "bad host",
        "text/html",
        "*/*",
        "utf-99",
        "chunked",
        "100-continue",
        "-1",
        "abc",
        "bytes=0-1",
        "\"x\"",
        "close",
        "keep-alive"
    };

    @Test
    void random_requests_never_get_a_5xx_or_a_stack_trace_and_the_server_stays_healthy() throws Exception {
        Random random = new Random(SEED);
        List<String> failures = new ArrayList<>();
        TestServer.run(TestApps.app(), server -> {
            try (LogCapture log = new LogCapture()) {
                URI origin = URI.create(server.origin());
                int answered = 0;
                for (int i = 0; i < REQUESTS && failures.size() < 10; i++) {
                    byte[] request = randomRequest(random, origin.getPort());
                    String response = TestServer.exchange(origin, request);
                    if (response.isEmpty()) {
                        continue; // the server may close on a request it cannot parse
                    }
                    answered++;
                    String statusLine = response.lines().findFirst().orElse("");
                    if (statusLine.matches("HTTP/1\\.[01] 5\\d\\d.*")
                            || response.contains("Exception")
                            || response.matches("(?s).*\\tat [a-z].*")
                            || response.contains("pocketapi.")) {
                        failures.add("request " + i + " (seed " + SEED + "):\n"
                                + new String(request, StandardCharsets.ISO_8859_1) + "\n--- answered ---\n" + response);
                    }
                }
                assertThat(failures).as("answers with a 5xx or a stack trace").isEmpty();
                assertThat(answered).isGreaterThan(REQUESTS / 2);
                assertThat(server.get("/healthz").body()).isEqualTo("ok");
                assertThat(server.get("/api/holidays?type=pithy&y=2025&m=10&d=1")
                                .body())
                        .isEqualTo("ture");
                // What clients send never reaches the log, nor a stack trace: at most the one-line count of rejected
                // requests, and the one-line count of Jetty's own failed tasks (its request-buffer race,
                // jetty/jetty.project#12939, which a busy machine hits now and then in this run; ConnectionsTest).
                assertThat(log.lines())
                        .hasSizeLessThanOrEqualTo(2)
                        .allSatisfy(line -> assertThat(line)
                                .containsAnyOf("rejected", "Jetty: 1 task(s) failed")
                                .hasSizeLessThan(200));
            }
        });
    }

    private static final String[] SEGMENTS = {
        "img",
        "pe",
        "pc",
        "url",
        "wall",
        "api",
        "holidays",
        "info",
        "d",
        "image",
        "samples",
        "portrait-1.png",
        "detail",
        "%",
        "%zz",
        "%2",
        "%u0041",
        "%u0041wall",
        "wall%u0041",
        "%E4%B8%AD",
        "%2F",
        "%00",
        ";a=%",
        ";x=%zz",
        ";jsessionid=%",
        ";",
        "a;b=c",
        "..",
        ".",
        "",
        "%2e%2e",
        "pe;a=%",
        "wall;a=%",
        "%C3%28"
    };

    @Test
    void random_paths_with_path_parameters_and_bad_escapes_never_get_a_5xx_on_any_endpoint_family(
            @org.junit.jupiter.api.io.TempDir java.nio.file.Path pools) throws Exception {
        for (io.javalin.Javalin app : List.of(TestApps.app(), TestApps.withNamedPool(pools))) {
            Random random = new Random(SEED);
            List<String> failures = new ArrayList<>();
            TestServer.run(app, server -> {
                try (LogCapture log = new LogCapture()) {
                    URI origin = URI.create(server.origin());
                    for (int i = 0; i < 700 && failures.size() < 10; i++) {
                        StringBuilder path = new StringBuilder();
                        for (int n = 1 + random.nextInt(4); n > 0; n--) {
                            path.append('/').append(pick(random, SEGMENTS));
                        }
                        if (random.nextBoolean()) {
                            path.append(random.nextBoolean() ? "?type=json" : "?orientation=%");
                        }
                        String request = (random.nextBoolean() ? "GET " : "HEAD ") + path
                                + " HTTP/1.1\r\nHost: 127.0.0.1\r\n" + "Connection: close\r\n\r\n";
                        String response = TestServer.exchange(origin, request.getBytes(StandardCharsets.UTF_8));
                        if (response.lines().findFirst().orElse("").matches("HTTP/1\\.[01] 5\\d\\d.*")) {
                            failures.add(
                                    path + " -> " + response.lines().findFirst().orElse(""));
                        }
                    }
                    assertThat(failures)
                            .as("paths answered 5xx (seed " + SEED + ")")
                            .isEmpty();
                    assertThat(log.lines())
                            .as("nothing but the count of rejected requests")
                            .allSatisfy(line ->
                                    assertThat(line).contains("rejected").doesNotContain("Exception"));
                }
            });
        }
    }

    private static byte[] randomRequest(Random random, int port) {
        StringBuilder target = new StringBuilder(pick(random, PATHS));
        int params = random.nextInt(5);
        for (int p = 0; p < params; p++) {
            target.append(p == 0 ? '?' : '&').append(pick(random, PARAMS));
            if (random.nextInt(4) > 0) {
                target.append('=').append(pick(random, VALUES));
            }
        }
        StringBuilder request = new StringBuilder()
                .append(pick(random, METHODS))
                .append(' ')
                .append(target)
                .append(" HTTP/1.1\r\n");
        if (random.nextInt(10) > 0) {
            request.append("Host: 127.0.0.1:").append(port).append("\r\n");
        }
        int headers = random.nextInt(5);
        for (int h = 0; h < headers; h++) {
            request.append(pick(random, HEADERS))
                    .append(": ")
                    .append(pick(random, HEADER_VALUES))
                    .append("\r\n");
        }
        request.append("Connection: close\r\n\r\n");
        return request.toString().getBytes(StandardCharsets.UTF_8);
    }

    private static String pick(Random random, String[] choices) {
        return choices[random.nextInt(choices.length)];
    }
}
