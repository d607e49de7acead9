package pocketapi.holidays;

import static org.assertj.core.api.Assertions.assertThat;
import static pocketapi.web.TestServer.contentType;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.StringReader;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.LocalDate;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import net.fortuna.ical4j.data.CalendarBuilder;
import net.fortuna.ical4j.model.Calendar;
import net.fortuna.ical4j.model.component.VEvent;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;
import pocketapi.TestApps;
import pocketapi.counters.LocalCounters;
import pocketapi.web.TestServer;

/** /api/holidays/year, /api/holidays/next and /api/holidays.ics over HTTP, against the official facts. */
class PlanningApiTest {
    private static final ObjectMapper MAPPER = new ObjectMapper();
    private static final String JSON = "application/json; charset=utf-8";
    private static final Clock MAY_6_2026 = TestApps.at("2026-05-06T02:00:00Z");

    private static JsonNode json(HttpResponse<String> response) throws Exception {
        return MAPPER.readTree(response.body());
    }

    @Test
    void the_year_of_every_notice_2020_to_2026_is_the_arrangement_announced() {
        TestServer.run(TestApps.app(), server -> {
            for (int year = 2020; year <= 2026; year++) {
                HttpResponse<String> response = server.get("/api/holidays/year?y=" + year);
                assertThat(response.statusCode()).isEqualTo(200);
                assertThat(contentType(response)).isEqualTo(JSON);
                assertThat(response.headers().firstValue("Access-Control-Allow-Origin"))
                        .contains("*");
                JsonNode body = json(response);
                assertThat(body.get("year").intValue()).isEqualTo(year);
                List<Break> answered = new ArrayList<>();
                for (JsonNode b : body.get("breaks")) {
                    Break parsed = new Break(
                            year,
                            b.get("name").textValue(),
                            LocalDate.parse(b.get("start").textValue()),
                            LocalDate.parse(b.get("end").textValue()),
                            dates(b.get("makeUpDays")),
                            dates(b.get("statutory")),
                            dates(b.get("inLieu")));
                    assertThat(b.get("days").intValue()).isEqualTo(parsed.days());
                    answered.add(parsed);
                }
                assertThat(answered).as("notice " + year).containsExactlyElementsOf(BreakFacts.of(year));
            }
        });
    }

    @Test
    void the_year_answers_exactly_as_the_readme_shows_and_defaults_to_this_year() {
        TestServer.run(TestApps.app(MAY_6_2026), server -> {
            String body = server.get("/api/holidays/year").body();
            assertThat(body)
                    .startsWith("{\"year\":2026,\"breaks\":[{\"name\":\"元旦\",\"start\":\"2026-01-01\",\"end\":"
                            + "\"2026-01-03\",\"days\":3,\"makeUpDays\":[\"2026-01-04\"],"
                            + "\"statutory\":[\"2026-01-01\"],"
                            + "\"inLieu\":[\"2026-01-02\"]},{\"name\":\"春节\",\"start\":\"2026-02-15\","
                            + "\"end\":\"2026-02-23\","
                            + "\"days\":9,\"makeUpDays\":[\"2026-02-14\",\"2026-02-28\"],"
                            + "\"statutory\":[\"2026-02-16\",\"2026-02-17\","
                            + "\"2026-02-18\",\"2026-02-19\"],\"inLieu\":[\"2026-02-20\",\"2026-02-23\"]},");
            assertThat(server.get("/api/holidays/year/?y=2026").body()).isEqualTo(body);
        });
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            /api/holidays/year?y=2019  | y=2019 is not in the holiday data, which holds 2020 to 2026
            /api/holidays/year?y=20x6  | y=20x6 is not accepted; y must be 1 to 9 digits 0-9
            /api/holidays.ics?y=2030   | y=2030 is not in the holiday data, which holds 2020 to 2026
            /api/holidays/next?y=2026  | y, m and d must be given together
            /api/holidays/next?y=2019&m=12&d=31 | the date 2019-12-31 is outside the covered range
            """)
    void bad_input_is_400_with_the_json_body(String path, String message) {
        TestServer.run(TestApps.app(), server -> {
            HttpResponse<String> response = server.get(path);
            assertThat(response.statusCode()).isEqualTo(400);
            assertThat(contentType(response)).isEqualTo(JSON);
            assertThat(json(response).get("message").textValue()).contains(message);
        });
    }

    @Test
    void next_for_every_day_of_2025_is_the_break_under_way_or_the_next_one() {
        TestServer.run(TestApps.app(), server -> {
            for (LocalDate d = LocalDate.of(2025, 1, 1); d.getYear() == 2025; d = d.plusDays(1)) {
                Break expected = BreakFacts.onOrAfter(d).orElseThrow();
                HttpResponse<String> response = server.get(
                        "/api/holidays/next?y=" + d.getYear() + "&m=" + d.getMonthValue() + "&d=" + d.getDayOfMonth());
                assertThat(response.statusCode()).as(d.toString()).isEqualTo(200);
                long until = expected.contains(d) ? 0 : ChronoUnit.DAYS.between(d, expected.start());
                assertThat(response.body())
                        .as(d.toString())
                        .isEqualTo("{\"date\":\"" + d + "\",\"name\":\""
                                + expected.name() + "\",\"start\":\"" + expected.start() + "\",\"end\":\""
                                + expected.end()
                                + "\",\"days\":" + expected.days() + ",\"daysUntil\":" + until + "}");
            }
        });
    }

    @Test
    void next_without_a_date_is_from_today_in_utc_plus_8() {
        TestServer.run(
                TestApps.app(MAY_6_2026),
                server -> assertThat(server.get("/api/holidays/next").body())
                        .isEqualTo("{\"date\":\"2026-05-06\",\"name\":\"端午节\",\"start\":\"2026-06-19\","
                                + "\"end\":\"2026-06-21\","
                                + "\"days\":3,\"daysUntil\":44}"));
    }

    @Test
    void with_no_later_break_in_the_data_next_says_so_with_404() {
        LiveCalendar live =
                new LiveCalendar(TestYears.calendarWith(Clock.systemUTC()).withNotPublished(2027));
        TestServer.run(TestApps.app(live), server -> {
            HttpResponse<String> response = server.get("/api/holidays/next?y=2026&m=10&d=8");
            assertThat(response.statusCode()).isEqualTo(404);
            assertThat(json(response).get("message").textValue())
                    .isEqualTo("no break on or after 2026-10-08 in the "
                            + "holiday data, which ends on 2026-12-31 (2027's arrangement is not published "
                            + "yet; its forecast from the law: "
                            + "/api/holidays/forecast?y=2027)");
        });
    }

    private static Calendar parseStrictly(String ics) throws Exception {
        Calendar calendar = new CalendarBuilder().build(new StringReader(ics));
        assertThat(calendar.validate().hasErrors())
                .as(calendar.validate().toString())
                .isFalse();
        return calendar;
    }

    private static String value(net.fortuna.ical4j.model.PropertyListAccessor c, String property) {
        Optional<net.fortuna.ical4j.model.Property> p = c.getProperty(property);
        return p.map(net.fortuna.ical4j.model.Property::getValue).orElse(null);
    }

    @ParameterizedTest(name = "y={0}")
    @ValueSource(ints = {2020, 2023, 2026})
    void the_feed_of_a_year_is_a_valid_calendar_with_every_break_and_make_up_day(int year) throws Exception {
        TestServer.run(TestApps.app(), server -> {
            HttpResponse<String> response = server.get("/api/holidays.ics?y=" + year);
            assertThat(response.statusCode()).isEqualTo(200);
            assertThat(contentType(response)).isEqualTo("text/calendar; charset=utf-8");
            String ics = response.body();
            // Every line ends with CRLF and is at most 75 octets.
            assertThat(ics)
                    .endsWith("END:VCALENDAR\r\n")
                    .doesNotContainPattern("[^\r]\n")
                    .doesNotContain("\r\r");
            for (String line : ics.split("\r\n")) {
                assertThat(line.getBytes(StandardCharsets.UTF_8).length)
                        .as(line)
                        .isLessThanOrEqualTo(75);
            }
            Calendar calendar = parseStrictly(ics);
            assertThat(value(calendar, "PRODID")).isEqualTo("-//pocketapi//Chinese public holidays//ZH");
            assertThat(value(calendar, "X-WR-CALNAME")).isEqualTo("中国法定节假日");
            List<VEvent> events = calendar.getComponents("VEVENT");
            List<Break> facts = BreakFacts.of(year);
            assertThat(events)
                    .hasSize(facts.size()
                            + facts.stream()
                                    .mapToInt(b -> b.makeUpDays().size())
                                    .sum());
            Set<String> uids = new HashSet<>();
            for (Break b : facts) {
                VEvent off = events.stream()
                        .filter(e -> value(e, "UID").equals("off-" + compact(b.start()) + "@pocketapi"))
                        .findFirst()
                        .orElseThrow();
                assertThat(value(off, "DTSTART")).isEqualTo(compact(b.start()));
                assertThat(value(off, "DTEND")).isEqualTo(compact(b.end().plusDays(1))); // exclusive
                assertThat(value(off, "SUMMARY")).isEqualTo(b.name() + "（休）");
                assertThat(value(off, "X-APPLE-SPECIAL-DAY")).isEqualTo("WORK-HOLIDAY");
                assertThat(value(off, "TRANSP")).isEqualTo("TRANSPARENT");
                assertThat(value(off, "DTSTAMP")).isEqualTo(year + "0101T000000Z");
                uids.add(value(off, "UID"));
                for (LocalDate day : b.makeUpDays()) {
                    VEvent work = events.stream()
                            .filter(e -> value(e, "UID").equals("work-" + compact(day) + "@pocketapi"))
                            .findFirst()
                            .orElseThrow();
                    assertThat(value(work, "DTSTART")).isEqualTo(compact(day));
                    assertThat(value(work, "DTEND")).isEqualTo(compact(day.plusDays(1)));
                    assertThat(value(work, "X-APPLE-SPECIAL-DAY")).isEqualTo("ALTERNATE-WORKDAY");
                    uids.add(value(work, "UID"));
                }
            }
            assertThat(uids).hasSize(events.size());
        });
    }

    private static String compact(LocalDate date) {
        return date.toString().replace("-", "");
    }

    @Test
    void the_default_feed_is_last_year_this_year_and_every_later_year() throws Exception {
        TestServer.run(TestApps.app(TestApps.at("2025-03-01T00:00:00Z")), server -> {
            Calendar calendar = parseStrictly(server.get("/api/holidays.ics").body());
            List<VEvent> events = calendar.getComponents("VEVENT");
            long expected = 0;
            for (int year = 2024; year <= 2026; year++) {
                expected += BreakFacts.of(year).size()
                        + BreakFacts.of(year).stream()
                                .mapToInt(b -> b.makeUpDays().size())
                                .sum();
            }
            assertThat(events).hasSize((int) expected);
            assertThat(events.stream().map(e -> value(e, "DTSTAMP")).distinct())
                    .containsExactlyInAnyOrder("20240101T000000Z", "20250101T000000Z", "20260101T000000Z");
        });
    }

    @Test
    void the_feed_has_an_etag_and_if_none_match_gets_304_without_a_body() {
        LocalCounters counters = TestApps.counters(Clock.systemUTC(), 100);
        TestServer.run(TestApps.app(Clock.systemUTC(), counters), server -> {
            HttpResponse<String> first = server.get("/api/holidays.ics?y=2026");
            String etag = first.headers().firstValue("ETag").orElseThrow();
            assertThat(etag).matches("\"[0-9a-f]{24}\"");
            assertThat(server.get("/api/holidays.ics?y=2026").headers().firstValue("ETag"))
                    .contains(etag);
            HttpResponse<String> again = server.get("/api/holidays.ics?y=2026", "If-None-Match", etag);
            assertThat(again.statusCode()).isEqualTo(304);
            assertThat(again.body()).isEmpty();
            assertThat(again.headers().firstValue("ETag")).contains(etag);
            // A Content-Length on a 304 is the one the 200 has (RFC 9110 §8.6), never 0.
            assertThat(again.headers().firstValue("Content-Length"))
                    .isEqualTo(first.headers().firstValue("Content-Length"));
            assertThat(server.get("/api/holidays.ics?y=2026", "If-None-Match", "W/" + etag + ", \"other\"")
                            .statusCode())
                    .isEqualTo(304);
            assertThat(server.get("/api/holidays.ics?y=2026", "If-None-Match", "\"other\"")
                            .statusCode())
                    .isEqualTo(200);
            assertThat(server.get("/api/holidays.ics?y=2025", "If-None-Match", etag)
                            .statusCode())
                    .isEqualTo(200);
            HttpResponse<String> head = server.head("/api/holidays.ics?y=2026");
            assertThat(head.body()).isEmpty();
            assertThat(head.headers().firstValue("ETag")).contains(etag);
            assertThat(counters.siteTally().total()).isEqualTo(7); // every call is counted, 304s included
        });
    }

    @Test
    void the_feed_follows_the_data_when_it_is_swapped() throws Exception {
        LiveCalendar live = new LiveCalendar(TestYears.calendarWith(TestApps.at("2026-11-22T02:00:00Z")));
        TestServer.run(TestApps.app(live), server -> {
            HttpResponse<String> before = server.get("/api/holidays.ics");
            live.set(live.get().withYear(TestYears.parse(2027, TestYears.madeUp2027())));
            HttpResponse<String> after = server.get("/api/holidays.ics");
            assertThat(after.headers().firstValue("ETag"))
                    .isNotEqualTo(before.headers().firstValue("ETag"));
            assertThat(after.body()).contains("UID:off-20271001@pocketapi");
            assertThat(before.body()).doesNotContain("UID:off-20271001@pocketapi");
            assertThat(server.get("/api/holidays/year?y=2027").statusCode()).isEqualTo(200);
            assertThat(Optional.of(json(server.get("/api/holidays/next?y=2026&m=12&d=1"))
                            .get("start")
                            .textValue()))
                    .contains("2027-01-01");
        });
    }

    private static List<LocalDate> dates(JsonNode array) {
        List<LocalDate> dates = new ArrayList<>();
        array.forEach(d -> dates.add(LocalDate.parse(d.textValue())));
        return dates;
    }
}
