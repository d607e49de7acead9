package pocketapi;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import pocketapi.metrics.MetricsModule;

/**
 * The metrics as Main builds them, every module served (the counters with their file, a notification target): the
 * Grafana dashboard charts and docs/metrics.md names only metrics the service registers, and the docs name every one.
 */
class MetricsNamesTest {
    @TempDir
    Path dir;

    @Test
    void the_dashboard_and_the_docs_name_exactly_the_metrics_the_service_registers() throws Exception {
        var config = Settings.parse(
                Map.of(
                        "STATS_FILE",
                        dir.resolve("stats.json").toString(),
                        "HOLIDAY_CACHE_DIR",
                        dir.resolve("holidays").toString(),
                        "UPDATES",
                        "off",
                        "NOTIFY_URLS",
                        "webhook+http://127.0.0.1:9/hook"),
                List.of());
        Main.Served served = Main.serve(
                config, Clock.systemUTC(), MemoryBudget.check(config, 64L << 20, config.get(Settings.SERVE)));
        try {
            MetricsModule metrics = served.modules().stream()
                    .filter(m -> m instanceof MetricsModule)
                    .map(m -> (MetricsModule) m)
                    .findFirst()
                    .orElseThrow();
            Set<String> registered = metrics.names();
            String exposition = new String(metrics.exposition(), StandardCharsets.UTF_8);
            Set<String> jvm = names(exposition, "(?m)^# TYPE (jvm_[a-z_]+)");
            assertThat(registered)
                    .contains(
                            "pocketapi_requests",
                            "pocketapi_holiday_data_last_year",
                            "pocketapi_update_source_up",
                            "pocketapi_counters_last_save_timestamp_seconds",
                            "pocketapi_counters_unsaved_calls",
                            "pocketapi_pictures",
                            "pocketapi_sentences",
                            "pocketapi_notifications_sent",
                            "pocketapi_notifications_failed");
            Set<String> known = new TreeSet<>(registered);
            known.addAll(jvm);
            // Redis mode's two (RedisIT reads them from the jar, Redis up then paused).
            known.addAll(List.of("pocketapi_redis_up", "pocketapi_redis_backlog_calls"));

            String dashboard = Files.readString(Path.of("deploy/grafana/pocketapi-dashboard.json"));
            pocketapi.files.Json.mapper().readTree(dashboard); // imports as is: one JSON document
            Set<String> charted = names(dashboard, "((?:pocketapi|jvm)_[a-z_]+)");
            assertThat(charted).isNotEmpty();
            assertThat(known).containsAll(charted);

            Set<String> documented = names(Files.readString(Path.of("docs/metrics.md")), "`(pocketapi_[a-z_]+)`");
            assertThat(documented)
                    .isEqualTo(new TreeSet<>(known.stream()
                            .filter(n -> n.startsWith("pocketapi_"))
                            .toList()));
        } finally {
            served.save().getAsBoolean();
        }
    }

    private static Set<String> names(String text, String regex) {
        Set<String> out = new TreeSet<>();
        Matcher m = Pattern.compile(regex).matcher(text);
        while (m.find()) {
            out.add(m.group(1).replaceAll("_(bucket|count|sum|total|created)$", ""));
        }
        return out;
    }
}
