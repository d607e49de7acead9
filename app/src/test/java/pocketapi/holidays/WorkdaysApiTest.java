package pocketapi.holidays;

import static org.assertj.core.api.Assertions.assertThat;
import static pocketapi.web.TestServer.contentType;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.StringReader;
import java.net.http.HttpResponse;
import java.time.Clock;
import java.time.LocalDate;
import java.time.YearMonth;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import net.fortuna.ical4j.data.CalendarBuilder;
import net.fortuna.ical4j.model.Calendar;
import net.fortuna.ical4j.model.component.VAlarm;
import net.fortuna.ical4j.model.component.VEvent;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvFileSource;
import org.junit.jupiter.params.provider.CsvSource;
import pocketapi.TestApps;
import pocketapi.counters.LocalCounters;
import pocketapi.web.TestServer;

/**
 * Planning around work over HTTP: tomorrow ({@code offset}), many days at once, working-day arithmetic and the calendar
 * feed's variants, against the official facts.
 */
class WorkdaysApiTest {
    private static final ObjectMapper MAPPER = new ObjectMapper();
    private static final String JSON = "application/json; charset=utf-8";

    private static JsonNode json(HttpResponse<String> response) throws Exception {
        return MAPPER.readTree(response.body());
    }

    private static String message(HttpResponse<String> response) throws Exception {
        assertThat(response.statusCode()).as(response.body()).isEqualTo(400);
        assertThat(contentType(response)).isEqualTo(JSON);
        return json(response).get("message").textValue();
    }

    @ParameterizedTest(name = "{0} (UTC) +{1}: {2}")
    @CsvSource({
        // 20:00 UTC+8 on Friday 2026-10-09: tomorrow is the make-up Saturday.
        "2026-10-09T12:00:00Z, 1, work",
        // New Year's Eve 2025, evening: tomorrow is New Year's Day 2026.
        "2025-12-31T13:00:00Z, 1, vacation",
        // 23:59:59 UTC+8 on Sunday 2026-04-19; tomorrow is a Monday.
        "2026-04-19T15:59:59Z, 1, work",
        "2026-10-09T12:00:00Z, -1, work",
        "2026-10-09T12:00:00Z, 0, work",
        "2026-10-09T12:00:00Z, -4, vacation"
    })
    void offset_moves_today_in_utc_plus_8(String instant, int offset, String word) {
        TestServer.run(TestApps.app(TestApps.at(instant)), server -> {
            HttpResponse<String> response = server.get("/api/holidays?type=alarm&offset=" + offset);
            assertThat(response.statusCode()).isEqualTo(200);
            assertThat(response.body()).isEqualTo(word);
        });
    }

    @Test
    void offset_crosses_year_ends_and_says_which_year_is_missing_outside_the_data() {
        TestServer.run(TestApps.app(TestApps.at("2026-12-31T12:00:00Z")), server -> {
            assertThat(server.get("/api/holidays?y=2027&m=1&d=1&offset=-1&type=pithy")
                            .body())
                    .isEqualTo("flase");
            assertThat(json(server.get("/api/holidays?y=2025&m=12&d=31&offset=1"))
                            .get("date")
                            .textValue())
                    .isEqualTo("2026-01-01");
            assertThat(message(server.get("/api/holidays?type=alarm&offset=1")))
                    .isEqualTo("today + 1 day, 2027-01-01 "
                            + "is in 2027, whose holiday arrangement is not fetched yet; covered: "
                            + "2020-01-01 to 2026-12-31; with forecast=1 it is answered from 2027's forecast from "
                            + "the law (a guess until the notice is published)");
            assertThat(message(server.get("/api/holidays?y=2020&m=1&d=1&offset=-1")))
                    .isEqualTo("the date 2020-01-01 "
                            + "- 1 day, 2019-12-31 is outside the covered range 2020-01-01 to 2026-12-31 "
                            + "(2019 is not in the "
                            + "holiday data)");
            assertThat(json(server.get("/api/holidays/next?y=2026&m=9&d=20&offset=10"))
                            .get("name")
                            .textValue())
                    .isEqualTo("国庆节");
            assertThat(server.get("/api/holidays?offset=-366").statusCode()).isEqualTo(200);
            for (String bad : new String[] {"367", "-367", "abc", "", "1.5", "%2B%2B1", "1e2"}) {
                assertThat(message(server.get("/api/holidays?offset=" + bad)))
                        .as(bad)
                        .endsWith("offset must be a whole number from -366 to 366");
            }
        });
    }

    @Test
    void range_gives_each_days_record_exactly_as_api_holidays_does_up_to_366_days() {
        TestServer.run(TestApps.app(), server -> {
            HttpResponse<String> response = server.get("/api/holidays/range?from=2024-01-01&to=2024-12-31");
            assertThat(response.statusCode()).isEqualTo(200);
            assertThat(contentType(response)).isEqualTo(JSON);
            JsonNode body = json(response);
            assertThat(body.get("from").textValue()).isEqualTo("2024-01-01");
            assertThat(body.get("to").textValue()).isEqualTo("2024-12-31");
            assertThat(body.get("days")).hasSize(366);
            LocalDate d = LocalDate.of(2024, 1, 1);
            for (JsonNode day : body.get("days")) {
                if (d.getDayOfMonth() % 9 == 1) { // every ninth day, against /api/holidays itself
                    assertThat(day.toString())
                            .isEqualTo(server.get("/api/holidays?y=" + d.getYear() + "&m=" + d.getMonthValue() + "&d="
                                            + d.getDayOfMonth())
                                    .body());
                }
                assertThat(day.get("date").textValue()).isEqualTo(d.toString());
                d = d.plusDays(1);
            }
            assertThat(server.get("/api/holidays/range?from=2026-10-01&to=2026-10-01")
                            .body())
                    .isEqualTo("{\"from\":\"2026-10-01\",\"to\":\"2026-10-01\",\"days\":["
                            + server.get("/api/holidays?y=2026&m=10&d=1").body() + "]}");
            assertThat(message(server.get("/api/holidays/range?from=2024-01-01&to=2025-01-01")))
                    .isEqualTo("from=2024-01-01 to=2025-01-01 spans 367 days; at most 366 are answered at once");
        });
    }

    @ParameterizedTest(name = "{0}")
    @CsvFileSource(resources = "/cases/WorkdaysApiTest.csv", delimiter = '|', quoteCharacter = '\'')
    void bad_input_is_400_saying_what_was_wrong_and_what_is_accepted(String path, String expected) {
        TestServer.run(
                TestApps.app(), server -> assertThat(message(server.get(path))).isEqualTo(expected));
    }

    @Test
    void count_and_add_agree_with_a_walk_over_the_facts() {
        TestServer.run(TestApps.app(), server -> {
            for (YearMonth m = YearMonth.of(2020, 1); !m.isAfter(YearMonth.of(2026, 12)); m = m.plusMonths(1)) {
                JsonNode body = json(server.get("/api/workdays/count?from=" + m.atDay(1) + "&to=" + m.atEndOfMonth()));
                int expected = WorkdayFacts.count(m.atDay(1), m.atEndOfMonth());
                assertThat(body.get("workdays").intValue()).as(m.toString()).isEqualTo(expected);
                assertThat(body.get("daysOff").intValue()).isEqualTo(m.lengthOfMonth() - expected);
            }
            List<String> wrong = new ArrayList<>();
            for (LocalDate d = WorkdayFacts.FIRST; !d.isAfter(WorkdayFacts.LAST); d = d.plusDays(5)) {
                for (int n : WorkdayFacts.steps()) {
                    Optional<LocalDate> expected = WorkdayFacts.add(d, n);
                    HttpResponse<String> response = server.get("/api/workdays/add?date=" + d + "&n=" + n);
                    String got = response.statusCode() == 200
                            ? json(response).get("result").textValue()
                            : "400";
                    if (!got.equals(expected.map(LocalDate::toString).orElse("400"))) {
                        wrong.add(d + " n=" + n + ": " + got + " instead of " + expected);
                    }
                }
            }
            assertThat(wrong).isEmpty();
        });
    }

    @Test
    void add_answers_as_the_readme_shows_and_defaults_to_today() {
        TestServer.run(TestApps.app(TestApps.at("2026-09-28T01:00:00Z")), server -> {
            assertThat(server.get("/api/workdays/add?date=2026-09-28&n=5").body())
                    .isEqualTo("{\"date\":\"2026-09-28\",\"n\":5,\"result\":\"2026-10-10\"}");
            assertThat(server.get("/api/workdays/add?n=5").body())
                    .isEqualTo("{\"date\":\"2026-09-28\",\"n\":5,\"result\":\"2026-10-10\"}");
            assertThat(server.get("/api/workdays/add?date=2026-10-01&n=0").body())
                    .isEqualTo("{\"date\":\"2026-10-01\",\"n\":0,\"result\":\"2026-10-08\"}");
            assertThat(server.get("/api/workdays/count?from=2026-10-01&to=2026-10-31")
                            .body())
                    .isEqualTo("{\"from\":\"2026-10-01\",\"to\":\"2026-10-31\",\"workdays\":18,\"daysOff\":13}");
        });
    }

    private static Calendar feed(TestServer server, String query) throws Exception {
        HttpResponse<String> response = server.get("/api/holidays.ics" + query);
        assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
        Calendar calendar = new CalendarBuilder().build(new StringReader(response.body()));
        assertThat(calendar.validate().hasErrors())
                .as(calendar.validate().toString())
                .isFalse();
        return calendar;
    }

    private static String value(net.fortuna.ical4j.model.PropertyListAccessor c, String property) {
        return c.getProperty(property)
                .map(net.fortuna.ical4j.model.Property::getValue)
                .orElse(null);
    }

    private static List<String> uids(Calendar calendar) {
        List<String> uids = new ArrayList<>();
        for (VEvent e : calendar.<VEvent>getComponents("VEVENT")) {
            uids.add(value(e, "UID"));
        }
        return uids;
    }

    @Test
    void the_feed_variants_keep_to_days_off_or_make_up_days_remind_the_evening_before_and_speak_english()
            throws Exception {
        List<Break> facts = BreakFacts.of(2026);
        int makeUp = facts.stream().mapToInt(b -> b.makeUpDays().size()).sum();
        TestServer.run(TestApps.app(), server -> {
            Calendar all = feed(server, "?y=2026");
            Calendar off = feed(server, "?y=2026&only=off");
            Calendar work = feed(server, "?y=2026&only=work");
            assertThat(off.getComponents("VEVENT")).hasSize(facts.size());
            assertThat(uids(off)).allMatch(u -> u.startsWith("off-")).isSubsetOf(uids(all));
            assertThat(work.getComponents("VEVENT")).hasSize(makeUp);
            assertThat(uids(work)).allMatch(u -> u.startsWith("work-")).isSubsetOf(uids(all));
            assertThat(value(work, "X-WR-CALNAME")).isEqualTo("中国调休上班日（班）");

            Calendar reminded = feed(server, "?y=2026&only=work&remind=20:00");
            List<VEvent> events = reminded.getComponents("VEVENT");
            assertThat(events).hasSize(makeUp);
            for (VEvent e : events) {
                List<VAlarm> alarms = e.getAlarms();
                assertThat(alarms).hasSize(1);
                assertThat(value(alarms.get(0), "TRIGGER")).isEqualTo("-PT4H"); // 20:00 the evening before
                assertThat(value(alarms.get(0), "ACTION")).isEqualTo("DISPLAY");
                assertThat(value(alarms.get(0), "DESCRIPTION")).startsWith("明天调休上班（");
                assertThat(value(e, "UID")).endsWith("-r2000@pocketapi");
            }
            // Before noon a reminder is a wake-up call that morning; from noon, the evening before.
            VEvent morning = feed(server, "?y=2026&only=work&remind=07:30")
                    .<VEvent>getComponents("VEVENT")
                    .get(0);
            assertThat(value(morning.getAlarms().get(0), "TRIGGER")).isEqualTo("PT7H30M");
            assertThat(value(morning.getAlarms().get(0), "DESCRIPTION")).isEqualTo("今天调休上班（元旦）");
            assertThat(value(
                            feed(server, "?y=2026&only=work&remind=00:00")
                                    .<VEvent>getComponents("VEVENT")
                                    .get(0)
                                    .getAlarms()
                                    .get(0),
                            "TRIGGER"))
                    .isEqualTo("PT0S"); // midnight that day (ical4j reads PT0M so)
            assertThat(value(
                            feed(server, "?y=2026&only=work&remind=12:00")
                                    .<VEvent>getComponents("VEVENT")
                                    .get(0)
                                    .getAlarms()
                                    .get(0),
                            "TRIGGER"))
                    .isEqualTo("-PT12H");

            Calendar english = feed(server, "?y=2026&lang=en");
            assertThat(value(english, "X-WR-CALNAME")).isEqualTo("Chinese public holidays");
            Set<String> summaries = new HashSet<>();
            for (VEvent e : english.<VEvent>getComponents("VEVENT")) {
                summaries.add(value(e, "SUMMARY"));
                assertThat(value(e, "UID")).endsWith("-en@pocketapi");
            }
            assertThat(summaries)
                    .contains(
                            "New Year's Day (day off)",
                            "Spring Festival (day off)",
                            "Qingming Festival (day off)",
                            "Labour Day (day off)",
                            "Dragon Boat Festival (day off)",
                            "Mid-Autumn Festival (day off)",
                            "National Day (day off)",
                            "Spring Festival: make-up working day");
            assertThat(summaries).noneMatch(s -> s.codePoints().anyMatch(c -> c > 0x2000));

            // Each variant its own ETag, the same on every fetch.
            Set<String> etags = new HashSet<>();
            for (String q : new String[] {
                "?y=2026", "?y=2026&only=off", "?y=2026&only=work", "?y=2026&only=work&remind=20:00", "?y=2026&lang=en"
            }) {
                String etag = server.get("/api/holidays.ics" + q)
                        .headers()
                        .firstValue("ETag")
                        .orElseThrow();
                assertThat(server.get("/api/holidays.ics" + q).headers().firstValue("ETag"))
                        .contains(etag);
                etags.add(etag);
            }
            assertThat(etags).hasSize(5);
        });
    }

    @Test
    void each_new_path_answers_head_carries_cors_and_is_counted() {
        LocalCounters counters = TestApps.counters(Clock.systemUTC(), 100);
        String[] paths = {
            "/api/holidays?offset=1",
            "/api/holidays/range?from=2026-10-01&to=2026-10-03",
            "/api/workdays/count?from=2026-10-01&to=2026-10-31",
            "/api/workdays/add?date=2026-09-28&n=5",
            "/api/holidays.ics?only=work&remind=20:00&lang=en",
            "/api/workdays/add?n=x"
        };
        TestServer.run(TestApps.app(TestApps.at("2026-05-06T02:00:00Z"), counters), server -> {
            long before = counters.siteTally().total();
            for (String path : paths) {
                HttpResponse<String> get = server.get(path);
                HttpResponse<String> head = server.head(path);
                assertThat(head.statusCode()).as(path).isEqualTo(get.statusCode());
                assertThat(head.body()).isEmpty();
                assertThat(contentType(head)).isEqualTo(contentType(get));
                assertThat(get.headers().firstValue("Access-Control-Allow-Origin"))
                        .as(path)
                        .contains("*");
                assertThat(head.headers().firstValue("Access-Control-Allow-Origin"))
                        .as(path)
                        .contains("*");
            }
            assertThat(counters.siteTally().total() - before).isEqualTo(2L * paths.length);
            assertThat(server.send("POST", "/api/workdays/add?n=1").statusCode())
                    .isEqualTo(405);
            assertThat(counters.siteTally().total() - before).isEqualTo(2L * paths.length);
        });
    }
}
