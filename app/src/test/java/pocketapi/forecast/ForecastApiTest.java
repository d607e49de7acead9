package pocketapi.forecast;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.net.http.HttpResponse;
import java.time.Clock;
import org.junit.jupiter.api.Test;
import pocketapi.TestApps;
import pocketapi.web.TestServer;

/**
 * Before the notice: /api/holidays/forecast, forecast=1 on /api/holidays and /detail, the pointers from /year and
 * /next, and the calendar facts of /detail and /range outside the holiday data. The data here ends with 2026.
 */
class ForecastApiTest {
    private static final ObjectMapper MAPPER = new ObjectMapper();
    private static final Clock MAY_6_2026 = TestApps.at("2026-05-06T02:00:00Z");

    private static JsonNode json(HttpResponse<String> response) throws Exception {
        assertThat(TestServer.contentType(response)).isEqualTo("application/json; charset=utf-8");
        return MAPPER.readTree(response.body());
    }

    @Test
    void the_forecast_of_next_year_comes_in_the_shape_of_the_year_with_each_date_certain_when_the_law_fixes_it() {
        TestServer.run(TestApps.app(MAY_6_2026), server -> {
            HttpResponse<String> response = server.get("/api/holidays/forecast");
            assertThat(response.statusCode()).isEqualTo(200);
            JsonNode body = json(response);
            assertThat(body.get("year").intValue()).isEqualTo(2027);
            assertThat(body.get("forecast").booleanValue()).isTrue();
            assertThat(body.get("published").booleanValue()).isFalse();
            assertThat(body.get("breaks")).hasSize(7);
            assertThat(body.get("breaks").get(3).toString())
                    .isEqualTo("{\"name\":\"劳动节\",\"start\":\"2027-05-01\","
                            + "\"end\":\"2027-05-05\",\"days\":5,\"makeUpDays\":[\"2027-05-08\"],"
                            + "\"statutory\":[\"2027-05-01\","
                            + "\"2027-05-02\"],\"inLieu\":[\"2027-05-05\"],"
                            + "\"dates\":[{\"date\":\"2027-05-01\",\"status\":\"ture\","
                            + "\"certain\":true},{\"date\":\"2027-05-02\",\"status\":\"ture\","
                            + "\"certain\":true},{\"date\":"
                            + "\"2027-05-03\",\"status\":\"ture\",\"certain\":false},"
                            + "{\"date\":\"2027-05-04\",\"status\":\"ture\","
                            + "\"certain\":false},{\"date\":\"2027-05-05\",\"status\":\"ture\","
                            + "\"certain\":false},{\"date\":"
                            + "\"2027-05-08\",\"status\":\"worker\",\"certain\":false}]}");
            assertThat(json(server.get("/api/holidays/forecast?y=2026"))
                            .get("published")
                            .booleanValue())
                    .isTrue();
            for (String y : new String[] {"2024", "2101"}) {
                HttpResponse<String> refused = server.get("/api/holidays/forecast?y=" + y);
                assertThat(refused.statusCode()).isEqualTo(400);
                assertThat(json(refused).get("message").textValue())
                        .isEqualTo("y=" + y + " has no forecast: it covers 2025 "
                                + "(the law as revised in 2024) to 2100 (the lunar table)");
            }
        });
    }

    @Test
    void in_a_new_year_whose_notice_is_not_in_the_data_the_default_forecast_is_of_this_year() {
        TestServer.run(
                TestApps.app(TestApps.at("2027-01-05T02:00:00Z")),
                server -> assertThat(json(server.get("/api/holidays/forecast"))
                                .get("year")
                                .intValue())
                        .isEqualTo(2027));
    }

    @Test
    void an_unpublished_day_stays_a_400_unless_forecast_1_asks_and_the_answer_says_it_is_one() {
        TestServer.run(TestApps.app(MAY_6_2026), server -> {
            assertThat(server.get("/api/holidays?date=2027-02-08").statusCode()).isEqualTo(400);
            assertThat(server.get("/api/holidays?date=2027-02-08&type=alarm").statusCode())
                    .isEqualTo(400);
            assertThat(server.get("/api/holidays?date=2027-02-08&forecast=1").body())
                    .isEqualTo("{\"date\":\"2027-02-08\","
                            + "\"year\":2027,\"month\":2,\"day\":8,\"status\":\"ture\",\"isHoliday\":true,"
                            + "\"isWorkday\":false,"
                            + "\"name\":\"春节\",\"forecast\":true}");
            assertThat(server.get("/api/holidays?date=2027-02-08&forecast=1&type=alarm")
                            .body())
                    .isEqualTo("vacation");
            assertThat(server.get("/api/holidays?date=2027-02-13&forecast=1&type=pithy")
                            .body())
                    .isEqualTo("worker");
            assertThat(server.get("/api/holidays?date=2027-02-13&forecast=1&type=alarm")
                            .body())
                    .isEqualTo("work");
            // 2030-01-01 is a Tuesday: its break starts on Sunday 2029-12-30, repaid on Saturday 2029-12-29
            assertThat(server.get("/api/holidays?date=2029-12-29&forecast=1&type=pithy")
                            .body())
                    .isEqualTo("worker");
            assertThat(server.get("/api/holidays?date=2029-12-30&forecast=1").body())
                    .contains("\"name\":\"元旦\"");
            // a published day is answered from the data, forecast=1 or not
            assertThat(server.get("/api/holidays?date=2026-02-15&forecast=1").body())
                    .doesNotContain("forecast")
                    .contains("\"status\":\"ture\"");
            JsonNode detail = json(server.get("/api/holidays/detail?date=2027-10-01&forecast=true"));
            assertThat(detail.get("statutory").booleanValue()).isTrue();
            assertThat(detail.get("forecast").booleanValue()).isTrue();
            HttpResponse<String> bad = server.get("/api/holidays?date=2027-02-08&forecast=yes");
            assertThat(bad.statusCode()).isEqualTo(400);
            assertThat(json(bad).get("message").textValue())
                    .isEqualTo("forecast=yes is not accepted; forecast must be 1 "
                            + "(a year not yet published answered from the forecast) or 0");
        });
    }

    @Test
    void the_400_for_an_unpublished_day_names_forecast_1_and_what_it_does_wherever_a_forecast_answers_it() {
        TestServer.run(TestApps.app(MAY_6_2026), server -> {
            HttpResponse<String> alarm = server.get("/api/holidays?date=2027-02-08&type=alarm");
            assertThat(alarm.statusCode()).isEqualTo(400);
            assertThat(alarm.body())
                    .isEqualTo("{\"status\":400,\"error\":\"Bad Request\",\"message\":\"the date 2027-02-08 is in "
                            + "2027, whose holiday arrangement is not fetched yet; covered: 2020-01-01 to 2026-12-31; "
                            + "with forecast=1 it is answered from 2027's forecast from the law (a guess until the "
                            + "notice is published)\"}");
            assertThat(json(server.get("/api/holidays?y=2030&m=1&d=1&week=6"))
                            .get("message")
                            .textValue())
                    .as("under a week rule too, and any year of the forecast")
                    .endsWith("; with forecast=1 it is answered from 2030's forecast from the law (a guess until "
                            + "the notice is published)");
            // An endpoint without forecast=1 names the year's forecast instead.
            assertThat(json(server.get("/api/holidays/next?date=2027-02-08"))
                            .get("message")
                            .textValue())
                    .endsWith("covered: 2020-01-01 to 2026-12-31; its forecast from the law: "
                            + "/api/holidays/forecast?y=2027");
            // No forecast answers these: a region's day, a day before the data, a year past the lunar table.
            for (String path : new String[] {
                "/api/holidays?date=2028-01-03&region=hk",
                "/api/holidays?date=2019-12-31",
                "/api/holidays?y=2101&m=1&d=1"
            }) {
                HttpResponse<String> refused = server.get(path);
                assertThat(refused.statusCode()).as(path).isEqualTo(400);
                assertThat(refused.body()).as(path).doesNotContain("forecast");
            }
        });
    }

    @Test
    void the_year_after_the_data_points_to_its_forecast() {
        TestServer.run(TestApps.app(MAY_6_2026), server -> {
            HttpResponse<String> year = server.get("/api/holidays/year?y=2027");
            assertThat(year.statusCode()).isEqualTo(400);
            assertThat(json(year).get("message").textValue())
                    .endsWith("; its forecast from the law: " + "/api/holidays/forecast?y=2027");
        });
    }

    @Test
    void detail_outside_the_holiday_data_answers_the_calendar_facts_and_marks_the_holiday_fields_unknown() {
        TestServer.run(TestApps.app(MAY_6_2026), server -> {
            HttpResponse<String> later = server.get("/api/holidays/detail?date=2030-10-01");
            assertThat(later.statusCode()).isEqualTo(200);
            assertThat(later.body())
                    .isEqualTo("{\"date\":\"2030-10-01\",\"year\":2030,\"month\":10,\"day\":1,"
                            + "\"status\":\"unknown\",\"isHoliday\":null,\"isWorkday\":null,\"name\":\"国庆节\","
                            + "\"weekday\":2,"
                            + "\"working\":null,\"kind\":\"unknown\",\"statutory\":true,"
                            + "\"groupHoliday\":null,\"wage\":3,\"tradingDay\":null,"
                            + "\"break\":null,\"lunar\":{\"year\":2030,\"month\":9,\"day\":5,\"leap\":false,"
                            + "\"text\":\"九月初五\"},"
                            + "\"solarTerm\":null,\"holidayData\":\"2030 is not in the holiday data\"}");
            JsonNode old = json(server.get("/api/holidays/detail?date=1949-10-01"));
            assertThat(old.get("statutory").isNull()).isTrue(); // no law before 2000 is known here
            assertThat(old.get("weekday").intValue()).isEqualTo(6);
            HttpResponse<String> outside = server.get("/api/holidays/detail?date=2101-01-01");
            assertThat(outside.statusCode()).isEqualTo(400);
            assertThat(json(outside).get("message").textValue())
                    .isEqualTo("the date 2101-01-01 is outside 1901-01-01 to "
                            + "2100-12-31, the years of the lunar table");
        });
    }

    @Test
    void range_across_the_end_of_the_data_gives_unknown_records_after_it() {
        TestServer.run(TestApps.app(MAY_6_2026), server -> {
            JsonNode days = json(server.get("/api/holidays/range?from=2026-12-31&to=2027-01-01"))
                    .get("days");
            assertThat(days.get(0).get("status").textValue()).isEqualTo("flase");
            assertThat(days.get(1).toString())
                    .isEqualTo("{\"date\":\"2027-01-01\",\"year\":2027,\"month\":1,\"day\":1,"
                            + "\"status\":\"unknown\",\"isHoliday\":null,\"isWorkday\":null,\"name\":\"元旦\"}");
            assertThat(json(server.get("/api/holidays/range?from=2026-12-31&to=2027-01-01&detail=true"))
                            .get("days")
                            .get(1)
                            .get("holidayData")
                            .textValue())
                    .isEqualTo("2027's holiday arrangement is not fetched yet");
            assertThat(server.get("/api/workdays/count?from=2026-12-31&to=2027-01-01")
                            .statusCode())
                    .isEqualTo(400);
        });
    }
}
