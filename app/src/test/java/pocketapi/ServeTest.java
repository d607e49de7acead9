package pocketapi;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.lang.reflect.Proxy;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ScheduledExecutorService;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import pocketapi.config.Config;
import pocketapi.config.ConfigException;
import pocketapi.config.WritableFolders;
import pocketapi.web.Module;

/** SERVE: the capabilities served, each read, checked and started only when named. */
class ServeTest {
    @TempDir
    Path dir;

    /** Settings that touch nothing outside {@link #dir} and fetch nothing, with these added. */
    private Map<String, String> settings(String serve, String... more) {
        Map<String, String> settings = new HashMap<>(Map.of(
                "SERVE",
                serve,
                "STATS_FILE",
                dir.resolve("stats.json").toString(),
                "HOLIDAY_CACHE_DIR",
                dir.resolve("holidays").toString(),
                "HOLIDAY_UPDATE_URL",
                "off",
                "HK_UPDATE_URL",
                "off",
                "MO_UPDATE_URL",
                "off",
                "TW_UPDATE_URL",
                "off"));
        for (int i = 0; i < more.length; i += 2) {
            settings.put(more[i], more[i + 1]);
        }
        return settings;
    }

    private static Main.Served served(Map<String, String> settings) throws Exception {
        Config config = Settings.parse(settings, List.of());
        return Main.serve(
                config,
                Clock.systemUTC(),
                MemoryBudget.check(config, Runtime.getRuntime().maxMemory(), config.get(Settings.SERVE)));
    }

    private static List<String> names(Main.Served served) {
        return served.modules().stream().map(Module::name).toList();
    }

    /** Starts the modules on executors that only write down which job asked for which thread, and run nothing. */
    private static List<String> jobs(Main.Served served) {
        List<String> jobs = new ArrayList<>();
        served.modules()
                .forEach(m -> m.start(name -> (ScheduledExecutorService) Proxy.newProxyInstance(
                        ServeTest.class.getClassLoader(),
                        new Class<?>[] {ScheduledExecutorService.class},
                        (proxy, method, args) -> {
                            jobs.add(name + " " + method.getName());
                            return null;
                        })));
        return jobs;
    }

    @Test
    void serve_takes_the_capabilities_in_any_order_and_case_and_keeps_the_pages_order() throws Exception {
        assertThat(Settings.defaults().get(Settings.SERVE))
                .containsExactly("holidays", "img", "hitokoto", "info", "notify");
        assertThat(Settings.parse(Map.of("SERVE", " info, IMG "), List.of()).get(Settings.SERVE))
                .containsExactly("img", "info");
    }

    @Test
    void an_unknown_capability_or_notify_without_holidays_is_refused_naming_what_is_accepted() {
        assertThatThrownBy(() -> Settings.parse(Map.of("SERVE", "img,pictures"), List.of()))
                .isInstanceOf(ConfigException.class)
                .hasMessage(
                        "SERVE (--serve): \"img,pictures\" is not accepted; expected comma-separated names, each one "
                                + "of holidays, img, hitokoto, info, notify");
        assertThatThrownBy(() -> Settings.parse(Map.of("SERVE", ""), List.of())).isInstanceOf(ConfigException.class);
        assertThatThrownBy(() -> Settings.parse(Map.of("SERVE", "img,notify"), List.of()))
                .hasMessage(
                        "SERVE (--serve): notify needs holidays (the calendars it tells of); serve both, or neither");
    }

    @Test
    void only_the_modules_named_are_built_the_holiday_calendar_bringing_its_regions_and_forecast() throws Exception {
        // /metrics comes last, whatever is served, unless METRICS=off.
        assertThat(names(served(settings("img")))).containsExactly("img", "metrics");
        assertThat(names(served(settings("hitokoto,holidays"))))
                .containsExactly("holidays", "regions", "forecast", "hitokoto", "metrics");
        assertThat(names(served(settings("holidays,img,hitokoto,info,notify"))))
                .containsExactly("holidays", "regions", "forecast", "img", "hitokoto", "info", "notify", "metrics");
        Map<String, String> off = new java.util.HashMap<>(settings("img"));
        off.put("METRICS", "off");
        assertThat(names(served(off))).containsExactly("img");
    }

    @Test
    void the_counters_not_served_read_and_write_no_file_and_count_nothing() throws Exception {
        assertThat(Main.folders(Settings.parse(settings("img"), List.of()))).isEmpty();
        Main.Served pictures = served(settings("img"));
        assertThat(pictures.counter()).isSameAs(pocketapi.web.CallCounter.NONE);
        assertThat(pictures.save().getAsBoolean()).isTrue();
        try (var files = Files.list(dir)) {
            assertThat(files).as("no key, no counters' file").isEmpty();
        }
        assertThat(Main.folders(Settings.parse(settings("info"), List.of())))
                .extracting(w -> w.setting().name())
                .containsExactly("STATS_FILE");
        served(settings("info"));
        assertThat(dir.resolve("stats.key")).exists();
    }

    @Test
    void a_capability_not_served_starts_no_job() throws Exception {
        Path pool = Files.writeString(dir.resolve("pool.txt"), "a.jpg\n");
        assertThat(jobs(served(settings("img")))).isEmpty();
        assertThat(jobs(served(settings(
                        "img",
                        "IMAGE_POOLS_DIR",
                        dir.toString(),
                        "IMAGE_HOST",
                        "https://img.example.com",
                        "IMAGE_POOL_PORTRAIT",
                        pool.toString(),
                        "IMAGE_POOL_LANDSCAPE",
                        pool.toString()))))
                .containsExactly("folders scheduleWithFixedDelay");
        assertThat(jobs(served(settings("holidays", "HOLIDAY_UPDATE_URL", "http://127.0.0.1:9/holidays"))))
                .containsExactly("updates schedule");
        assertThat(jobs(served(settings("info")))).isNotEmpty().allMatch(job -> job.startsWith("counters-save "));
    }

    @Test
    void both_unwritable_folders_are_reported_together_and_the_cache_only_while_updates_are_on() throws Exception {
        Path file = Files.writeString(dir.resolve("f"), "x");
        Config both = Settings.parse(
                settings(
                        "holidays,info",
                        "STATS_FILE",
                        file.resolve("stats.json").toString(),
                        "HOLIDAY_CACHE_DIR",
                        file.resolve("holidays").toString(),
                        "HK_UPDATE_URL",
                        "http://127.0.0.1:9/hk"),
                List.of());
        assertThatThrownBy(() -> WritableFolders.check(Main.folders(both)))
                .satisfies(e -> assertThat(e.getMessage().lines())
                        .satisfiesExactly(
                                l -> assertThat(l).startsWith("HOLIDAY_CACHE_DIR (--holiday-cache-dir): "),
                                l -> assertThat(l)
                                        .startsWith("STATS_FILE (--stats-file): \"" + file.resolve("stats.json")
                                                + "\" cannot be written (" + file + " is a file, not a folder)")));
        Config off = Settings.parse(
                settings(
                        "holidays,info",
                        "HOLIDAY_CACHE_DIR",
                        file.resolve("holidays").toString()),
                List.of());
        WritableFolders.check(Main.folders(off));
        assertThat(Main.folders(Settings.parse(
                        settings("holidays,notify", "NOTIFY_URLS", "ntfy+https://ntfy.sh/t"), List.of())))
                .as("notify.state beside STATS_FILE")
                .extracting(w -> w.setting().name())
                .containsExactly("STATS_FILE");
    }
}
