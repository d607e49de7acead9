package pocketapi;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import pocketapi.config.Config;
import pocketapi.config.ConfigException;
import pocketapi.pictures.NamedPools;

/** What the settings and the folders may hold of a heap, at the unit's 64 MB and beside it. */
class MemoryBudgetTest {
    /** What Runtime.maxMemory() says under the unit's -Xmx64m with the serial collector. */
    private static final long UNIT_HEAP = 62_259_200;

    @TempDir
    Path dir;

    private static Config config(Map<String, String> settings) throws ConfigException {
        return Settings.parse(settings, List.of());
    }

    @Test
    void the_defaults_fit_the_units_heap_with_megabytes_left_for_pictures_and_calendars() throws Exception {
        MemoryBudget budget = MemoryBudget.check(Settings.defaults(), UNIT_HEAP, Settings.CAPABILITIES);
        assertThat(budget.pools()).isBetween(5L << 20, 9L << 20);
        assertThat(budget.calendars()).isGreaterThan(5L << 19);
        assertThat(budget.toString()).startsWith("heap 59.4 MB:");
    }

    @Test
    void more_users_than_the_heap_holds_stop_the_start_naming_the_setting_the_heap_and_what_fits() throws Exception {
        assertThatThrownBy(() -> MemoryBudget.check(
                        config(Map.of("STATS_MAX_USERS", "5000000")), UNIT_HEAP, Settings.CAPABILITIES))
                .isInstanceOf(ConfigException.class)
                .hasMessage(
                        "STATS_MAX_USERS (--stats-max-users): 5000000 users take 362.4 MB in a heap of 59.4 MB (-Xmx), "
                                + "which holds at most 208932 beside the rest of the service; lower it or "
                                + "give Java a larger -Xmx");
        MemoryBudget.check(config(Map.of("STATS_MAX_USERS", "208932")), UNIT_HEAP, Settings.CAPABILITIES);
        assertThatThrownBy(() ->
                MemoryBudget.check(config(Map.of("STATS_MAX_USERS", "208933")), UNIT_HEAP, Settings.CAPABILITIES));
        // Redis mode keeps no sketch of visitors (Redis does): its own 2 MB instead.
        assertThatThrownBy(() -> MemoryBudget.check(
                        config(Map.of("STATS_MAX_USERS", "256970", "STATS_REDIS_URL", "redis://127.0.0.1:6379")),
                        UNIT_HEAP,
                        Settings.CAPABILITIES))
                .hasMessageContaining("at most 229376 beside");
        MemoryBudget.check(
                config(Map.of("STATS_MAX_USERS", "5000000")),
                1L << 30,
                Settings.CAPABILITIES); // a heap of 1 GB holds them
    }

    @Test
    void more_days_of_visitors_than_the_heap_holds_stop_the_start_naming_the_setting_and_the_days_that_fit()
            throws Exception {
        assertThatThrownBy(() -> MemoryBudget.check(
                        config(Map.of("STATS_HISTORY_DAYS", "3660")), UNIT_HEAP, Settings.CAPABILITIES))
                .isInstanceOf(ConfigException.class)
                .hasMessage(
                        "STATS_HISTORY_DAYS (--stats-history-days): 3660 days of visitors take 31.5 MB in a heap of "
                                + "59.4 MB (-Xmx), which holds at most 1319 beside 100000 users and the rest of the service; "
                                + "lower it (or STATS_MAX_USERS), or give Java a larger -Xmx");
        MemoryBudget.check(config(Map.of("STATS_HISTORY_DAYS", "1319")), UNIT_HEAP, Settings.CAPABILITIES);
        assertThatThrownBy(() ->
                MemoryBudget.check(config(Map.of("STATS_HISTORY_DAYS", "1320")), UNIT_HEAP, Settings.CAPABILITIES));
        // Redis keeps them in Redis mode; the instance, none.
        MemoryBudget.check(
                config(Map.of("STATS_HISTORY_DAYS", "3660", "STATS_REDIS_URL", "redis://127.0.0.1:6379")),
                UNIT_HEAP,
                Settings.CAPABILITIES);
    }

    @Test
    void a_folder_change_that_would_not_fit_keeps_what_was_served_with_one_warn() throws Exception {
        Files.writeString(dir.resolve("wall.txt"), "a.jpg\n");
        MemoryBudget budget =
                MemoryBudget.check(config(Map.of("STATS_MAX_USERS", "200000")), UNIT_HEAP, Settings.CAPABILITIES);
        NamedPools pools = NamedPools.load(Optional.of(dir), budget.pools());
        StringBuilder big = new StringBuilder();
        for (int i = 0; i < 30_000; i++) {
            big.append("wallpapers/2026/a-rather-long-folder-name/picture-number-")
                    .append(i)
                    .append(".jpg\n");
        }
        Files.writeString(dir.resolve("wall.txt"), big);
        var scheduler = java.util.concurrent.Executors.newSingleThreadScheduledExecutor();
        try (LogCapture log = new LogCapture()) {
            pools.start(scheduler);
            assertThat(log.awaitLinesWith("more than the memory budget leaves them"))
                    .singleElement()
                    .asString()
                    .contains("wall.txt (IMAGE_POOLS_DIR): the picture pools would take")
                    .endsWith("picture pool wall stays as it was");
        } finally {
            scheduler.shutdownNow();
        }
        assertThat(pools.all().get("wall").entries()).containsExactly("a.jpg");
    }
}
