package pocketapi.holidays.update;

import java.util.List;
import java.util.Optional;
import java.util.function.BiConsumer;
import java.util.function.Supplier;
import java.util.stream.Stream;
import pocketapi.web.Measures;

/**
 * What /metrics says of the updates, the mainland's and each region's alike: per source (a host) and role (an update
 * source or a confirming one), when it was last asked, when it last answered as it should, whether its last answer was
 * one; and the years waiting for confirmation. A series' labels say which log it comes from (the updater, the role),
 * and a log holds a host once, so no two series share their labels whatever the URLs. The metrics module adds the
 * readings of every updater under one name. Stateless.
 */
public final class UpdateMeasures {
    /** The label value of each role. */
    private static final String UPDATE = "update";

    private static final String CONFIRM = "confirm";

    private UpdateMeasures() {}

    /** Registers the readings of {@code outcomes} (none while the updater has not started) as {@code updater}'s. */
    public static void register(Measures m, String updater, Supplier<Optional<UpdateOutcomes>> outcomes) {
        List<String> labels = List.of("updater", "role", "source");
        m.gauge(
                "update_source_up",
                "1 when the update source's last answer was a good one (a year, or not published yet), 0 when not",
                labels,
                r -> each(outcomes, (role, s) -> r.value(s.up() ? 1 : 0, updater, role, s.host())));
        m.gauge(
                "update_source_last_attempt_timestamp_seconds",
                "when the update source was last asked",
                labels,
                r -> each(outcomes, (role, s) -> r.value(s.askedMillis() / 1_000.0, updater, role, s.host())));
        m.gauge(
                "update_source_last_success_timestamp_seconds",
                "when the update source last answered as it should (absent if it never did)",
                labels,
                r -> each(outcomes, (role, s) -> {
                    if (s.answeredMillis() > 0) {
                        r.value(s.answeredMillis() / 1_000.0, updater, role, s.host());
                    }
                }));
        m.gauge(
                "holiday_years_waiting_for_confirmation",
                "years fetched but not served yet, waiting for the confirming source",
                List.of("updater"),
                r -> r.value(
                        outcomes.get().stream()
                                .flatMap(o -> Stream.of(o.update(), o.confirm()))
                                .flatMap(log -> log.waiting().stream())
                                .distinct()
                                .count(),
                        updater));
    }

    /** Every source of each role's log, with the role. */
    private static void each(Supplier<Optional<UpdateOutcomes>> outcomes, BiConsumer<String, OutcomeLog.Source> read) {
        outcomes.get().ifPresent(o -> {
            o.update().sources().forEach(s -> read.accept(UPDATE, s));
            o.confirm().sources().forEach(s -> read.accept(CONFIRM, s));
        });
    }
}
