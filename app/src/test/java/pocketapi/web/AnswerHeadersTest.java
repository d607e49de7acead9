package pocketapi.web;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import pocketapi.TestApps;

/**
 * Every answer carries {@code nosniff} and {@code Access-Control-Allow-Origin: *}, whatever its path, method or status:
 * Javalin's answers and errors, and the refusals Jetty writes before any handler runs.
 */
class AnswerHeadersTest {
    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            GET /openapi.json HTTP/1.1                                  | 200
            GET / HTTP/1.1                                              | 200
            GET /healthz HTTP/1.1                                       | 200
            GET /nope HTTP/1.1                                          | 404
            GET /img/nope HTTP/1.1                                      | 404
            OPTIONS /api/holidays HTTP/1.1                              | 405
            GET /api/holidays?nope=1 HTTP/1.1                           | 400
            GET /%zz HTTP/1.1                                           | 400
            POST /api/holidays HTTP/1.0\\r\\nTransfer-Encoding: chunked | 400
            GET /api/ping HTTP/1.1\\r\\nX-Big: {8k}                      | 431
            GET /api/ping?{8k} HTTP/1.1                                 | 414
            GET / HTTP/1.2                                              | 505
            """)
    void every_answer_carries_nosniff_and_cors(String requestLine, int status) {
        TestServer.run(TestApps.app(), server -> {
            String request = requestLine.replace("\\r\\n", "\r\n").replace("{8k}", "x".repeat(9000));
            String answer = server.raw(request + "\r\nHost: x\r\nConnection: close\r\n\r\n");
            String head = answer.substring(0, Math.max(0, answer.indexOf("\r\n\r\n")));
            assertThat(head)
                    .startsWith("HTTP/1.1 " + status + " ")
                    .contains("\r\nX-Content-Type-Options: nosniff", "\r\nAccess-Control-Allow-Origin: *");
        });
    }
}
