package pocketapi.metrics;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import pocketapi.TestApps;
import pocketapi.web.TestServer;

/**
 * /metrics over HTTP: the text format, each route's requests exact under concurrency and labelled by its template
 * alone, the modules' and the JVM's metrics, the token, METRICS=off, and not counted in /api/info.
 */
class MetricsApiTest {
    @Test
    void requests_are_counted_by_route_template_and_status_class_exactly_under_concurrency() throws Exception {
        TestServer.run(TestApps.app(), server -> {
            ExecutorService pool = Executors.newFixedThreadPool(8);
            try {
                List<Future<Integer>> done = new ArrayList<>();
                for (int t = 0; t < 8; t++) {
                    int thread = t;
                    done.add(pool.submit(() -> {
                        int ok = 0;
                        for (int i = 0; i < 50; i++) {
                            // Raw paths and queries of every shape: the label is the route's template alone.
                            ok += server.get("/api/holidays?y=2025&m=10&d=" + (1 + i % 28) + "&secret=" + thread)
                                                    .statusCode()
                                            == 200
                                    ? 1
                                    : 0;
                            server.get("/api/holidays?y=2025&m=13&d=1"); // 400
                        }
                        return ok;
                    }));
                }
                for (Future<Integer> f : done) {
                    assertThat(f.get()).isEqualTo(50);
                }
            } finally {
                pool.shutdown();
            }
            server.get("/api/holidays/nope?token=abc"); // 404: no route
            server.get("/d/image/nope.png?x=1"); // 404 from the sample pictures' route, a template

            String text = server.get("/metrics").body();
            assertThat(sample(text, "pocketapi_requests_total", Map.of("route", "/api/holidays", "status", "2xx")))
                    .isEqualTo(400.0);
            assertThat(sample(text, "pocketapi_requests_total", Map.of("route", "/api/holidays", "status", "4xx")))
                    .isEqualTo(400.0);
            assertThat(sample(text, "pocketapi_requests_total", Map.of("route", "unmatched", "status", "4xx")))
                    .isEqualTo(1.0);
            assertThat(sample(text, "pocketapi_request_duration_seconds_count", Map.of("route", "/api/holidays")))
                    .isEqualTo(800.0);
            assertThat(text).contains("route=\"/d/image/<entry>\",status=\"4xx\"");
            // No raw path or query in any label.
            assertThat(text).doesNotContain("secret", "token=abc", "m=13", "/api/holidays/nope", "nope.png");
            assertThat(text)
                    .contains(
                            "# TYPE pocketapi_requests_total counter",
                            "# TYPE pocketapi_request_duration_seconds histogram",
                            "pocketapi_holiday_data_first_year{region=\"cn\"} 2020",
                            "pocketapi_holiday_data_last_year{region=\"cn\"} 2026",
                            "pocketapi_pictures{pool=\"portrait\"} 3",
                            "pocketapi_sentences ",
                            "jvm_memory_used_bytes{area=\"heap\"}",
                            "jvm_gc_collection_seconds_count",
                            "jvm_threads_current");
            assertThat(server.get("/metrics").headers().firstValue("Content-Type"))
                    .contains("text/plain; version=0.0.4; charset=utf-8");
            // /metrics and the sample pictures are not counted: the 800 calls and /api/info's own are.
            assertThat(server.get("/api/info").body()).contains("\"site\":{\"totalRequests\":801,");
        });
    }

    @Test
    void with_a_token_metrics_needs_it_and_metrics_off_removes_the_route() {
        String token = "s3cret-token-0123456789";
        TestServer.run(TestApps.app(Map.of("METRICS_TOKEN", token)), server -> {
            var refused = server.get("/metrics");
            assertThat(refused.statusCode()).isEqualTo(401);
            assertThat(refused.headers().firstValue("WWW-Authenticate")).contains("Bearer realm=\"metrics\"");
            assertThat(refused.body()).doesNotContain("pocketapi_requests_total");
            assertThat(server.get("/metrics", "Authorization", "Bearer wrong-token-0123456789")
                            .statusCode())
                    .isEqualTo(401);
            assertThat(server.get("/metrics", "Authorization", "Bearer " + token)
                            .body())
                    .contains("pocketapi_requests_total");
        });
        TestServer.run(TestApps.app(Map.of("METRICS", "off")), server -> {
            assertThat(server.get("/metrics").statusCode()).isEqualTo(404);
            assertThat(server.get("/api/holidays").statusCode()).isEqualTo(200);
        });
    }

    @Test
    void the_bearer_scheme_is_matched_in_any_case_and_the_token_exactly() {
        String token = "s3cret-token-0123456789";
        TestServer.run(TestApps.app(Map.of("METRICS_TOKEN", token)), server -> {
            // RFC 9110 11.1: the scheme is case-insensitive.
            for (String scheme : List.of("Bearer", "bearer", "BEARER", "bEaReR")) {
                assertThat(server.get("/metrics", "Authorization", scheme + " " + token)
                                .statusCode())
                        .as(scheme)
                        .isEqualTo(200);
            }
            // The token is not: one letter in another case is another token.
            assertThat(server.get("/metrics", "Authorization", "bearer " + token.toUpperCase(java.util.Locale.ROOT))
                            .statusCode())
                    .isEqualTo(401);
            assertThat(server.get("/metrics", "Authorization", "Basic " + token).statusCode())
                    .isEqualTo(401);
            assertThat(server.get("/metrics", "Authorization", "Bearer" + token).statusCode())
                    .isEqualTo(401);
        });
    }

    static java.util.Set<String> names(String text, String regex) {
        java.util.Set<String> out = new java.util.TreeSet<>();
        Matcher m = Pattern.compile(regex).matcher(text);
        while (m.find()) {
            out.add(m.group(1).replaceAll("_(bucket|count|sum|total|created)$", ""));
        }
        return out;
    }

    /** The value of one sample of the text format, by name and exact labels; NaN when absent. */
    static double sample(String text, String name, Map<String, String> labels) {
        Matcher m = Pattern.compile("(?m)^" + Pattern.quote(name) + "\\{([^}]*)\\} (\\S+)$")
                .matcher(text);
        while (m.find()) {
            Map<String, String> found = new java.util.HashMap<>();
            for (String pair : m.group(1).split(",")) {
                String[] kv = pair.split("=", 2);
                found.put(kv[0], kv[1].replaceAll("^\"|\"$", ""));
            }
            if (found.equals(labels)) {
                return Double.parseDouble(m.group(2));
            }
        }
        return Double.NaN;
    }
}
