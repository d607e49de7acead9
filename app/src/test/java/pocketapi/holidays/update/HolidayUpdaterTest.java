package pocketapi.holidays.update;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.LocalDate;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvFileSource;
import org.junit.jupiter.params.provider.ValueSource;
import pocketapi.LogCapture;
import pocketapi.Mirror;
import pocketapi.MutableClock;
import pocketapi.holidays.HolidayCalendar;
import pocketapi.holidays.LiveCalendar;
import pocketapi.holidays.TestYears;
import pocketapi.holidays.data.HolidayData;

/** The updater against local mirrors: what it serves, what it refuses, what it logs. */
class HolidayUpdaterTest {
    private static final LocalDate NATIONAL_DAY_2027 = LocalDate.of(2027, 10, 1);

    @TempDir
    Path cacheDir;

    private final MutableClock clock = new MutableClock("2026-11-22T02:00:00Z");
    private Mirror mirror;
    private LiveCalendar live;
    private LogCapture log;

    @BeforeEach
    void start() throws Exception {
        mirror = new Mirror();
        live = new LiveCalendar(HolidayData.load(Optional.empty(), clock));
        log = new LogCapture();
    }

    @AfterEach
    void stop() {
        log.close();
        mirror.close();
    }

    private HolidayUpdater updater(URI... mirrors) {
        return updater(Set.of(), mirrors);
    }

    /** An updater without confirmation: what these tests cover is the primary source alone. */
    private HolidayUpdater updater(Set<Integer> pinned, URI... mirrors) {
        return new HolidayUpdater(
                live,
                new HolidayUpdater.Sources(List.of(mirrors), Duration.ofHours(6), List.of(), Duration.ZERO),
                new HolidayCache(cacheDir, clock),
                pinned,
                new HolidayFetcher(Duration.ofSeconds(1), Duration.ofSeconds(1), "pocketapi-test"),
                clock);
    }

    private HolidayCalendar served() {
        return live.get();
    }

    @Test
    void a_valid_next_year_is_added_while_running_kept_in_the_cache_and_logged_once() throws Exception {
        mirror.publish("2027.json", TestYears.madeUp2027());
        HolidayCalendar before = served();
        HolidayUpdater updater = updater(mirror.base());
        updater.check();
        assertThat(served()).isNotSameAs(before);
        assertThat(served().last()).isEqualTo(LocalDate.of(2027, 12, 31));
        assertThat(served().classify(NATIONAL_DAY_2027).status().wire()).isEqualTo("ture");
        assertThat(TestYears.parse(2027, java.nio.file.Files.readString(cacheDir.resolve("2027.json")))
                        .sameDays(TestYears.parse(2027, TestYears.madeUp2027())))
                .isTrue();
        updater.check();
        assertThat(log.linesWith("holidays 2027 added"))
                .singleElement()
                .asString()
                .endsWith("INFO HolidayUpdater - holidays 2027 added: 30 days off, 5 make-up days, from "
                        + mirror.base() + "/2027.json");
        assertThat(mirror.requests()).containsExactly("/2026.json", "/2027.json", "/2026.json", "/2027.json");
    }

    @Test
    void a_placeholder_leaves_the_data_and_marks_the_year_not_published() {
        mirror.publish("2027.json", TestYears.PLACEHOLDER_2027);
        HolidayUpdater updater = updater(mirror.base());
        updater.check();
        updater.check();
        assertThat(served().last()).isEqualTo(LocalDate.of(2026, 12, 31));
        assertThat(served().notPublished(2027)).isTrue();
        assertThat(cacheDir.resolve("2027.json")).doesNotExist();
        assertThat(log.linesWith("/2027.json: not published yet")).hasSize(1);
    }

    @ParameterizedTest(name = "{0}")
    @CsvFileSource(resources = "/cases/HolidayUpdaterTest.csv", delimiter = '|', quoteCharacter = '\'')
    void a_bad_answer_leaves_the_data_as_it_is_and_is_logged_once(
            String kind, int status, String type, String body, String reason) {
        mirror.answer("2027.json", status, type, body.getBytes(StandardCharsets.UTF_8));
        HolidayCalendar before = served();
        HolidayUpdater updater = updater(mirror.base());
        updater.check();
        updater.check();
        assertThat(served()).isSameAs(before);
        assertThat(cacheDir.resolve("2027.json")).doesNotExist();
        assertThat(log.linesWith(mirror.base() + "/2027.json: " + reason))
                .hasSize(1)
                .allSatisfy(line -> assertThat(line).contains("WARN", "keeping the data as it is"));
    }

    @Test
    void a_body_over_1_mb_is_refused() {
        byte[] big = new byte[2 << 20];
        java.util.Arrays.fill(big, (byte) ' ');
        mirror.answer("2027.json", 200, "application/json", big);
        updater(mirror.base()).check();
        assertThat(served().last()).isEqualTo(LocalDate.of(2026, 12, 31));
        assertThat(log.linesWith("/2027.json: the answer is larger than 1048576 bytes"))
                .hasSize(1);
    }

    @Test
    void a_mirror_that_accepts_and_never_answers_costs_one_time_out_and_changes_nothing() {
        mirror.hang();
        HolidayCalendar before = served();
        updater(mirror.base()).check(); // returns: the time-out ended the wait
        assertThat(served()).isSameAs(before);
        assertThat(log.linesWith("WARN"))
                .singleElement()
                .asString()
                .contains("holiday update: no answer from " + mirror.base().getAuthority()
                        + " (no complete answer within 1 s); keeping the data as it is");
    }

    @Test
    void an_offline_start_logs_one_line_for_every_mirror_and_year_without_an_answer() throws Exception {
        URI closed1;
        URI closed2;
        try (java.net.ServerSocket a = new java.net.ServerSocket(0);
                java.net.ServerSocket b = new java.net.ServerSocket(0)) {
            closed1 = URI.create("http://127.0.0.1:" + a.getLocalPort());
            closed2 = URI.create("http://127.0.0.1:" + b.getLocalPort());
        }
        HolidayUpdater updater = updater(closed1, closed2);
        updater.check();
        updater.check();
        assertThat(log.lines())
                .singleElement()
                .asString()
                .contains("WARN HolidayUpdater - holiday update: no answer from " + closed1.getAuthority() + ", "
                        + closed2.getAuthority() + " (could not connect");
    }

    @Test
    void a_failing_mirror_is_followed_by_the_next_one() throws Exception {
        try (Mirror second = new Mirror()) {
            mirror.answer("2027.json", 200, "text/html", "<html>portal</html>".getBytes(StandardCharsets.UTF_8));
            second.publish("2027.json", TestYears.madeUp2027());
            updater(mirror.base(), second.base()).check();
            assertThat(served().classify(NATIONAL_DAY_2027).status().wire()).isEqualTo("ture");
            assertThat(log.linesWith("holidays 2027 added"))
                    .singleElement()
                    .asString()
                    .endsWith("from " + second.base() + "/2027.json");
        }
    }

    @Test
    void without_confirmation_a_changed_built_in_year_is_logged_once_and_not_served() {
        String changed = TestYears.builtIn(2026)
                .replace(
                        "{\"name\": \"国庆节\", \"date\": \"2026-10-07\", \"isOffDay\": true}",
                        "{\"name\": \"国庆节\", \"date\": \"2026-10-08\", \"isOffDay\": true}");
        mirror.publish("2026.json", changed);
        HolidayCalendar before = served();
        HolidayUpdater updater = updater(mirror.base());
        updater.check();
        updater.check();
        assertThat(served()).isSameAs(before);
        assertThat(served().classify(LocalDate.of(2026, 10, 8)).status().wire()).isEqualTo("flase");
        assertThat(cacheDir.resolve("2026.json")).doesNotExist();
        assertThat(log.linesWith(mirror.base() + "/2026.json"))
                .singleElement()
                .asString()
                .contains(
                        "WARN",
                        "a change to dates already served (2026-10-07, 2026-10-08) is not served: nothing "
                                + "can confirm it "
                                + "(HOLIDAY_CONFIRM_URL=off)");
    }

    @Test
    void the_same_year_again_changes_nothing_and_writes_nothing() {
        mirror.publish("2026.json", TestYears.builtIn(2026).replace("\n", "\n\n"));
        HolidayCalendar before = served();
        updater(mirror.base()).check();
        assertThat(served()).isSameAs(before);
        assertThat(cacheDir.resolve("2026.json")).doesNotExist();
        assertThat(log.linesWith("holidays 2026")).isEmpty();
    }

    @Test
    void years_from_holiday_data_dir_are_never_fetched() {
        updater(Set.of(2027), mirror.base()).check();
        assertThat(mirror.requests()).containsExactly("/2026.json");
    }

    @Test
    void the_years_fetched_follow_the_utc8_date() {
        clock.set("2026-12-31T16:00:00Z"); // 2027-01-01 00:00 UTC+8
        updater(mirror.base()).check();
        assertThat(mirror.requests()).containsExactly("/2027.json", "/2028.json");
    }

    @Test
    void years_missing_between_the_covered_range_and_this_year_are_fetched_first() {
        clock.set("2029-03-01T00:00:00Z");
        mirror.publish("2027.json", TestYears.madeUp2027());
        updater(mirror.base()).check();
        assertThat(mirror.requests()).containsExactly("/2027.json", "/2028.json", "/2029.json", "/2030.json");
        assertThat(served().last()).isEqualTo(LocalDate.of(2027, 12, 31));
    }

    @Test
    void start_returns_at_once_while_the_first_check_runs_in_the_background() throws Exception {
        mirror.hang();
        java.util.concurrent.ScheduledExecutorService scheduler =
                java.util.concurrent.Executors.newScheduledThreadPool(1);
        try {
            HolidayUpdater updater = updater(mirror.base());
            updater.start(scheduler);
            // Had start() run the check itself, the (hanging) mirror would have been asked already.
            assertThat(mirror.requests()).isEmpty();
            long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
            while (mirror.requests().isEmpty() && System.nanoTime() < deadline) {
                Thread.sleep(10);
            }
            assertThat(mirror.requests()).containsExactly("/2026.json"); // asked, and still waiting
        } finally {
            scheduler.shutdownNow();
        }
    }

    @Test
    void a_warning_once_a_day_while_the_data_ends_within_30_days() {
        HolidayUpdater updater = updater();
        updater.warnIfEndingSoon(); // 2026-11-22: 39 days left
        assertThat(log.linesWith("holiday data")).isEmpty();
        clock.set("2026-12-01T01:00:00Z");
        updater.warnIfEndingSoon();
        updater.warnIfEndingSoon();
        clock.set("2026-12-02T01:00:00Z");
        updater.warnIfEndingSoon();
        assertThat(log.linesWith("WARN HolidayUpdater - holiday data ends on 2026-12-31"))
                .hasSize(2);
        assertThat(log.linesWith("holiday data ends on 2026-12-31, in 30 days (2027 has not been fetched yet): "
                        + "automatic updates are off (HOLIDAY_UPDATE_URL=off): put 2027.json into HOLIDAY_DATA_DIR"))
                .hasSize(1);
    }

    @Test
    void the_warning_names_the_remedy_when_updates_are_on_and_the_year_is_not_published() {
        live.set(served().withNotPublished(2027));
        clock.set("2027-01-02T01:00:00Z");
        updater(mirror.base()).warnIfEndingSoon();
        assertThat(log.linesWith("WARN"))
                .singleElement()
                .asString()
                .contains("holiday data ended on 2026-12-31; dates after it answer 400 (2027 is not published yet): "
                        + "pocketapi checks every 6 h and serves 2027 as soon as it is published");
    }

    @Test
    void a_redirect_keeps_the_scheme() {
        URI https = URI.create("https://203.0.113.5/2027.json");
        assertThat(HolidayFetcher.refusedRedirect(https, URI.create("http://198.51.100.7/2027.json"), false))
                .isEqualTo("redirected from https to plain http: refused");
        assertThat(HolidayFetcher.refusedRedirect(https, URI.create("file:///etc/passwd"), false))
                .isEqualTo("redirected to another scheme: refused");
        assertThat(HolidayFetcher.refusedRedirect(
                        URI.create("http://203.0.113.5/2027.json"),
                        URI.create("https://198.51.100.7/2027.json"),
                        false))
                .isEqualTo("redirected to another scheme: refused");
        assertThat(HolidayFetcher.refusedRedirect(https, URI.create("https://198.51.100.7/2027.json"), false))
                .isNull();
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(
            strings = {
                "127.0.0.1",
                "localhost",
                "10.1.2.3",
                "172.16.0.1",
                "192.168.1.1",
                "169.254.169.254",
                "100.64.0.1",
                "0.0.0.0",
                "[::1]",
                "[fd00::1]",
                "[fe80::1]",
                "[::ffff:127.0.0.1]",
                "224.0.0.1"
            })
    void a_redirect_from_a_public_host_never_leads_into_the_local_network(String host) {
        URI from = URI.create("https://203.0.113.5/2027.json");
        URI to = URI.create("https://" + host + "/2027.json");
        assertThat(HolidayFetcher.refusedRedirect(from, to, false))
                .isEqualTo("redirected from a public host to a loopback, link-local or private address: refused");
        // A mirror the operator configured on the local network may redirect within it.
        assertThat(HolidayFetcher.refusedRedirect(URI.create("https://127.0.0.1/2027.json"), to, true))
                .isNull();
    }

    @Test
    void public_addresses_are_not_local() {
        assertThat(HolidayFetcher.isLocal("203.0.113.5")).isFalse();
        assertThat(HolidayFetcher.isLocal("[2001:db8::1]")).isFalse();
        assertThat(HolidayFetcher.isLocal("100.128.0.1")).isFalse(); // just past 100.64/10
        assertThat(HolidayFetcher.isLocal("172.32.0.1")).isFalse(); // just past 172.16/12
    }

    @Test
    void a_redirect_between_plain_http_mirrors_is_followed() throws Exception {
        try (Mirror target = new Mirror()) {
            target.publish("2027.json", TestYears.madeUp2027());
            mirror.redirect("2027.json", target.base() + "/2027.json");
            updater(mirror.base()).check();
            assertThat(served().classify(NATIONAL_DAY_2027).status().wire()).isEqualTo("ture");
            assertThat(target.requests()).contains("/2027.json");
        }
    }

    @Test
    void the_cache_keeps_a_fetched_year_for_a_restart_without_network() throws Exception {
        mirror.publish("2027.json", TestYears.madeUp2027());
        updater(mirror.base()).check();
        mirror.close();
        HolidayCalendar restarted = HolidayData.load(Optional.empty(), new HolidayCache(cacheDir, clock).load(), clock)
                .calendar();
        assertThat(restarted.classify(NATIONAL_DAY_2027).status().wire()).isEqualTo("ture");
        assertThat(Files.list(cacheDir).map(p -> p.getFileName().toString())).containsExactly("2027.json");
    }
}
