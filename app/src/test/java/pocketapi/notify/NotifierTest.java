package pocketapi.notify;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import pocketapi.LogCapture;
import pocketapi.MutableClock;
import pocketapi.holidays.HolidayCalendar;
import pocketapi.holidays.LunarCalendar;
import pocketapi.holidays.TestYears;
import pocketapi.regions.HongKong;
import pocketapi.regions.RegionFiles;
import pocketapi.regions.Regions;

/** The notifier against a local server standing in for every target, on a clock the test moves. */
class NotifierTest {
    /** The regions a target may name (only their codes are read). */
    private static final Regions REGIONS = new Regions(java.time.Clock.systemUTC(), null);

    @TempDir
    Path dir;

    private HttpServer server;
    private final List<String> received = new CopyOnWriteArrayList<>();
    private final AtomicInteger status = new AtomicInteger(200);
    private final MutableClock clock = new MutableClock("2026-10-09T11:59:00Z"); // 19:59 in UTC+8
    private final AtomicReference<HolidayCalendar> calendar = new AtomicReference<>(TestYears.calendarWith(clock));
    private final AtomicReference<HolidayCalendar> hongKong = new AtomicReference<>();

    @BeforeEach
    void serve() throws IOException {
        server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        server.createContext("/", exchange -> {
            String title = exchange.getRequestHeaders().getFirst("Title");
            received.add(exchange.getRequestURI().getPath() + (title == null ? "" : " [" + title + "]") + " "
                    + new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8));
            int code = status.get();
            if (code == 302) {
                exchange.getResponseHeaders().add("Location", "/elsewhere");
            }
            exchange.sendResponseHeaders(code, -1);
            exchange.close();
        });
        server.start();
    }

    @AfterEach
    void stop() {
        server.stop(0);
    }

    private String base() {
        return "http://127.0.0.1:" + server.getAddress().getPort();
    }

    private Notifier notifier(String urls) {
        return new Notifier(
                parse(urls),
                calendar::get,
                region -> {
                    assertThat(region).isSameAs(REGIONS.get("hk")); // only a target's region is ever read
                    return hongKong.updateAndGet(c -> c != null ? c : builtIn(REGIONS.get("hk")));
                },
                Map::of,
                Optional.of("https://api.example.com"),
                dir.resolve("notify.state"),
                clock,
                (c, d) -> "{\"date\":\"" + d + "\"}",
                Notifier.http("pocketapi/test"));
    }

    @Test
    void the_evening_message_goes_once_at_its_time_and_a_restart_does_not_repeat_it() {
        Notifier n = notifier("webhook+" + base() + "/hook#events=eve");
        n.tick();
        assertThat(received).as("19:59: not yet").isEmpty();
        clock.advance(Duration.ofMinutes(1));
        n.tick();
        assertThat(received)
                .containsExactly("/hook {\"event\":\"eve\",\"title\":\"明天上班\",\"text\":\"明天（10月10日 周六）上班："
                        + "国庆节调休\",\"date\":\"2026-10-10\","
                        + "\"url\":\"https://api.example.com/api/holidays/detail?date=2026-10-10\","
                        + "\"day\":{\"date\":\"2026-10-10\"}}");
        n.tick();
        notifier("webhook+" + base() + "/hook#events=eve").tick();
        assertThat(received).hasSize(1);
    }

    @Test
    void an_evening_missed_while_down_is_sent_on_start_until_midnight_then_dropped() {
        clock.set("2026-09-30T15:30:00Z"); // 23:30 in UTC+8, the eve of 国庆节
        notifier("ntfy+" + base() + "/topic#events=eve&at=20:00").tick();
        assertThat(received)
                .containsExactly("/topic [=?UTF-8?B?5piO5aSp6LW35pS+5YGH?=] 明天起放假：国庆节 10月1日–7日，共7天\n"
                        + "https://api.example.com/api/holidays/detail?date=2026-10-01");
        received.clear();
        clock.set("2026-10-09T16:30:00Z"); // 00:30 on 10-10: the eve of 10-10 has passed while down
        notifier("ntfy+" + base() + "/topic#events=eve&at=20:00").tick();
        assertThat(received).isEmpty();
    }

    @Test
    void a_failing_target_is_tried_again_with_back_off_logged_once_and_a_redirect_is_a_failure() {
        status.set(302);
        clock.set("2026-10-09T12:00:00Z");
        Notifier n = notifier("bark+" + base() + "/KEY#events=eve");
        try (LogCapture log = new LogCapture()) {
            n.tick();
            assertThat(received).hasSize(1);
            clock.advance(Duration.ofSeconds(30));
            n.tick();
            assertThat(received).as("not before a minute").hasSize(1);
            status.set(500);
            clock.advance(Duration.ofSeconds(31));
            n.tick();
            assertThat(received).hasSize(2);
            status.set(200);
            clock.advance(Duration.ofMinutes(3));
            n.tick();
            n.tick();
            assertThat(received).hasSize(3);
            assertThat(received.get(2))
                    .isEqualTo("/KEY {\"title\":\"明天上班\",\"body\":\"明天（10月10日 周六）上班：国庆节调休\","
                            + "\"group\":\"pocketapi\","
                            + "\"url\":\"https://api.example.com/api/holidays/detail?date=2026-10-10\"}");
            assertThat(log.linesWith(
                            "notifications: bark to 127.0.0.1 failed (HTTP 302) for eve:2026-10-10; trying again"))
                    .hasSize(1);
            assertThat(log.linesWith("notifications:")).hasSize(1);
            assertThat(log.lines()).noneMatch(l -> l.contains("KEY"));
        }
    }

    @Test
    void a_year_published_or_changed_is_told_once_and_a_first_start_tells_nothing() {
        String urls = "wecom+" + base() + "/wecom#events=year,eve&lang=en";
        clock.set("2026-11-24T02:00:00Z");
        notifier(urls).tick();
        assertThat(received)
                .as("the years served at the first start are known, not news")
                .isEmpty();
        calendar.set(TestYears.calendarWith(clock, TestYears.parse(2027, TestYears.madeUp2027())));
        notifier(urls).tick();
        assertThat(received).hasSize(1);
        assertThat(received.get(0))
                .startsWith("/wecom {\"msgtype\":\"text\",\"text\":{\"content\":\"The 2027 holiday arrangement is "
                        + "out\\nThe 2027 holiday arrangement is out: New Year's Day 2027-01-01 to ")
                .endsWith("\\nhttps://api.example.com/api/holidays/year?y=2027\"}}");
        notifier(urls).tick();
        assertThat(received).hasSize(1);
    }

    @Test
    void a_year_withdrawn_and_then_served_again_is_told_once_each() {
        String urls = "webhook+" + base() + "/y#events=year";
        clock.set("2026-11-24T02:00:00Z");
        HolidayCalendar with2027 = TestYears.calendarWith(clock, TestYears.parse(2027, TestYears.madeUp2027()));
        calendar.set(with2027);
        notifier(urls).tick();
        assertThat(received).isEmpty();
        calendar.set(with2027.withdrawn(2027, List.of(java.time.LocalDate.of(2027, 1, 1))));
        notifier(urls).tick();
        notifier(urls).tick();
        assertThat(received).singleElement().asString().startsWith("/y {\"event\":\"year\",\"title\":\"2027年放假安排已撤回\"");
        calendar.set(with2027);
        notifier(urls).tick();
        assertThat(received).hasSize(2);
        assertThat(received.get(1)).startsWith("/y {\"event\":\"year\",\"title\":\"2027年放假安排已发布\"");
    }

    private static List<Target> parse(String urls) {
        return Target.parseAll(urls, REGIONS::parse);
    }

    private HolidayCalendar builtIn(pocketapi.regions.Regional region) {
        try {
            return Regions.builtIn(region, clock);
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    @Test
    void a_target_of_hong_kong_is_told_of_its_new_year_and_of_the_evening_before_its_breaks() throws Exception {
        String urls = "webhook+" + base() + "/hk#events=year,eve&region=hk,webhook+" + base() + "/cn#events=year,eve";
        // Friday 19:59 in UTC+8: Hong Kong's 重陽節 break (Monday 10-19, 重陽節翌日) starts tomorrow; the mainland has none.
        clock.set("2026-10-16T11:59:00Z");
        notifier(urls).tick();
        assertThat(received)
                .as("the first start knows every year, and 19:59 is before the evening")
                .isEmpty();
        clock.advance(Duration.ofMinutes(1));
        notifier(urls).tick();
        assertThat(received)
                .singleElement()
                .asString()
                .startsWith("/hk {\"event\":\"eve\"")
                .contains("明天起放假：重陽節");
        received.clear();
        clock.set("2027-11-24T02:00:00Z");
        HolidayCalendar hk = hongKong.get();
        hongKong.set(
                hk.withYear(RegionFiles.holidays("test", 2028, HongKong.generalHolidays(2028, LunarCalendar.get()))));
        notifier(urls).tick();
        assertThat(received)
                .singleElement()
                .asString()
                .startsWith("/hk {\"event\":\"year\",\"title\":\"2028年放假安排（香港）已发布\"")
                .contains("https://api.example.com/api/holidays/year?y=2028&region=hk");
        notifier(urls).tick();
        assertThat(received).hasSize(1);
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> parse("webhook+https://h.example.com/x#region=jp"))
                .hasMessageEndingWith("is not accepted: region must be cn (the mainland, the default), hk, mo or tw");
    }

    @Test
    void from_the_first_of_december_a_missing_next_year_is_told_once() {
        String urls = "feishu+" + base() + "/feishu#events=ending";
        clock.set("2026-11-30T13:00:00Z");
        notifier(urls).tick();
        assertThat(received).isEmpty();
        clock.set("2026-12-01T01:00:00Z");
        notifier(urls).tick();
        notifier(urls).tick();
        assertThat(received)
                .containsExactly("/feishu {\"msg_type\":\"text\",\"content\":{\"text\":\"2027年放假安排尚未取得\\n"
                        + "2027年的放假安排还不在数据中：1月1日起，2027年的日期会回答 400，直到安排发布并被取得。\\n"
                        + "https://api.example.com/api/holidays/year?y=2027\"}}");
    }

    @Test
    void notify_test_sends_to_every_target_and_says_which_took_it() {
        java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
        int code = NotifyTest.run(
                parse("dingtalk+" + base() + "/robot/send?access_token=T1,webhook+" + base() + "/w"),
                Notifier.http("pocketapi/test"),
                new java.io.PrintStream(out, true, StandardCharsets.UTF_8));
        assertThat(code).isZero();
        assertThat(out.toString(StandardCharsets.UTF_8))
                .isEqualTo("dingtalk to 127.0.0.1: HTTP 200 ok\nwebhook to 127.0.0.1: HTTP 200 ok\n");
        assertThat(received.get(0))
                .startsWith("/robot/send {\"msgtype\":\"text\",\"text\":{\"content\":\"pocketapi 测试");
        status.set(404);
        assertThat(NotifyTest.run(
                        parse("webhook+" + base() + "/w"),
                        Notifier.http("t"),
                        new java.io.PrintStream(new java.io.ByteArrayOutputStream())))
                .isEqualTo(1);
    }
}
