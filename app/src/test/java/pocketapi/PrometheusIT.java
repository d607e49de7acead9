package pocketapi;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.net.ServerSocket;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import pocketapi.files.Json;

/**
 * A real Prometheus (Debian's package, on a free port of 127.0.0.1, its data in a temporary folder) scrapes the
 * packaged jar every second with the bearer token, as the scrape snippet of docs/metrics.md says: its target is up, and
 * the request counter it stored rose by exactly the calls made.
 */
class PrometheusIT {
    private static final Path PROMETHEUS = Path.of("/usr/bin/prometheus");
    private static final String TOKEN = "prometheus-it-token-0123456789";
    private static final HttpClient CLIENT =
            HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();

    @TempDir
    Path dir;

    @Test
    void prometheus_scrapes_the_jar_its_target_is_up_and_the_counter_rose_by_exactly_the_calls_made() throws Exception {
        RequiredTools.require("prometheus", PROMETHEUS);
        try (JarProcess jar = JarProcess.start(Map.of("METRICS_TOKEN", TOKEN))) {
            int port = freePort();
            Path config = dir.resolve("prometheus.yml");
            Files.writeString(config, """
                    global:
                      scrape_interval: 1s
                      evaluation_interval: 1s
                    scrape_configs:
                      - job_name: pocketapi
                        scrape_interval: 1s
                        metrics_path: /metrics
                        authorization:
                          type: Bearer
                          credentials: %s
                        static_configs:
                          - targets: ['127.0.0.1:%d']
                    """.formatted(TOKEN, jar.port()));
            Process prometheus = new ProcessBuilder(List.of(
                            PROMETHEUS.toString(),
                            "--config.file=" + config,
                            "--storage.tsdb.path=" + dir.resolve("data"),
                            "--web.listen-address=127.0.0.1:" + port,
                            "--log.level=warn"))
                    .redirectErrorStream(true)
                    .redirectOutput(dir.resolve("prometheus.log").toFile())
                    .start();
            try {
                URI api = URI.create("http://127.0.0.1:" + port);
                assertThat(await(api, "up{job=\"pocketapi\"}", 1)).as("up").isEqualTo(1);
                for (int i = 0; i < 5; i++) {
                    assertThat(jar.get("/api/holidays?type=alarm").statusCode()).isEqualTo(200);
                }
                String counter = "pocketapi_requests_total{route=\"/api/holidays\",status=\"2xx\"}";
                assertThat(await(api, counter, 5)).isEqualTo(5);
                for (int i = 0; i < 20; i++) {
                    assertThat(jar.get("/api/holidays?y=2025&m=10&d=1").statusCode())
                            .isEqualTo(200);
                }
                assertThat(await(api, counter, 25)).as("5 calls, then 20 more").isEqualTo(25);
                assertThat(await(api, "pocketapi_holiday_data_last_year{region=\"cn\"}", 2026))
                        .isEqualTo(2026);
            } finally {
                prometheus.destroy();
                if (!prometheus.waitFor(10, java.util.concurrent.TimeUnit.SECONDS)) {
                    prometheus.destroyForcibly().waitFor();
                }
            }
        }
    }

    /** Asks Prometheus for {@code query} until it answers {@code wanted} (30 s at most); its last answer. */
    private static double await(URI api, String query, double wanted) throws Exception {
        double last = Double.NaN;
        long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
        while (System.nanoTime() < deadline) {
            last = query(api, query);
            if (last == wanted) {
                return last;
            }
            Thread.sleep(200);
        }
        return last;
    }

    private static double query(URI api, String query) {
        try {
            HttpResponse<String> answer = CLIENT.send(
                    HttpRequest.newBuilder(api.resolve(
                                    "/api/v1/query?query=" + URLEncoder.encode(query, StandardCharsets.UTF_8)))
                            .timeout(Duration.ofSeconds(2))
                            .build(),
                    HttpResponse.BodyHandlers.ofString());
            JsonNode result = Json.mapper().readTree(answer.body()).at("/data/result");
            return result.size() == 1 ? result.get(0).at("/value/1").asDouble() : Double.NaN;
        } catch (Exception e) {
            return Double.NaN; // not up yet
        }
    }

    private static int freePort() throws Exception {
        try (ServerSocket free = new ServerSocket(0)) {
            return free.getLocalPort();
        }
    }
}
