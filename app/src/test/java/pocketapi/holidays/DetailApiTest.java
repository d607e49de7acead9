package pocketapi.holidays;

import static org.assertj.core.api.Assertions.assertThat;
import static pocketapi.web.TestServer.contentType;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.net.http.HttpResponse;
import java.time.LocalDate;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvFileSource;
import pocketapi.TestApps;
import pocketapi.web.TestServer;

/** {@code GET /api/holidays/detail}, {@code range?detail=true}: what a day is to a person, over HTTP. */
class DetailApiTest {
    private static final ObjectMapper MAPPER = new ObjectMapper();
    private static final String JSON = "application/json; charset=utf-8";

    @ParameterizedTest(name = "{0}")
    @CsvFileSource(resources = "/cases/DetailApiTest.csv", delimiter = '|', quoteCharacter = '\'')
    void the_detail_record_gives_the_day_record_then_what_the_day_is(String query, String body) {
        TestServer.run(TestApps.app(), server -> {
            HttpResponse<String> response = server.get("/api/holidays/detail?" + query);
            assertThat(response.statusCode()).isEqualTo(200);
            assertThat(contentType(response)).isEqualTo(JSON);
            assertThat(response.body()).isEqualTo(body);
        });
    }

    @Test
    void the_detail_takes_the_dates_and_the_input_400s_of_the_holidays_endpoint() {
        TestServer.run(
                TestApps.app(TestApps.at("2026-10-09T16:30:00Z")),
                server -> { // 2026-10-10 in UTC+8
                    assertThat(MAPPER.readTree(
                                            server.get("/api/holidays/detail").body())
                                    .get("date")
                                    .textValue())
                            .isEqualTo("2026-10-10");
                    JsonNode tomorrow = MAPPER.readTree(
                            server.get("/api/holidays/detail?offset=1").body());
                    assertThat(tomorrow.get("date").textValue()).isEqualTo("2026-10-11");
                    assertThat(tomorrow.get("kind").textValue()).isEqualTo("weekend");
                    // (a date outside the holiday data is no 400 here: ForecastApiTest)
                    for (String bad : new String[] {"y=2026", "y=2026&m=2&d=30", "offset=x", "date=2026-1-1"}) {
                        HttpResponse<String> detail = server.get("/api/holidays/detail?" + bad);
                        assertThat(detail.statusCode()).as(bad).isEqualTo(400);
                        assertThat(detail.body())
                                .isEqualTo(server.get("/api/holidays?" + bad).body());
                    }
                });
    }

    @Test
    void a_range_with_detail_gives_the_detail_records_and_the_plain_range_is_unchanged() {
        TestServer.run(TestApps.app(), server -> {
            JsonNode detailed =
                    MAPPER.readTree(server.get("/api/holidays/range?from=2026-09-30&to=2026-10-11&detail=true")
                            .body());
            JsonNode plain = MAPPER.readTree(server.get("/api/holidays/range?from=2026-09-30&to=2026-10-11")
                    .body());
            assertThat(detailed.get("days")).hasSize(12);
            for (int i = 0; i < 12; i++) {
                String date = LocalDate.of(2026, 9, 30).plusDays(i).toString();
                String[] ymd = date.split("-");
                assertThat(detailed.get("days").get(i))
                        .isEqualTo(MAPPER.readTree(
                                server.get("/api/holidays/detail?y=" + ymd[0] + "&m=" + ymd[1] + "&d=" + ymd[2])
                                        .body()));
                assertThat(plain.get("days").get(i).size()).isEqualTo(8);
            }
            assertThat(server.get("/api/holidays/range?from=2026-09-30&to=2026-10-11&detail=false")
                            .body())
                    .isEqualTo(server.get("/api/holidays/range?from=2026-09-30&to=2026-10-11")
                            .body());
            HttpResponse<String> bad = server.get("/api/holidays/range?from=2026-09-30&to=2026-10-11&detail=yes");
            assertThat(bad.statusCode()).isEqualTo(400);
            assertThat(bad.body()).contains("detail=yes is not accepted; detail must be true");
        });
    }

    @Test
    void the_feed_names_each_breaks_statutory_holidays() {
        TestServer.run(TestApps.app(), server -> {
            String zh = server.get("/api/holidays.ics?y=2026").body().replace("\r\n ", "");
            assertThat(zh)
                    .contains("DESCRIPTION:春节放假 9 天：2026-02-15 至 2026-02-23；其中法定节假日：2026-02-16、2026-02-17、"
                            + "2026-02-18、2026-02-19；调休上班：2026-02-14、2026-02-28。");
            String en = server.get("/api/holidays.ics?y=2026&lang=en").body().replace("\r\n ", "");
            assertThat(en)
                    .contains("DESCRIPTION:New Year's Day: 3 days off\\, 2026-01-01 to 2026-01-03\\; statutory "
                            + "holiday: 2026-01-01\\; make-up working day: 2026-01-04.");
        });
    }

    @Test
    void the_four_days_the_law_gives_part_of_the_population_are_named_on_the_mainland_every_year_2020_to_2030() {
        TestServer.run(TestApps.app(), server -> {
            for (int year = 2020; year <= 2030; year++) {
                for (String[] g : new String[][] {
                    {"03-08", "妇女节", "women", "0.5"},
                    {"05-04", "青年节", "youth", "0.5"},
                    {"06-01", "儿童节", "children", "1"},
                    {"08-01", "建军节", "military", "0.5"}
                }) {
                    String date = year + "-" + g[0];
                    JsonNode detail = MAPPER.readTree(
                            server.get("/api/holidays/detail?date=" + date).body());
                    assertThat(detail.get("groupHoliday").toString())
                            .as(date)
                            .isEqualTo("{\"name\":\"" + g[1] + "\",\"who\":\"" + g[2] + "\",\"days\":" + g[3] + "}");
                }
            }
            // Every other date of a year says null; a whole year's range names exactly the four.
            JsonNode year = MAPPER.readTree(server.get("/api/holidays/range?from=2026-01-01&to=2026-12-31&detail=true")
                    .body());
            java.util.List<String> named = new java.util.ArrayList<>();
            year.get("days").forEach(d -> {
                assertThat(d.has("groupHoliday")).isTrue();
                if (!d.get("groupHoliday").isNull()) {
                    named.add(d.get("date").textValue());
                }
            });
            assertThat(named).containsExactly("2026-03-08", "2026-05-04", "2026-06-01", "2026-08-01");
        });
    }

    @Test
    void a_group_day_changes_no_status_alarm_or_working_day_even_on_a_weekend_and_no_region_has_one() {
        TestServer.run(TestApps.app(), server -> {
            // 2024-06-01, 儿童节 on a Saturday: an ordinary weekend for the whole population, nothing made up (art. 5).
            JsonNode sunday = MAPPER.readTree(
                    server.get("/api/holidays/detail?date=2024-06-01").body());
            assertThat(sunday.get("status").textValue() + " "
                            + sunday.get("kind").textValue())
                    .isEqualTo("flase weekend");
            assertThat(sunday.get("groupHoliday").get("days").intValue()).isEqualTo(1);
            assertThat(server.get("/api/holidays?date=2024-06-03&type=alarm").body())
                    .isEqualTo("work");
            // 2024-03-08, 妇女节 on a Friday: a working day, for the alarm and the arithmetic alike.
            assertThat(server.get("/api/holidays?date=2024-03-08&type=alarm").body())
                    .isEqualTo("work");
            assertThat(MAPPER.readTree(server.get("/api/holidays/detail?date=2024-03-08")
                                    .body())
                            .get("working")
                            .booleanValue())
                    .isTrue();
            assertThat(MAPPER.readTree(server.get("/api/workdays/count?from=2024-03-08&to=2024-03-08")
                                    .body())
                            .get("workdays")
                            .intValue())
                    .isEqualTo(1);
            for (String region : new String[] {"hk", "mo", "tw"}) {
                assertThat(MAPPER.readTree(server.get("/api/holidays/detail?date=2026-03-08&region=" + region)
                                        .body())
                                .get("groupHoliday")
                                .isNull())
                        .as(region)
                        .isTrue();
            }
        });
    }
}
