package pocketapi.web;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class ResponsesTest {
    /** The shapes of /api/workdays/add and /img?type=json. */
    record Add(String date, int n, String result) {}

    record Link(
            String url,
            @JsonInclude(JsonInclude.Include.NON_DEFAULT) int width,
            @JsonInclude(JsonInclude.Include.NON_DEFAULT) int height) {}

    @Test
    void a_record_is_written_field_by_field_in_its_order_chinese_as_utf_8() {
        assertThat(new String(Responses.bytes(new Add("2026-09-28", -5, "2026-09-21")), StandardCharsets.UTF_8))
                .isEqualTo("{\"date\":\"2026-09-28\",\"n\":-5,\"result\":\"2026-09-21\"}");
        assertThat(new String(Responses.bytes(new Link("http://x/d/image/山.png", 0, 0)), StandardCharsets.UTF_8))
                .as("a size the pool does not say is left out")
                .isEqualTo("{\"url\":\"http://x/d/image/山.png\"}");
    }

    @Test
    void strings_are_escaped_so_any_header_value_gives_valid_json() throws Exception {
        String nasty = "a\"b\\c\n\r\t\u0000\u001f/国庆节、中秋节 \uD83D\uDE00";
        byte[] json = Responses.bytes(new Responses.Failure(400, "Bad Request", nasty));
        assertThat(new String(json, StandardCharsets.UTF_8))
                .isEqualTo("{\"status\":400,\"error\":\"Bad Request\",\"message\":"
                        + "\"a\\\"b\\\\c\\n\\r\\t\\u0000\\u001F/国庆节、中秋节 \uD83D\uDE00\"}");
        assertThat(new ObjectMapper().readTree(json).get("message").textValue()).isEqualTo(nasty);
    }

    @Test
    void only_a_client_going_away_is_taken_for_one_not_any_failure_whose_words_say_closed() {
        assertThat(Responses.clientGone(new org.eclipse.jetty.io.EofException("early EOF")))
                .isTrue();
        assertThat(Responses.clientGone(new java.net.SocketException("Broken pipe")))
                .isTrue();
        assertThat(Responses.clientGone(new java.net.SocketException("Connection reset by peer")))
                .isTrue();
        assertThat(Responses.clientGone(new RuntimeException(new java.nio.channels.ClosedChannelException())))
                .isTrue();
        assertThat(Responses.clientGone(new java.io.IOException("Stream closed")))
                .as("a file of ours read after it was closed is our failure")
                .isFalse();
        assertThat(Responses.clientGone(new java.io.IOException("the pool file was closed")))
                .isFalse();
    }

    @Test
    void a_500_jetty_writes_after_the_answer_was_made_is_logged_with_its_cause() throws Exception {
        Module huge = new Module() {
            @Override
            public String name() {
                return "huge";
            }

            @Override
            public void routes(Routes routes) {
                // An answer whose headers are larger than Jetty sends: Jetty turns it into a 500 of its own.
                routes.plain(
                        "/huge",
                        Doc.of("Headers too large", "An answer Jetty cannot send.")
                                .error(500, "Always: Jetty's own 500."),
                        ctx -> ctx.header("X-Huge", "x".repeat(100_000)).result("never sent"));
            }
        };
        io.javalin.Javalin app = HttpApi.create(
                pocketapi.Settings.defaults(), CallCounter.NONE, java.util.List.of(), java.util.List.of(huge));
        TestServer.run(app, server -> {
            try (pocketapi.LogCapture log = new pocketapi.LogCapture()) {
                java.net.http.HttpResponse<String> answer = server.get("/huge");
                assertThat(answer.statusCode()).isEqualTo(500);
                assertThat(answer.body()).contains("the failure is logged");
                assertThat(log.awaitLinesWith("unexpected failure on GET /huge"))
                        .singleElement()
                        .asString()
                        .contains("ERROR");
            }
        });
    }
}
