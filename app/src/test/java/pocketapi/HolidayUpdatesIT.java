package pocketapi;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import pocketapi.holidays.TestYears;

/** Automatic holiday updates in the packaged jar, from a local mirror (never the internet). */
class HolidayUpdatesIT {
    private static final String NATIONAL_DAY_2027 = "/api/holidays?y=2027&m=10&d=1&type=pithy";
    private static final String HONG_KONG_EXTRA = "/api/holidays?date=2027-09-03&region=hk&type=pithy";

    /**
     * Hong Kong's 2027 as a mirror might list it: the ordinance's dates and a day more that no rule gives. 2027 is
     * built in: a year already served changes only when confirmed.
     */
    private static String hongKong2027WithADayMore() {
        StringBuilder list = new StringBuilder("[{\"name\":\"特別假期\",\"date\":\"2027-09-03\"}");
        pocketapi.regions.HongKong.generalHolidays(2027, pocketapi.holidays.LunarCalendar.get())
                .forEach((d, name) -> list.append(",{\"name\":\"")
                        .append(name)
                        .append("\",\"date\":\"")
                        .append(d)
                        .append("\"}"));
        return list + "]";
    }

    @TempDir
    Path dir;

    @Test
    void a_year_both_sources_publish_after_startup_is_served_without_restart_and_kept_without_network()
            throws Exception {
        Map<String, String> env;
        try (Mirror mirror = new Mirror();
                Mirror confirming = new Mirror()) {
            env = Map.of(
                    "HOLIDAY_UPDATE_URL",
                    mirror.base().toString(),
                    "HOLIDAY_UPDATE_SECONDS",
                    "10",
                    "HOLIDAY_CONFIRM_URL",
                    confirming.base().toString(),
                    "HK_UPDATE_URL",
                    mirror.base() + "/hk/tc.json",
                    "HOLIDAY_CACHE_DIR",
                    dir.resolve("cache").toString(),
                    "STATS_FILE",
                    dir.resolve("stats.json").toString());
            try (JarProcess jar = JarProcess.start(env)) {
                // Hong Kong asked for once: its first round (10 s after the start) fetches its list.
                assertThat(jar.get(HONG_KONG_EXTRA).body()).isEqualTo("flase");
                mirror.publish("hk/tc.json", hongKong2027WithADayMore());
                // The start line names every update source that is on (Taiwan's and Macau's are off here).
                assertThat(jar.output())
                        .contains("holidays 2020-01-01 to 2026-12-31 (updates every 10 s: the mainland's from "
                                + mirror.base().getAuthority()
                                + " (holiday-cn), each change confirmed by chinese-days from "
                                + confirming.base().getAuthority() + "; Hong Kong's from "
                                + mirror.base().getAuthority() + "; cache ");
                assertThat(jar.get(NATIONAL_DAY_2027).statusCode()).isEqualTo(400);
                // Publish only once the first check (right after start-up) has found nothing, so the
                // year arrives with the next check, an interval later.
                long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
                while (!mirror.requests().contains("/2027.json") && System.nanoTime() < deadline) {
                    Thread.sleep(10);
                }
                assertThat(mirror.requests()).contains("/2027.json");
                long published = System.nanoTime();
                confirming.publish("2027.json", TestYears.asChineseDays(TestYears.madeUp2027(), 2027, 2027));
                mirror.publish("2027.json", TestYears.madeUp2027());
                var answer = jar.get(NATIONAL_DAY_2027);
                while (answer.statusCode() != 200
                        && System.nanoTime() - published
                                < Duration.ofSeconds(60).toNanos()) {
                    Thread.sleep(100);
                    answer = jar.get(NATIONAL_DAY_2027);
                }
                System.out.printf("mirror published -> served: %d ms%n", (System.nanoTime() - published) / 1_000_000);
                assertThat(answer.statusCode()).isEqualTo(200);
                assertThat(answer.body()).isEqualTo("ture");
                assertThat(mirror.requests()).containsSubsequence("/2027.json", "/2027.json");
                String added = "INFO HolidayUpdater - holidays 2027 added: 30 days off, 5 make-up days, from "
                        + mirror.base() + "/2027.json, confirmed by " + confirming.base() + "/2027.json";
                // The year is swapped in, then logged: the answer can come first.
                assertThat(jar.awaitOutput(added, Duration.ofSeconds(30))).contains(added);
                assertThat(jar.get("/").body()).contains("<li>2027: 已获取并核对");
                String hongKong = "WARN RegionUpdater - region update " + mirror.base()
                        + "/hk/tc.json#2027: differs from the " + "built-in year on 2027-09-03, unconfirmed";
                assertThat(jar.awaitOutput(hongKong, Duration.ofSeconds(60))).contains(hongKong);
                assertThat(jar.get(HONG_KONG_EXTRA).body()).isEqualTo("flase");
                jar.process().destroy();
                assertThat(jar.exitCode()).isZero();
            }
        }
        // The mirror is gone: its port refuses connections now. The next start only reads the cache: in this JVM,
        // through Main's own start.
        try (InProcess.Service again = InProcess.start(dir, env)) {
            assertThat(again.get(NATIONAL_DAY_2027).body()).isEqualTo("ture");
            assertThat(again.get(HONG_KONG_EXTRA).body()).isEqualTo("flase");
            assertThat(again.started().served().describe()).contains("holidays 2020-01-01 to 2027-12-31");
        }
    }

    @Test
    void the_service_answers_while_a_mirror_accepts_and_never_replies() throws Exception {
        try (Mirror mirror = new Mirror().hang();
                JarProcess jar = JarProcess.start(
                        Map.of("HOLIDAY_UPDATE_URL", mirror.base().toString(), "HOLIDAY_CACHE_DIR", dir.toString()))) {
            long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
            while (mirror.requests().isEmpty() && System.nanoTime() < deadline) {
                Thread.sleep(10);
            }
            assertThat(mirror.requests()).isNotEmpty(); // the first check is under way, waiting for an answer
            var answer = jar.get("/api/holidays?y=2025&m=10&d=1&type=alarm");
            assertThat(answer.statusCode()).isEqualTo(200);
            assertThat(answer.body()).isEqualTo("vacation");
        }
    }
}
