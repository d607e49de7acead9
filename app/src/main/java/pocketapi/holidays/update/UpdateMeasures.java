package pocketapi.holidays.update;

import java.util.List;
import java.util.function.Supplier;
import pocketapi.web.Measures;

/**
 * What /metrics says of the updates, the mainland's and each region's alike: per source (a host), when it was last
 * asked, when it last answered as it should, whether its last answer was one; and the years waiting for confirmation.
 * The metrics module adds the readings of every updater under one name.
 */
public final class UpdateMeasures {
    private UpdateMeasures() {}

    /** Registers the readings of {@code logs} (none while the updater has not started) as {@code updater}'s. */
    public static void register(Measures m, String updater, Supplier<List<OutcomeLog>> logs) {
        List<String> labels = List.of("updater", "source");
        m.gauge(
                "update_source_up",
                "1 when the update source's last answer was a good one (a year, or not published yet), 0 when not",
                labels,
                r -> logs.get().forEach(log -> log.sources().forEach(s -> r.value(s.up() ? 1 : 0, updater, s.host()))));
        m.gauge(
                "update_source_last_attempt_timestamp_seconds",
                "when the update source was last asked",
                labels,
                r -> logs.get()
                        .forEach(log ->
                                log.sources().forEach(s -> r.value(s.askedMillis() / 1_000.0, updater, s.host()))));
        m.gauge(
                "update_source_last_success_timestamp_seconds",
                "when the update source last answered as it should (absent if it never did)",
                labels,
                r -> logs.get()
                        .forEach(log -> log.sources().stream()
                                .filter(s -> s.answeredMillis() > 0)
                                .forEach(s -> r.value(s.answeredMillis() / 1_000.0, updater, s.host()))));
        m.gauge(
                "holiday_years_waiting_for_confirmation",
                "years fetched but not served yet, waiting for the confirming source",
                List.of("updater"),
                r -> r.value(
                        logs.get().stream()
                                .flatMap(log -> log.waiting().stream())
                                .distinct()
                                .count(),
                        updater));
    }
}
