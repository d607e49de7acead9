package pocketapi.holidays;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ScheduledExecutorService;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import pocketapi.LogCapture;
import pocketapi.Settings;
import pocketapi.TestApps;
import pocketapi.common.Jobs;
import pocketapi.config.Config;
import pocketapi.holidays.data.OwnCalendars;
import pocketapi.web.TestServer;

/**
 * With the mainland's updates off, the service still warns that its data ends (then most of all: nothing will add next
 * year by itself), and the log and the page name the setting that turned them off, as the user wrote it.
 */
class UpdatesOffTest {
    @TempDir
    Path dir;

    private Config config(String setting, String value) throws Exception {
        return Settings.parse(Map.of(setting, value, "HOLIDAY_CACHE_DIR", dir.toString()), List.of());
    }

    @ParameterizedTest(name = "{0}={1}")
    @CsvSource({"UPDATES, off, UPDATES=off", "HOLIDAY_UPDATE_URL, off, HOLIDAY_UPDATE_URL=off"})
    void from_1_december_the_log_warns_that_the_data_ends_naming_what_turned_updates_off(
            String setting, String value, String named) throws Exception {
        Clock december = TestApps.at("2026-12-01T01:00:00Z");
        HolidaysModule module = HolidaysModule.of(
                config(setting, value),
                december,
                new LiveCalendar(TestApps.calendar(december)),
                OwnCalendars.builtIn(),
                RegionCalendars.NONE,
                Forecasts.NONE);
        ScheduledExecutorService thread = Jobs.thread("updates");
        try (LogCapture log = new LogCapture()) {
            module.start(name -> thread);
            assertThat(log.awaitLinesWith("WARN HolidayUpdater - holiday data ends on 2026-12-31"))
                    .singleElement()
                    .asString()
                    .endsWith("holiday data ends on 2026-12-31, in 30 days (2027 has not been fetched yet): automatic "
                            + "updates are off (" + named + "): put 2027.json into HOLIDAY_DATA_DIR and restart, or "
                            + "turn updates on");
        } finally {
            thread.shutdownNow();
        }
    }

    @ParameterizedTest(name = "{0}={1}")
    @CsvSource({"UPDATES, off, UPDATES=off", "HOLIDAY_UPDATE_URL, OFF, HOLIDAY_UPDATE_URL=off"})
    void the_page_names_what_turned_updates_off(String setting, String value, String named) {
        TestServer.run(
                TestApps.app(Map.of(setting, value)),
                server -> assertThat(server.get("/").body())
                        .contains("Automatic updates are off (" + named + "): next year's data is added by hand")
                        .doesNotContain("added by itself"));
    }
}
