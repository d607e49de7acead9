package pocketapi.holidays;

import static org.assertj.core.api.Assertions.assertThat;

import io.javalin.Javalin;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvFileSource;
import org.junit.jupiter.params.provider.CsvSource;
import pocketapi.TestApps;
import pocketapi.holidays.data.OwnCalendars;
import pocketapi.web.TestServer;

/**
 * {@code week} and {@code calendar} on every endpoint that answers a day: the same rules as the domain's
 * (OwnCalendarTest), seen through HTTP; without them every answer is the official one.
 */
class OwnCalendarApiTest {
    @TempDir
    static Path dir;

    private static OwnCalendars own;
    private static final Clock TODAY = TestApps.at("2026-11-24T01:00:00Z"); // Tuesday 2026-11-24 in UTC+8

    @BeforeAll
    static void calendars() throws Exception {
        Files.writeString(dir.resolve("acme.json"), """
                {"week": "6", "days": [
                  {"name": "公司假日", "date": "2026-12-24", "isOffDay": true},
                  {"name": "发布加班", "date": "2026-10-07", "isOffDay": false}
                ]}""");
        own = OwnCalendars.load(Optional.of(dir), Long.MAX_VALUE);
    }

    private static Javalin app() {
        return TestApps.app(TODAY, own);
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            /api/holidays?type=alarm&y=2026&m=11&d=28                        | vacation
            /api/holidays?type=alarm&y=2026&m=11&d=28&week=6                 | work
            /api/holidays?type=pithy&y=2026&m=11&d=28&week=6                 | worker
            /api/holidays?type=alarm&y=2026&m=11&d=28&week=alt:2026-11-28    | work
            /api/holidays?type=alarm&y=2026&m=12&d=5&week=alt:2026-11-28     | vacation
            /api/holidays?type=alarm&y=2026&m=12&d=12&week=alt:2026-11-28    | work
            /api/holidays?type=alarm&y=2026&m=10&d=3&week=6                  | vacation
            /api/holidays?type=alarm&y=2026&m=10&d=10                        | work
            /api/holidays?type=alarm&y=2026&m=10&d=10&calendar=exchange      | vacation
            /api/holidays?type=pithy&y=2026&m=10&d=10&calendar=exchange      | flase
            /api/holidays?type=alarm&y=2026&m=10&d=7&calendar=acme           | work
            /api/holidays?type=pithy&y=2026&m=12&d=24&calendar=acme          | ture
            /api/holidays?type=alarm&offset=4&week=6                         | work
            """)
    void the_alarm_and_the_pithy_word_follow_the_calendar(String path, String answer) {
        TestServer.run(app(), server -> assertThat(server.get(path).body()).isEqualTo(answer));
    }

    @Test
    void json_detail_range_next_year_and_workdays_follow_the_calendar() {
        TestServer.run(app(), server -> {
            assertThat(server.get("/api/holidays?y=2026&m=11&d=28&week=6").body())
                    .isEqualTo("{\"date\":\"2026-11-28\","
                            + "\"year\":2026,\"month\":11,\"day\":28,\"status\":\"worker\","
                            + "\"isHoliday\":false,\"isWorkday\":true,"
                            + "\"name\":\"\"}");
            assertThat(server.get("/api/holidays?y=2026&m=12&d=24&calendar=acme")
                            .body())
                    .contains("\"status\":\"ture\",\"isHoliday\":true,\"isWorkday\":false,\"name\":\"公司假日\"");
            assertThat(server.get("/api/holidays/detail?y=2026&m=12&d=24&calendar=acme")
                            .body())
                    .contains("\"working\":false,\"kind\":\"ownDayOff\",\"statutory\":false,"
                            + "\"groupHoliday\":null,\"wage\":1,\"tradingDay\":true,"
                            + "\"break\":{\"name\":\"公司假日\",\"first\":\"2026-12-24\","
                            + "\"last\":\"2026-12-24\",\"days\":1}");
            assertThat(server.get("/api/holidays/detail?y=2026&m=11&d=28&week=6")
                            .body())
                    .contains("\"working\":true,\"kind\":\"worked\",\"statutory\":false,\"groupHoliday\":null,"
                            + "\"wage\":2,\"tradingDay\":false");
            assertThat(server.get("/api/holidays/range?from=2026-11-27&to=2026-11-29&week=6")
                            .body())
                    .contains("\"2026-11-27\"", "\"status\":\"worker\"")
                    .containsOnlyOnce("worker");
            assertThat(server.get("/api/holidays/range?from=2026-11-28&to=2026-11-28&week=6&detail=true")
                            .body())
                    .contains("\"kind\":\"worked\"");
            assertThat(server.get("/api/holidays/next?y=2026&m=12&d=20&calendar=acme")
                            .body())
                    .isEqualTo("{\"date\":\"2026-12-20\",\"name\":\"公司假日\",\"start\":\"2026-12-24\","
                            + "\"end\":\"2026-12-24\","
                            + "\"days\":1,\"daysUntil\":4}");
            assertThat(server.get("/api/holidays/year?y=2024&week=6").body())
                    .contains("{\"name\":\"端午节\",\"start\":\"2024-06-09\",\"end\":\"2024-06-10\",\"days\":2");
            assertThat(server.get("/api/holidays/year?y=2026&calendar=exchange").body())
                    .doesNotContain("2026-10-10");
            // November 2026: 21 weekdays and 4 Saturdays.
            assertThat(server.get("/api/workdays/count?from=2026-11-01&to=2026-11-30&week=6")
                            .body())
                    .isEqualTo("{\"from\":\"2026-11-01\",\"to\":\"2026-11-30\",\"workdays\":25,\"daysOff\":5}");
            assertThat(server.get("/api/workdays/add?date=2026-11-27&n=1&week=6")
                            .body())
                    .contains("\"result\":\"2026-11-28\"");
            assertThat(server.get("/api/workdays/add?date=2026-11-27&n=1").body())
                    .contains("\"result\":\"2026-11-30\"");
        });
    }

    private static List<String> uids(String feed) {
        List<String> uids = new java.util.ArrayList<>();
        Matcher m = Pattern.compile("UID:([^\\r\\n]+)").matcher(feed);
        while (m.find()) {
            uids.add(m.group(1));
        }
        return uids;
    }

    @Test
    void each_calendar_has_its_own_feed_with_its_own_uids() {
        TestServer.run(app(), server -> {
            String official = server.get("/api/holidays.ics?y=2026").body();
            String six = server.get("/api/holidays.ics?y=2026&week=6").body();
            String exchange =
                    server.get("/api/holidays.ics?y=2026&calendar=exchange").body();
            String acme = server.get("/api/holidays.ics?y=2026&calendar=acme").body();
            assertThat(server.get("/api/holidays.ics?y=2026&week=5").body())
                    .as("week=5 is the official calendar")
                    .isEqualTo(official);
            assertThat(uids(six)).allMatch(u -> u.endsWith("-w6@pocketapi")).hasSameSizeAs(uids(official));
            assertThat(uids(exchange)).allMatch(u -> u.startsWith("off-") && u.endsWith("-exchange@pocketapi"));
            assertThat(uids(acme)).allMatch(u -> u.endsWith("-acme@pocketapi")).contains("off-20261224-acme@pocketapi");
            assertThat(six).contains("X-WR-CALNAME:中国法定节假日（week=6）");
            for (String feed : List.of(six, exchange, acme)) {
                assertThat(uids(feed)).doesNotContainAnyElementsOf(uids(official));
            }
        });
    }

    @ParameterizedTest(name = "{0}")
    @CsvFileSource(resources = "/cases/OwnCalendarApiTest.csv", delimiter = '|', quoteCharacter = '\'')
    void a_bad_week_or_calendar_answers_400_saying_what_is_accepted(String path, String message) {
        TestServer.run(app(), server -> {
            var response = server.get(path);
            assertThat(response.statusCode()).isEqualTo(400);
            assertThat(response.body()).contains(message);
        });
    }

    @Test
    void the_landing_page_lists_the_calendars_and_how_to_use_week() {
        TestServer.run(
                app(),
                server -> assertThat(server.get("/").body())
                        .contains(
                                "/api/holidays?type=alarm&amp;offset=1&amp;calendar=acme",
                                "/api/holidays?type=alarm&amp;offset=1&amp;calendar=exchange",
                                "week=alt:YYYY-MM-DD"));
    }
}
