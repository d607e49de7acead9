package pocketapi.metrics;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.Duration;
import java.time.LocalDate;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import pocketapi.LogCapture;
import pocketapi.Mirror;
import pocketapi.MutableClock;
import pocketapi.Settings;
import pocketapi.holidays.LiveCalendar;
import pocketapi.holidays.TestYears;
import pocketapi.holidays.data.HolidayData;
import pocketapi.holidays.update.HolidayCache;
import pocketapi.holidays.update.HolidayFetcher;
import pocketapi.holidays.update.HolidayUpdater;
import pocketapi.holidays.update.UpdateMeasures;
import pocketapi.regions.HongKong;
import pocketapi.regions.Macau;
import pocketapi.regions.RegionUpdater;
import pocketapi.regions.Regions;
import pocketapi.regions.Taiwan;
import pocketapi.regions.TaiwanFiles;
import pocketapi.web.CallCounter;
import pocketapi.web.HttpApi;
import pocketapi.web.Measures;
import pocketapi.web.Module;
import pocketapi.web.Routes;
import pocketapi.web.TestServer;

/**
 * The update sources on /metrics when one host is asked in every role: as the mainland's mirror and its confirming
 * source (the defaults share cdn.jsdelivr.net), as Taiwan's mirror and its confirming source. The updaters are the real
 * ones, each after one round against a local mirror; /metrics is the production wiring's.
 */
class UpdateSourcesMetricsTest {
    @TempDir
    Path cache;

    @Test
    void one_host_as_mirror_and_as_confirming_source_is_one_series_per_role_and_every_scrape_answers()
            throws Exception {
        MutableClock clock = new MutableClock("2027-11-22T02:00:00Z");
        try (Mirror mirror = new Mirror();
                LogCapture updatersLines = new LogCapture()) { // kept out of the build's output
            // The mainland's 2027 from its mirror; the confirming source, on the same host, has not published it.
            mirror.publish("holiday-cn/2027.json", TestYears.madeUp2027());
            // Taiwan's 2028 from its mirror; its confirming source, on the same host again, has not either.
            mirror.publish(
                    "ruyut/data/2028.json",
                    TaiwanFiles.everyDay(2028, Map.of(LocalDate.of(2028, 10, 10), "國慶日"), List.of()));
            HolidayFetcher fetcher = new HolidayFetcher(Duration.ofSeconds(1), Duration.ofSeconds(1), "pocketapi-test");
            HolidayUpdater mainland = new HolidayUpdater(
                    new LiveCalendar(HolidayData.load(Optional.empty(), clock)),
                    new HolidayUpdater.Sources(
                            List.of(mirror.base().resolve("/holiday-cn")),
                            Duration.ofHours(6),
                            List.of(mirror.base().resolve("/chinese-days")),
                            Duration.ofDays(7)),
                    new HolidayCache(cache.resolve("cn"), clock),
                    Set.of(),
                    fetcher,
                    clock);
            Regions regions = new Regions(
                    List.of(
                            new HongKong(List.of()),
                            new Macau(List.of()),
                            new Taiwan(
                                    List.of(mirror.base().resolve("/ruyut/data")),
                                    List.of(mirror.base().resolve("/imsyuan/data")))),
                    clock,
                    cache.resolve("regions"));
            regions.get(regions.get("tw")); // Taiwan asked for: the regions' updater looks after it
            RegionUpdater regional =
                    new RegionUpdater(regions, Duration.ofHours(6), Duration.ofDays(7), fetcher, clock);
            mainland.check();
            regional.check();
            assertThat(mirror.requests())
                    .contains(
                            "/holiday-cn/2027.json",
                            "/chinese-days/2027.json",
                            "/ruyut/data/2028.json",
                            "/imsyuan/data/2028/holidays.json");

            Module updates = new Module() {
                @Override
                public String name() {
                    return "updates";
                }

                @Override
                public void routes(Routes routes) {}

                @Override
                public void measures(Measures m) {
                    // As HolidaysModule and RegionsModule register their updaters' outcomes.
                    UpdateMeasures.register(m, "mainland", () -> Optional.of(mainland.outcomes()));
                    UpdateMeasures.register(m, "regions", () -> Optional.of(regional.outcomes()));
                }
            };
            var config = Settings.defaults();
            List<Module> modules =
                    List.of(updates, MetricsModule.of(config, List.of(updates)).orElseThrow());
            String host = mirror.base().getAuthority();
            TestServer.run(HttpApi.create(config, CallCounter.NONE, List.of(), modules), server -> {
                for (int scrape = 0; scrape < 2; scrape++) {
                    var answer = server.get("/metrics");
                    assertThat(answer.statusCode()).as(answer.body()).isEqualTo(200);
                    String text = answer.body();
                    for (String updater : List.of("mainland", "regions")) {
                        for (String role : List.of("update", "confirm")) {
                            Map<String, String> labels = Map.of("updater", updater, "role", role, "source", host);
                            assertThat(MetricsApiTest.sample(
                                            text, "pocketapi_update_source_last_attempt_timestamp_seconds", labels))
                                    .as(labels.toString())
                                    .isPositive();
                            assertThat(MetricsApiTest.sample(text, "pocketapi_update_source_up", labels))
                                    .as(labels.toString())
                                    .isIn(0.0, 1.0);
                        }
                    }
                    assertThat(MetricsApiTest.sample(
                                    text,
                                    "pocketapi_holiday_years_waiting_for_confirmation",
                                    Map.of("updater", "mainland")))
                            .isEqualTo(1.0);
                }
            });
        }
    }
}
