package pocketapi.web;

import static org.assertj.core.api.Assertions.assertThat;
import static pocketapi.web.TestServer.contentType;

import java.net.http.HttpResponse;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import pocketapi.TestApps;
import pocketapi.counters.LocalCounters;
import pocketapi.holidays.HolidaySources;
import pocketapi.holidays.LiveCalendar;

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
        live.setSources(new HolidaySources(
                List.of(
                        new HolidaySources.Year(2025, HolidaySources.Origin.BUILT_IN),
                        new HolidaySources.Year(2026, HolidaySources.Origin.BUILT_IN),
                        new HolidaySources.Year(2027, HolidaySources.Origin.UNCONFIRMED)),
                List.of("2028: chinese-days disagrees on 2028-10-07 <script>")));
        TestServer.run(TestApps.app(live), server -> {
            assertThat(server.get("/").body())
                    .contains(
                            "<li>2025–2026: 内置 <span class=\"en\">built in</span></li>",
                            "<li>2027: 已获取，未核对 <span class=\"en\">fetched, not confirmed by chinese-days</span></li>",
                            "暂缓 <span class=\"en\">held back</span> 2028: chinese-days disagrees on "
                                    + "2028-10-07 &lt;script&gt;")
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
                    .contains(
                            "/api/holidays?type=pithy",
                            "/api/holidays?type=alarm",
                            "/img/pe",
                            "/img/pc",
                            "/img/url",
                            "/img?type=json",
                            "/api/info",
                            "own(\"/img?type=json\")",
                            "节假日",
                            "Holiday calendar")
                    // Nothing is loaded from elsewhere: no absolute or protocol-relative URL at all.
                    .doesNotContain("http://", "https://", "src=\"//", "href=\"//", "@import")
                    // Every example is its own list item: no stray separator before a link.
                    .doesNotContainPattern("·\\s*<a ");
            assertThat(server.head("/").statusCode()).isEqualTo(200);
            assertThat(counters.siteTally().total()).isZero();
        });
    }

    @Test
    void the_page_lists_the_notification_targets_by_format_and_host_only() {
        TestServer.run(
                TestApps.app(Map.of("NOTIFY_URLS", "ntfy+https://ntfy.sh/SECRET-TOPIC,bark+https://api.day.app/KEY")),
                server -> assertThat(server.get("/").body())
                        .contains("<span id=\"notify\">ntfy to ntfy.sh · bark to api.day.app</span>")
                        .doesNotContain("SECRET", "KEY"));
        TestServer.run(
                TestApps.app(Clock.systemUTC(), counters),
                server -> assertThat(server.get("/").body())
                        .contains("<span id=\"notify\">未设置 <span lang=\"en\">none (NOTIFY_URLS)</span></span>"));
    }
}
