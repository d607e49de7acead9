package pocketapi.web;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.http.HttpResponse;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import pocketapi.Settings;

/** No session is looked for or kept: the servlet context's session handler is {@link NoSessions}. */
class NoSessionsTest {
    /** One route that tells what the servlet request knows of a session. */
    private static final Module SESSION = new Module() {
        @Override
        public String name() {
            return "session";
        }

        @Override
        public void routes(Routes routes) {
            routes.plain(
                    "/session",
                    ctx -> ctx.result(
                            ctx.req().getRequestedSessionId() + " " + ctx.req().getSession(false)));
        }
    };

    @Test
    void a_session_id_sent_in_a_cookie_is_not_looked_up_and_no_cookie_is_set() throws Exception {
        var app = HttpApi.create(Settings.parse(Map.of(), List.of()), CallCounter.NONE, List.of(), List.of(SESSION));
        TestServer.run(app, server -> {
            HttpResponse<String> answer = server.get("/session", "Cookie", "JSESSIONID=node0abc");
            assertThat(answer.statusCode()).isEqualTo(200);
            assertThat(answer.body())
                    .as("the requested session id, the session")
                    .isEqualTo("null null");
            assertThat(answer.headers().firstValue("Set-Cookie")).isEmpty();
        });
    }
}
