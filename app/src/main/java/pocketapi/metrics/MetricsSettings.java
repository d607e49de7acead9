package pocketapi.metrics;

import java.util.List;
import java.util.Optional;
import pocketapi.config.Setting;

/** The settings of {@code /metrics}, in the order of {@code --help} and the README's table. */
public final class MetricsSettings {
    public static final Setting<Boolean> METRICS = Setting.of(
            "METRICS",
            "on",
            "on or off. on: GET /metrics in Prometheus' text format (requests by route and status class, latency, "
                    + "the data's years and updates, the counters' saves and Redis, the JVM); off: no such route "
                    + "(docs/metrics.md)",
            v -> v.onOff());
    public static final Setting<Optional<String>> METRICS_TOKEN = Setting.of(
            "METRICS_TOKEN",
            "",
            "when set, /metrics answers only a request with Authorization: Bearer <this token> (401 otherwise); "
                    + "16 to 256 characters of A-Z a-z 0-9 . _ ~ + / = -. Unset: anyone who reaches the port may "
                    + "read it",
            v -> {
                String t = v.text().strip();
                if (t.isEmpty()) {
                    return Optional.empty();
                }
                if (!t.matches("[A-Za-z0-9._~+/=-]{16,256}")) {
                    // A secret: never quoted.
                    v.problem("is not accepted (" + t.length() + " characters); expected 16 to 256 characters of "
                            + "A-Z a-z 0-9 . _ ~ + / = -");
                    return Optional.empty();
                }
                return Optional.of(t);
            });

    public static final List<Setting<?>> ALL = List.of(METRICS, METRICS_TOKEN);

    private MetricsSettings() {}
}
