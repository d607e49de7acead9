package pocketapi.counters;

import static org.assertj.core.api.Assertions.assertThat;
import static pocketapi.web.TestServer.contentType;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.net.http.HttpResponse;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;
import pocketapi.MutableClock;
import pocketapi.TestApps;
import pocketapi.web.TestServer;

class InfoApiTest {
    private static final ObjectMapper MAPPER = new ObjectMapper();

    private final MutableClock clock = new MutableClock("2026-05-01T03:00:00Z");
    private final LocalCounters counters = TestApps.counters(clock, 100_000);

    private static JsonNode json(HttpResponse<String> response) throws Exception {
        return MAPPER.readTree(response.body());
    }

    private static long siteTotal(TestServer server) throws Exception {
        // Each look costs one counted call itself; the caller accounts for it.
        return json(server.get("/api/info")).at("/site/totalRequests").longValue();
    }

    @Test
    void info_answers_the_spec_record_in_field_order_including_the_current_call_then_the_sites_visitors() {
        TestServer.run(TestApps.app(clock, counters), server -> {
            HttpResponse<String> response = server.get("/api/info", "CF-Connecting-IP", "203.0.113.7");
            assertThat(response.statusCode()).isEqualTo(200);
            assertThat(contentType(response)).isEqualTo("application/json; charset=utf-8");
            assertThat(response.headers().firstValue("Access-Control-Allow-Origin"))
                    .contains("*");
            assertThat(response.body())
                    .isEqualTo("{\"timezone\":\"UTC+8\",\"date\":\"2026-05-01\","
                            + "\"requestUser\":\"203.0.113.7\",\"site\":{\"totalRequests\":1,\"dailyRequests\":1,"
                            + "\"totalVisitors\":1,\"dailyVisitors\":1},"
                            + "\"requestUserStats\":{\"totalRequests\":1,\"dailyRequests\":1}}");
        });
    }

    @ParameterizedTest(name = "{0} {1} is counted")
    @CsvSource({
        "GET, /api/holidays?y=2025&m=10&d=1, 200",
        "GET, /api/holidays?y=2025, 400",
        "GET, /api/holidays/?type=alarm, 200",
        "HEAD, /api/holidays, 200",
        "GET, /img, 302",
        "GET, /img/pe?type=json, 200",
        "GET, /img/pc, 302",
        "GET, /img/url, 200",
        "HEAD, /img, 302",
        "HEAD, /api/info, 200",
        "GET, /api/holidays/year?y=2025, 200",
        "GET, /api/holidays/year?y=1999, 400",
        "GET, /api/holidays/next?y=2025&m=1&d=1, 200",
        "HEAD, /api/holidays.ics, 200",
        "GET, /api/holidays/detail?y=2026&m=2&d=16, 200",
        "GET, /api/holidays/detail?y=2101&m=2&d=16, 400",
        "GET, /api/holidays/forecast?y=2027, 200",
        "GET, /api/holidays/forecast?y=2024, 400",
    })
    void calls_to_the_six_endpoints_are_counted_whatever_their_status(String method, String path, int status) {
        TestServer.run(TestApps.app(clock, counters), server -> {
            long before = siteTotal(server);
            assertThat(server.send(method, path).statusCode()).isEqualTo(status);
            assertThat(siteTotal(server)).isEqualTo(before + 2);
        });
    }

    @ParameterizedTest(name = "{0} {1} ({2}) is not counted")
    @CsvSource({
        "GET, /api/nope, 404",
        "GET, /api/pong, 404",
        "GET, /nope, 404",
        "POST, /api/holidays, 405",
        "OPTIONS, /img, 405",
        "DELETE, /api/info, 405",
        "GET, /d/image/samples/portrait-1.png, 200",
        "GET, /d/image/samples/nope.png, 404",
    })
    void other_calls_are_not_counted(String method, String path, int status) {
        TestServer.run(TestApps.app(clock, counters), server -> {
            long before = siteTotal(server);
            assertThat(server.send(method, path).statusCode()).isEqualTo(status);
            assertThat(siteTotal(server)).isEqualTo(before + 1);
        });
    }

    @ParameterizedTest(name = "CF={0} XFF={1} -> {2}")
    @CsvSource({
        "198.51.100.1, '203.0.113.9, 10.0.0.1', 198.51.100.1",
        ", '203.0.113.9, 10.0.0.1', 203.0.113.9",
        ", '  203.0.113.9  ,10.0.0.1', 203.0.113.9",
        "'   ', 2001:db8::1, 2001:db8::1",
        "'  198.51.100.1 ', , 198.51.100.1",
        ", ' , 10.0.0.1', unknown",
        ", , unknown",
    })
    void the_user_is_cf_connecting_ip_else_the_first_forwarded_for_else_unknown(String cf, String xff, String user) {
        List<String> headers = new ArrayList<>();
        if (cf != null) {
            headers.addAll(List.of("CF-Connecting-IP", cf));
        }
        if (xff != null) {
            headers.addAll(List.of("X-Forwarded-For", xff));
        }
        TestServer.run(
                TestApps.app(clock, counters),
                server -> assertThat(json(server.get("/api/info", headers.toArray(String[]::new)))
                                .get("requestUser")
                                .textValue())
                        .isEqualTo(user));
    }

    @Test
    void a_long_id_is_cut_to_128_characters() {
        String id = "x".repeat(200);
        TestServer.run(TestApps.app(clock, counters), server -> {
            assertThat(json(server.get("/api/info", "CF-Connecting-IP", id))
                            .get("requestUser")
                            .textValue())
                    .isEqualTo("x".repeat(128));
            // Ids that agree in their first 128 characters are one user.
            assertThat(json(server.get("/api/info", "CF-Connecting-IP", "x".repeat(128) + "y"))
                            .at("/requestUserStats/totalRequests")
                            .longValue())
                    .isEqualTo(2);
        });
    }

    @Test
    void the_pages_own_calls_are_answered_and_not_counted() {
        TestServer.run(TestApps.app(clock, counters), server -> {
            server.get("/api/holidays", "CF-Connecting-IP", "a");
            for (String path : List.of("/api/holidays/year", "/api/holidays/next", "/img?type=json", "/api/hitokoto")) {
                assertThat(server.get(path, "CF-Connecting-IP", "a", "X-Pocketapi-Page", "1")
                                .statusCode())
                        .as(path)
                        .isIn(200, 404);
            }
            JsonNode page = json(server.get("/api/info", "CF-Connecting-IP", "a", "X-Pocketapi-Page", "1"));
            assertThat(page.at("/site/totalRequests").longValue())
                    .as("the page's /api/info shows the calls counted, its own not among them")
                    .isEqualTo(1);
            assertThat(json(server.get("/api/info", "CF-Connecting-IP", "a"))
                            .at("/requestUserStats/totalRequests")
                            .longValue())
                    .isEqualTo(2);
        });
    }

    @ParameterizedTest(name = "X-Pocketapi-Page: \"{0}\"")
    @ValueSource(strings = {"0", "", "true", "yes", "11"})
    void only_the_pages_own_header_value_1_leaves_a_call_uncounted(String value) {
        TestServer.run(TestApps.app(clock, counters), server -> {
            assertThat(server.get("/api/holidays", "CF-Connecting-IP", "a", "X-Pocketapi-Page", value)
                            .statusCode())
                    .isEqualTo(200);
            assertThat(json(server.get("/api/info", "CF-Connecting-IP", "a"))
                            .at("/requestUserStats/totalRequests")
                            .longValue())
                    .as("the call with the header counted, and this one")
                    .isEqualTo(2);
        });
    }

    @Test
    void per_user_counts_are_separate_and_the_site_counts_everyone() {
        TestServer.run(TestApps.app(clock, counters), server -> {
            server.get("/api/holidays", "CF-Connecting-IP", "a");
            server.get("/img", "CF-Connecting-IP", "a");
            JsonNode b = json(server.get("/api/info", "CF-Connecting-IP", "b"));
            assertThat(b.at("/requestUserStats/totalRequests").longValue()).isEqualTo(1);
            assertThat(b.at("/site/totalRequests").longValue()).isEqualTo(3);
            JsonNode a = json(server.get("/api/info", "CF-Connecting-IP", "a"));
            assertThat(a.at("/requestUserStats/totalRequests").longValue()).isEqualTo(3);
        });
    }

    @Test
    void daily_counts_and_date_roll_over_at_midnight_utc_plus_8() {
        TestServer.run(TestApps.app(clock, counters), server -> {
            clock.set("2026-05-01T15:59:59Z");
            server.get("/api/info");
            JsonNode before = json(server.get("/api/info"));
            assertThat(before.get("date").textValue()).isEqualTo("2026-05-01");
            assertThat(before.at("/site/dailyRequests").longValue()).isEqualTo(2);

            clock.set("2026-05-01T16:00:00Z");
            JsonNode after = json(server.get("/api/info"));
            assertThat(after.get("date").textValue()).isEqualTo("2026-05-02");
            assertThat(after.at("/site/totalRequests").longValue()).isEqualTo(3);
            assertThat(after.at("/site/dailyRequests").longValue()).isEqualTo(1);
            assertThat(after.at("/requestUserStats/dailyRequests").longValue()).isEqualTo(1);
            assertThat(after.at("/requestUserStats/totalRequests").longValue()).isEqualTo(3);
        });
    }

    /** Over HTTP, a smaller case than LocalCountersTest's 8 x 500: the wiring counts before it answers. */
    @Test
    void four_clients_times_50_calls_see_every_count_from_1_to_200_once() {
        LocalCounters shared = TestApps.counters(Clock.systemUTC(), 100_000);
        TestServer.run(TestApps.app(Clock.systemUTC(), shared), server -> {
            long siteBefore = shared.siteTally().total();
            ExecutorService pool = Executors.newFixedThreadPool(4);
            try {
                List<Future<List<Long>>> futures = new ArrayList<>();
                for (int t = 0; t < 4; t++) {
                    futures.add(pool.submit(() -> {
                        List<Long> seen = new ArrayList<>();
                        for (int i = 0; i < 50; i++) {
                            seen.add(json(server.get("/api/info", "X-Forwarded-For", "192.0.2.1"))
                                    .at("/requestUserStats/totalRequests")
                                    .longValue());
                        }
                        return seen;
                    }));
                }
                List<Long> all = new ArrayList<>();
                for (Future<List<Long>> f : futures) {
                    all.addAll(f.get());
                }
                assertThat(all.stream().sorted().toList())
                        .isEqualTo(java.util.stream.LongStream.rangeClosed(1, 200)
                                .boxed()
                                .toList());
                assertThat(shared.siteTally().total()).isEqualTo(siteBefore + 200);
            } finally {
                pool.shutdownNow();
            }
        });
    }

    @Test
    void post_on_info_is_405_with_allow() {
        TestServer.run(TestApps.app(clock, counters), server -> {
            HttpResponse<String> response = server.send("POST", "/api/info");
            assertThat(response.statusCode()).isEqualTo(405);
            assertThat(response.headers().firstValue("Allow")).contains("GET, HEAD");
            assertThat(response.headers().firstValue("Access-Control-Allow-Origin"))
                    .contains("*");
        });
    }
}
