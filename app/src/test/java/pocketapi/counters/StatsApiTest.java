package pocketapi.counters;

import static org.assertj.core.api.Assertions.assertThat;
import static pocketapi.web.TestServer.contentType;

import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.LocalDate;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import pocketapi.MutableClock;
import pocketapi.TestApps;
import pocketapi.web.TestServer;

/** /api/info/history, the badge and STATS_IGNORE over HTTP. */
class StatsApiTest {
    private final MutableClock clock = new MutableClock("2026-05-01T03:00:00Z");
    private final LocalCounters counters = TestApps.counters(clock, 100_000);

    /** A day of the history whose calls came from one visitor (none when there were none), no crawler. */
    private static String day(String date, long site, long holidays, long pictures, long info, long other) {
        return day(date, site, holidays, pictures, info, other, 0, site == 0 ? 0 : 1);
    }

    private static String day(
            String date, long site, long holidays, long pictures, long info, long other, long bots, long visitors) {
        return "{\"date\":\"" + date + "\",\"site\":" + site + ",\"holidays\":" + holidays + ",\"pictures\":" + pictures
                + ",\"info\":" + info + ",\"other\":" + other + ",\"bots\":" + bots + ",\"imported\":0,\"visitors\":"
                + visitors + "}";
    }

    @Test
    void the_history_counts_each_utc8_day_by_family_oldest_first_this_call_included_as_json_or_csv() {
        TestServer.run(TestApps.app(clock, counters), server -> {
            assertThat(server.get("/api/holidays").statusCode()).isEqualTo(200);
            assertThat(server.get("/img/url").statusCode()).isEqualTo(200);
            assertThat(server.get("/api/info").statusCode()).isEqualTo(200);
            clock.set("2026-05-01T16:30:00Z"); // 00:30 on 2 May in UTC+8
            assertThat(server.get("/api/holidays?type=alarm").statusCode()).isEqualTo(200);

            HttpResponse<String> json = server.get("/api/info/history?days=3");
            assertThat(json.statusCode()).isEqualTo(200);
            assertThat(contentType(json)).isEqualTo("application/json; charset=utf-8");
            assertThat(json.headers().firstValue("Access-Control-Allow-Origin")).contains("*");
            assertThat(json.body())
                    .isEqualTo("{\"timezone\":\"UTC+8\",\"visitors\":1,\"days\":[" + day("2026-04-30", 0, 0, 0, 0, 0)
                            + "," + day("2026-05-01", 3, 1, 1, 1, 0) + "," + day("2026-05-02", 2, 1, 0, 1, 0) + "]}");

            HttpResponse<String> csv = server.get("/api/info/history?days=2&format=csv");
            assertThat(contentType(csv)).isEqualTo("text/csv; charset=utf-8");
            assertThat(csv.body())
                    .isEqualTo("date,site,holidays,pictures,info,other,bots,imported,visitors\r\n"
                            + "2026-05-01,3,1,1,1,0,0,0,1\r\n2026-05-02,3,1,0,2,0,0,0,1\r\n");
        });
    }

    @Test
    void the_history_shows_each_call_a_merged_past_day_and_the_turn_of_the_day_at_once() {
        TestServer.run(TestApps.app(clock, counters), server -> {
            server.get("/api/holidays");
            clock.set("2026-05-01T16:30:00Z"); // 2 May in UTC+8
            String first = day("2026-04-30", 0, 0, 0, 0, 0) + "," + day("2026-05-01", 1, 1, 0, 0, 0);
            assertThat(server.get("/api/info/history?days=3").body())
                    .isEqualTo("{\"timezone\":\"UTC+8\",\"visitors\":1,\"days\":[" + first + ","
                            + day("2026-05-02", 1, 0, 0, 1, 0) + "]}");
            assertThat(server.get("/api/info/history?days=3").body())
                    .isEqualTo("{\"timezone\":\"UTC+8\",\"visitors\":1,\"days\":[" + first + ","
                            + day("2026-05-02", 2, 0, 0, 2, 0) + "]}");
            // Another instance's counts for 1 May merged in (Redis, a file): the day before today changes.
            counters.mergeDay(LocalDate.parse("2026-05-01").toEpochDay(), new long[] {9, 4, 3, 1, 1, 0, 0});
            String merged = day("2026-04-30", 0, 0, 0, 0, 0) + "," + day("2026-05-01", 9, 4, 3, 1, 1);
            assertThat(server.get("/api/info/history?days=3").body())
                    .isEqualTo("{\"timezone\":\"UTC+8\",\"visitors\":1,\"days\":[" + merged + ","
                            + day("2026-05-02", 3, 0, 0, 3, 0) + "]}");
            assertThat(server.get("/api/info/history?days=2").body())
                    .isEqualTo("{\"timezone\":\"UTC+8\",\"visitors\":1,\"days\":[" + day("2026-05-01", 9, 4, 3, 1, 1)
                            + "," + day("2026-05-02", 4, 0, 0, 4, 0) + "]}");
            assertThat(server.get("/api/info/history?days=1").body())
                    .isEqualTo("{\"timezone\":\"UTC+8\",\"visitors\":1,\"days\":[" + day("2026-05-02", 5, 0, 0, 5, 0)
                            + "]}");
            clock.set("2026-05-02T16:30:00Z"); // the next day: today's counts become an earlier day's
            assertThat(server.get("/api/info/history?days=3").body())
                    .isEqualTo("{\"timezone\":\"UTC+8\",\"visitors\":1,\"days\":[" + day("2026-05-01", 9, 4, 3, 1, 1)
                            + "," + day("2026-05-02", 5, 0, 0, 5, 0) + "," + day("2026-05-03", 1, 0, 0, 1, 0) + "]}");
        });
    }

    @Test
    void thirty_days_by_default_at_most_the_kept_days_and_none_when_the_history_is_off() {
        TestServer.run(TestApps.app(clock, counters), server -> {
            String body = server.get("/api/info/history").body();
            assertThat(body.split("\"date\"")).hasSize(31);
            assertThat(body).contains("{\"date\":\"2026-04-02\",").endsWith(day("2026-05-01", 1, 0, 0, 1, 0) + "]}");
            assertThat(server.get("/api/info/history?days=400").body().split("\"date\""))
                    .hasSize(401);
            for (String[] bad : new String[][] {
                {"days=0", "days=0 is not accepted; days must be a whole number from 1 to 400"},
                {"days=401", "days=401 is not accepted; days must be a whole number from 1 to 400"},
                {"format=xml", "format=xml is not accepted; format must be json or csv"}
            }) {
                HttpResponse<String> refused = server.get("/api/info/history?" + bad[0]);
                assertThat(refused.statusCode()).isEqualTo(400);
                assertThat(refused.body())
                        .isEqualTo("{\"status\":400,\"error\":\"Bad Request\",\"message\":\"" + bad[1] + "\"}");
            }
        });
        TestServer.run(TestApps.app(Map.of("STATS_HISTORY_DAYS", "0"), clock), server -> {
            HttpResponse<String> off = server.get("/api/info/history");
            assertThat(off.statusCode()).isEqualTo(404);
            assertThat(off.body())
                    .isEqualTo("{\"status\":404,\"error\":\"Not Found\",\"message\":\"The history is off "
                            + "(STATS_HISTORY_DAYS=0): no calls per day are kept.\"}");
            assertThat(server.get("/api/info/history?days=1").statusCode()).isEqualTo(404);
        });
    }

    @Test
    void the_badge_shows_a_count_as_a_flat_svg_or_a_shields_endpoint_and_is_not_counted() {
        TestServer.run(TestApps.app(clock, counters), server -> {
            server.get("/api/holidays");
            server.get("/img/url");
            HttpResponse<String> svg = server.get("/api/badge.svg");
            assertThat(svg.statusCode()).isEqualTo(200);
            assertThat(contentType(svg)).isEqualTo("image/svg+xml; charset=utf-8");
            assertThat(svg.headers().firstValue("Cache-Control"))
                    .contains("no-cache, no-store, max-age=0, must-revalidate");
            // "calls": c a l l s = 520+600+274+274+520 thousandths of an em at 11 px, 24 px; "2": 635, 7 px; 5 px each
            // side.
            assertThat(svg.body())
                    .isEqualTo("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"51\" height=\"20\" role=\"img\" "
                            + "aria-label=\"calls: 2\"><title>calls: 2</title><linearGradient id=\"s\" "
                            + "x2=\"0\" y2=\"100%\"><stop "
                            + "offset=\"0\" stop-color=\"#bbb\" stop-opacity=\".1\"/><stop offset=\"1\" "
                            + "stop-opacity=\".1\"/>"
                            + "</linearGradient><clipPath id=\"r\"><rect width=\"51\" height=\"20\" rx=\"3\" "
                            + "fill=\"#fff\"/></clipPath>"
                            + "<g clip-path=\"url(#r)\"><rect width=\"34\" height=\"20\" "
                            + "fill=\"#555\"/><rect x=\"34\" width=\"17\" "
                            + "height=\"20\" fill=\"#007ec6\"/><rect width=\"51\" height=\"20\" "
                            + "fill=\"url(#s)\"/></g><g fill=\"#fff\" "
                            + "text-anchor=\"middle\" font-family=\"Verdana,Geneva,DejaVu Sans,sans-serif\" "
                            + "font-size=\"11\">"
                            + "<text x=\"17\" textLength=\"24\" y=\"15\" fill=\"#010101\" "
                            + "fill-opacity=\".3\">calls</text>"
                            + "<text x=\"17\" textLength=\"24\" y=\"14\">calls</text>"
                            + "<text x=\"42.5\" textLength=\"7\" y=\"15\" fill=\"#010101\" fill-opacity=\".3\">2</text>"
                            + "<text x=\"42.5\" textLength=\"7\" y=\"14\">2</text></g></svg>");
            assertThat(server.get("/api/badge.json").body())
                    .isEqualTo("{\"schemaVersion\":1,\"label\":\"calls\",\"message\":\"2\",\"color\":\"blue\","
                            + "\"cacheSeconds\":300}");
            assertThat(server.get("/api/badge.json?metric=today&label=%E4%BB%8A%E5%A4%A9%20%3Cb%3E")
                            .body())
                    .isEqualTo("{\"schemaVersion\":1,\"label\":\"今天 "
                            + "<b>\",\"message\":\"2\",\"color\":\"blue\",\"cacheSeconds\":300}");
            // 今天 11 px each, then " <b>" 351+818+623+818 thousandths at 11 px: 50.7, 51 px; the label escaped.
            assertThat(server.get("/api/badge.svg?metric=days30&label=%E4%BB%8A%E5%A4%A9%20%3Cb%3E")
                            .body())
                    .startsWith("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" + (51 + 10 + 7 + 10) + "\"")
                    .contains("<title>今天 &lt;b&gt;: 2</title>");
            assertThat(server.head("/api/badge.svg").statusCode()).isEqualTo(200);
            assertThat(server.get("/api/badge.svg?metric=week").body())
                    .contains("metric=week is not accepted; metric must be total, today, days30, visitors, "
                            + "visitors_today or visitors_days30");
            assertThat(server.get("/api/badge.svg?label=" + "x".repeat(41)).statusCode())
                    .isEqualTo(400);
            assertThat(server.get("/api/badge.svg?label=").statusCode()).isEqualTo(400);
            // A control character makes an SVG no XML parser reads: refused, saying why.
            assertThat(server.get("/api/badge.svg?label=a%01b").body())
                    .isEqualTo("{\"status\":400,\"error\":\"Bad Request\","
                            + "\"message\":\"label=a\\u0001b is not accepted; label must be 1 to 40 "
                            + "characters, none of them a control or "
                            + "format character\"}");
            assertThat(server.get("/api/badge.json?label=%E2%80%AEevil").statusCode())
                    .isEqualTo(400); // U+202E, a bidi override
            assertThat(counters.siteTally().total())
                    .as("badges are not counted")
                    .isEqualTo(2);
        });
    }

    @Test
    void calls_from_stats_ignore_are_answered_and_not_counted_and_info_shows_them_the_counts_without_their_call() {
        TestServer.run(TestApps.app(Map.of("STATS_IGNORE", "198.51.100.0/24"), clock, counters), server -> {
            server.get("/api/holidays", "X-Forwarded-For", "203.0.113.1");
            assertThat(server.get("/api/holidays?type=alarm", "X-Forwarded-For", "198.51.100.9")
                            .body())
                    .isEqualTo("vacation");
            assertThat(server.get("/img/url", "X-Forwarded-For", "198.51.100.9").statusCode())
                    .isEqualTo(200);
            assertThat(server.get("/api/info", "X-Forwarded-For", "198.51.100.9")
                            .body())
                    .isEqualTo("{\"timezone\":\"UTC+8\","
                            + "\"date\":\"2026-05-01\",\"requestUser\":\"198.51.100.9\","
                            + "\"site\":{\"totalRequests\":1,\"dailyRequests\":1,\"totalVisitors\":1,"
                            + "\"dailyVisitors\":1},\"requestUserStats\":{\"totalRequests\":0,\"dailyRequests\":0}}");
            assertThat(server.get("/api/info", "X-Forwarded-For", "203.0.113.1").body())
                    .contains(
                            "\"site\":{\"totalRequests\":2,\"dailyRequests\":2,\"totalVisitors\":1,\"dailyVisitors\":1},"
                                    + "\"requestUserStats\":{\"totalRequests\":2,\"dailyRequests\":2}");
            assertThat(counters.history(1).get(0))
                    .isEqualTo(new pocketapi.counters.Counters.DayCount("2026-05-01", 2, 1, 0, 1, 0, 0, 0, 1));
        });
        // Without a forwarding header the id is unknown and the peer's address is matched: here the test's own.
        TestServer.run(TestApps.app(Map.of("STATS_IGNORE", "127.0.0.1,::1"), clock, counters), server -> {
            server.get("/api/holidays");
            assertThat(counters.siteTally().total()).isEqualTo(2);
        });
    }

    static final String GOOGLEBOT = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";
    static final String FIREFOX = "Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0";

    @Test
    void a_crawlers_calls_land_in_bots_and_never_in_visitors_and_info_counts_every_call_as_before() {
        TestServer.run(TestApps.app(clock, counters), server -> {
            for (int i = 0; i < 3; i++) {
                server.get("/api/holidays", "X-Forwarded-For", "203.0.113.5", "User-Agent", GOOGLEBOT);
            }
            server.get("/img/url", "X-Forwarded-For", "203.0.113.6", "User-Agent", FIREFOX);
            server.get("/api/holidays", "X-Forwarded-For", "203.0.113.6", "User-Agent", GOOGLEBOT);
            // The specification's counts take every call, a crawler's too, this one included.
            assertThat(server.get("/api/info", "X-Forwarded-For", "203.0.113.5", "User-Agent", GOOGLEBOT)
                            .body())
                    .contains("\"site\":{\"totalRequests\":6,\"dailyRequests\":6,\"totalVisitors\":1,"
                            + "\"dailyVisitors\":1},\"requestUserStats\":{\"totalRequests\":4,\"dailyRequests\":4}}");
            assertThat(server.get("/api/info/history?days=1", "X-Forwarded-For", "203.0.113.5", "User-Agent", GOOGLEBOT)
                            .body())
                    .isEqualTo("{\"timezone\":\"UTC+8\",\"visitors\":1,\"days\":["
                            + day("2026-05-01", 7, 4, 1, 2, 0, 6, 1) + "]}");
            // The badge's calls leave the crawlers' out: 7 calls, 6 of them a crawler's.
            assertThat(server.get("/api/badge.json").body()).contains("\"label\":\"calls\",\"message\":\"1\"");
            assertThat(server.get("/api/badge.json?metric=today").body()).contains("\"message\":\"1\"");
            assertThat(server.get("/api/badge.json?metric=days30").body()).contains("\"message\":\"1\"");
            // Unless asked for: then the number /api/info's totalRequests shows.
            assertThat(server.get("/api/badge.json?bots=include").body()).contains("\"message\":\"7\"");
            assertThat(server.get("/api/badge.json?metric=today&bots=include&today=show")
                            .body())
                    .contains("\"message\":\"7\"");
            assertThat(server.get("/api/badge.json?bots=include&today=show").body())
                    .contains("\"message\":\"7 / 7\"");
            assertThat(server.get("/api/badge.json?metric=visitors&bots=include")
                            .body())
                    .as("a crawler is never a visitor")
                    .contains("\"message\":\"1\"");
            assertThat(server.get("/api/badge.json?bots=all").body())
                    .contains("bots=all is not accepted; bots must be exclude or include");
            assertThat(server.get("/api/badge.json?metric=visitors").body())
                    .contains("\"label\":\"visitors\",\"message\":\"1\"");
        });
    }

    @Test
    void a_script_calling_with_curl_or_an_http_library_is_a_visitor_and_on_the_badge() {
        TestServer.run(TestApps.app(clock, counters), server -> {
            server.get("/api/holidays", "X-Forwarded-For", "203.0.113.7", "User-Agent", "curl/8.5.0");
            server.get("/api/holidays", "X-Forwarded-For", "203.0.113.8", "User-Agent", "okhttp/4.12.0");
            server.get(
                    "/api/holidays",
                    "X-Forwarded-For",
                    "203.0.113.9",
                    "User-Agent",
                    "HomeAssistant/2024.1 aiohttp/3.9 Python/3.12");
            assertThat(server.get("/api/info/history?days=1", "User-Agent", "python-requests/2.31")
                            .body())
                    .isEqualTo("{\"timezone\":\"UTC+8\",\"visitors\":4,\"days\":["
                            + day("2026-05-01", 4, 3, 0, 1, 0, 0, 4) + "]}");
            assertThat(server.get("/api/badge.json").body()).contains("\"label\":\"calls\",\"message\":\"4\"");
        });
    }

    @Test
    void the_badge_shows_visitors_and_with_today_show_todays_count_before_the_total() {
        TestServer.run(TestApps.app(clock, counters), server -> {
            server.get("/api/holidays", "X-Forwarded-For", "203.0.113.1");
            server.get("/api/holidays", "X-Forwarded-For", "203.0.113.2");
            clock.set("2026-05-01T16:30:00Z"); // 2 May in UTC+8
            server.get("/api/holidays", "X-Forwarded-For", "203.0.113.1");
            assertThat(server.get("/api/badge.json?today=show").body())
                    .contains("\"label\":\"calls\",\"message\":\"1 / 3\"");
            assertThat(server.get("/api/badge.json?metric=visitors&today=show").body())
                    .contains("\"label\":\"visitors\",\"message\":\"1 / 2\"");
            assertThat(server.get("/api/badge.json?metric=visitors_today").body())
                    .contains("\"label\":\"visitors today\",\"message\":\"1\"");
            assertThat(server.get("/api/badge.json?metric=visitors_days30&today=hide")
                            .body())
                    .contains("\"label\":\"visitors 30 days\",\"message\":\"2\"");
            assertThat(server.get("/api/badge.json?metric=today&today=show").body())
                    .as("a count of today shows itself alone")
                    .contains("\"label\":\"calls today\",\"message\":\"1\"");
            assertThat(server.get("/api/badge.svg?today=both").body())
                    .contains("today=both is not accepted; today must be show or hide");
        });
        TestServer.run(TestApps.app(Map.of("STATS_HISTORY_DAYS", "0"), clock), server -> {
            HttpResponse<String> off = server.get("/api/badge.svg?metric=visitors");
            assertThat(off.statusCode()).isEqualTo(404);
            assertThat(off.body()).contains("The history is off (STATS_HISTORY_DAYS=0): no visitors are kept.");
            assertThat(server.get("/api/info").body()).doesNotContain("Visitors");
        });
    }

    @Test
    void a_badge_carries_an_etag_of_its_bytes_and_if_none_match_with_it_is_a_304_without_a_body() {
        TestServer.run(TestApps.app(clock, counters), server -> {
            server.get("/api/holidays");
            for (String path : new String[] {"/api/badge.svg", "/api/badge.json?metric=visitors"}) {
                HttpResponse<String> ok = server.get(path);
                String etag = ok.headers().firstValue("ETag").orElseThrow();
                assertThat(etag).matches("\"[0-9a-f]{24}\"");
                assertThat(server.get(path).headers().firstValue("ETag"))
                        .as("the same bytes")
                        .contains(etag);
                for (String asked : new String[] {etag, "W/" + etag, "\"other\", " + etag, "*"}) {
                    for (HttpResponse<String> same : List.of(
                            server.get(path, "If-None-Match", asked), server.head(path, "If-None-Match", asked))) {
                        assertThat(same.statusCode()).as(path + " " + asked).isEqualTo(304);
                        assertThat(same.body()).isEmpty();
                        assertThat(same.headers().firstValue("ETag")).contains(etag);
                        assertThat(same.headers().firstValue("Cache-Control"))
                                .contains("no-cache, no-store, max-age=0, must-revalidate");
                        assertThat(same.headers().firstValue("Content-Type")).isEmpty();
                        assertThat(same.headers().firstValue("Content-Length"))
                                .contains(Integer.toString(ok.body().getBytes(StandardCharsets.UTF_8).length));
                    }
                }
                assertThat(server.get(path, "If-None-Match", "\"other\"").statusCode())
                        .isEqualTo(200);
            }
            String before =
                    server.get("/api/badge.svg").headers().firstValue("ETag").orElseThrow();
            server.get("/api/holidays", "X-Forwarded-For", "203.0.113.9");
            HttpResponse<String> moved = server.get("/api/badge.svg", "If-None-Match", before);
            assertThat(moved.statusCode()).as("a new count is new bytes").isEqualTo(200);
            assertThat(moved.body()).contains("<title>calls: 2</title>");
            assertThat(moved.headers().firstValue("ETag")).isPresent().get().isNotEqualTo(before);
            assertThat(counters.siteTally().total())
                    .as("badges are not counted")
                    .isEqualTo(2);
        });
    }
}
