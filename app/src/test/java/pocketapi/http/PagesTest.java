package pocketapi.http;

import static org.assertj.core.api.Assertions.assertThat;
import static pocketapi.http.TestServer.contentType;

import java.net.http.HttpResponse;
import java.time.Clock;
import java.time.LocalDate;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import pocketapi.holiday.HolidayCalendar;
import pocketapi.holiday.HolidaySources;
import pocketapi.holiday.Week;
import pocketapi.holiday.LiveCalendar;
import pocketapi.stats.LocalCounters;

class PagesTest {
    private final LocalCounters counters = TestApps.counters(Clock.systemUTC(), 100);

    @Test
    void health_is_200_ok_as_text_and_not_counted() {
        TestServer.run(TestApps.app(Clock.systemUTC(), counters), server -> {
            HttpResponse<String> response = server.get("/healthz");
            assertThat(response.statusCode()).isEqualTo(200);
            assertThat(contentType(response)).isEqualTo("text/plain; charset=utf-8");
            assertThat(response.body()).isEqualTo("ok");
            assertThat(server.head("/healthz").statusCode()).isEqualTo(200);
            assertThat(counters.siteTally().total()).isZero();
        });
    }

    @Test
    void the_landing_page_says_where_each_year_comes_from_in_one_row_per_run_and_what_is_held_back_escaped() {
        LiveCalendar live = new LiveCalendar(TestApps.calendar(Clock.systemUTC()));
        live.setSources(new HolidaySources(List.of(new HolidaySources.Year(2025, HolidaySources.Origin.BUILT_IN),
                new HolidaySources.Year(2026, HolidaySources.Origin.BUILT_IN),
                new HolidaySources.Year(2027, HolidaySources.Origin.UNCONFIRMED)),
                List.of("2028: chinese-days disagrees on 2028-10-07 <script>")));
        TestServer.run(TestApps.app(live), server -> {
            assertThat(server.get("/").body()).contains(
                    "<li>2025–2026: 内置 <span class=\"en\">built in</span></li>",
                    "<li>2027: 已获取，未核对 <span class=\"en\">fetched, not confirmed by chinese-days</span></li>",
                    "暂缓 <span class=\"en\">held back</span> 2028: chinese-days disagrees on 2028-10-07 &lt;script&gt;")
                    .doesNotContain("2028-10-07 <script>");
        });
    }

    @Test
    void the_landing_page_is_self_contained_html_and_not_counted() {
        TestServer.run(TestApps.app(Clock.systemUTC(), counters), server -> {
            HttpResponse<String> response = server.get("/");
            assertThat(response.statusCode()).isEqualTo(200);
            assertThat(contentType(response)).isEqualTo("text/html; charset=utf-8");
            assertThat(response.body())
                    .startsWith("<!doctype html>")
                    .contains("/api/holidays?type=pithy", "/api/holidays?type=alarm", "/img/pe", "/img/pc",
                            "/img/url", "/img?type=json", "/api/info", "src=\"/img\"", "节假日", "Holiday calendar")
                    // Nothing is loaded from elsewhere: no absolute or protocol-relative URL at all.
                    .doesNotContain("http://", "https://", "src=\"//", "href=\"//", "@import")
                    // Every example is its own list item: no stray separator before a link.
                    .doesNotContainPattern("·\\s*<a ");
            assertThat(server.head("/").statusCode()).isEqualTo(200);
            assertThat(counters.siteTally().total()).isZero();
        });
    }

    @Test
    void the_page_answers_for_today_and_tomorrow_with_the_alarm_word_and_what_the_day_is() {
        HolidayCalendar calendar = TestApps.calendar(TestApps.at("2026-09-30T02:00:00Z"));
        DayRoutes choice = new DayRoutes(() -> calendar, TestApps.regions(java.time.Clock.systemUTC()), Map::of, true);
        String days = Pages.days(choice, calendar, LocalDate.of(2026, 9, 30));
        assertThat(days).contains("今天 9月30日 周三 <span class=\"en\">Today, 2026-09-30</span></h3>"
                        + "<b class=\"work\">work</b> 上班 · 工作日 <code>flase</code>",
                "明天 10月1日 周四 <span class=\"en\">Tomorrow, 2026-10-01</span></h3>"
                        + "<b class=\"off\">vacation</b> 休息 · 国庆节 · 法定节假日 <code>ture</code>");
        assertThat(Pages.days(choice, calendar, LocalDate.of(2026, 10, 9))).contains(
                "明天 10月10日 周六", "<b class=\"work\">work</b> 上班 · 国庆节调休 · 周末上班 <code>worker</code>");
    }

    @Test
    void after_the_data_ends_the_page_says_whether_next_year_is_not_fetched_not_published_or_updates_are_off() {
        HolidayCalendar calendar = TestApps.calendar(TestApps.at("2026-12-31T02:00:00Z"));
        LocalDate last = LocalDate.of(2026, 12, 31);
        assertThat(Pages.days(new DayRoutes(() -> calendar, TestApps.regions(java.time.Clock.systemUTC()), Map::of, true), calendar, last))
                .contains("明天 1月1日 周五", "不在数据中 <span class=\"en\">not in the data: 2027's holiday arrangement is "
                        + "not fetched yet</span>");
        assertThat(Pages.days(new DayRoutes(() -> calendar, TestApps.regions(java.time.Clock.systemUTC()), Map::of, false), calendar, last))
                .contains("2027's holiday arrangement is not in the built-in data, and updates are off");
        HolidayCalendar placeholder = calendar.withNotPublished(2027);
        assertThat(Pages.days(new DayRoutes(() -> placeholder, TestApps.regions(java.time.Clock.systemUTC()), Map::of, true), placeholder, last))
                .contains("2027's holiday arrangement is not published yet");
        assertThat(Pages.updates(true)).contains("added by itself");
        assertThat(Pages.updates(false)).contains("Automatic updates are off").doesNotContain("by itself", "自动加入");
    }

    @Test
    void the_page_lists_the_notification_targets_by_format_and_host_only() {
        TestServer.run(TestApps.app(Map.of("NOTIFY_URLS", "ntfy+https://ntfy.sh/SECRET-TOPIC,bark+https://api.day.app/KEY")),
                server -> assertThat(server.get("/").body()).contains("<span id=\"notify\">ntfy to ntfy.sh · bark to api.day.app</span>")
                        .doesNotContain("SECRET", "KEY"));
        TestServer.run(TestApps.app(Clock.systemUTC(), counters), server -> assertThat(server.get("/").body())
                .contains("<span id=\"notify\">未设置 <span lang=\"en\">none (NOTIFY_URLS)</span></span>"));
    }

    @Test
    void week_rules_are_named_in_plain_words() {
        LocalDate tuesday = LocalDate.of(2026, 11, 24);
        assertThat(Pages.week(Week.SIX, tuesday)).startsWith("单休（周六上班）").endsWith("Saturdays worked</span>");
        assertThat(Pages.week(Week.alt(LocalDate.of(2026, 11, 28)), tuesday))
                .isEqualTo("大小周（隔周六上班，下一个是 2026-11-28） <span class=\"en\">every other Saturday worked, the next on 2026-11-28</span>");
        assertThat(Pages.week(Week.alt(LocalDate.of(2026, 12, 5)), tuesday)).contains("the next on 2026-12-05");
    }
}
