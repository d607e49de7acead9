package pocketapi.web;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Clock;
import java.util.Map;
import org.junit.jupiter.api.Test;
import pocketapi.TestApps;
import pocketapi.counters.LocalCounters;

/** What a caller sees of SERVE: a capability not served answers 404 and is not on the page; the rest stays. */
class ServeApiTest {
    private final LocalCounters counters = TestApps.counters(Clock.systemUTC(), 100);

    @Test
    void a_capability_not_served_answers_404_while_health_ping_and_the_page_stay() {
        TestServer.run(TestApps.app(Map.of("SERVE", "holidays,info"), Clock.systemUTC(), counters), server -> {
            for (String path : new String[] {"/img", "/img/pe", "/img/url", "/api/hitokoto"}) {
                assertThat(server.get(path).statusCode()).as(path).isEqualTo(404);
            }
            assertThat(server.get("/api/holidays?type=pithy").statusCode()).isEqualTo(200);
            assertThat(server.get("/api/holidays/forecast").statusCode()).isEqualTo(200);
            assertThat(server.get("/api/ping").body()).isEqualTo("pong");
            assertThat(server.get("/healthz").body()).isEqualTo("ok");
            assertThat(counters.siteTally().total())
                    .as("the 404s are not counted")
                    .isEqualTo(3);
            String page = server.get("/").body();
            assertThat(page)
                    .contains(
                            "提供 <span lang=\"en\">served</span>: holidays · regions · forecast · info",
                            "id=\"arrangement\"")
                    .doesNotContain("src=\"/img\"", "/api/hitokoto", "{{");
        });
    }

    @Test
    void without_the_counters_nothing_is_counted_and_their_endpoints_answer_404() {
        TestServer.run(TestApps.app(Map.of("SERVE", "img,hitokoto"), Clock.systemUTC(), counters), server -> {
            assertThat(server.get("/img/url").statusCode()).isEqualTo(200);
            assertThat(server.get("/api/hitokoto").statusCode()).isEqualTo(200);
            for (String path : new String[] {
                "/api/info",
                "/api/info/history",
                "/api/badge.svg",
                "/api/holidays",
                "/api/workdays/add?date=2026-01-05&n=1"
            }) {
                assertThat(server.get(path).statusCode()).as(path).isEqualTo(404);
            }
            assertThat(counters.siteTally().total()).isZero();
            assertThat(server.get("/").body())
                    .contains("served</span>: img · hitokoto")
                    .doesNotContain("id=\"arrangement\"", "/api/info", "{{");
        });
    }
}
