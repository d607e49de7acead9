package pocketapi.regions;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.net.http.HttpResponse;
import org.junit.jupiter.api.Test;
import pocketapi.TestApps;
import pocketapi.web.TestServer;

/**
 * {@code region}: cn answers as if absent; hk, mo and tw answer Hong Kong's, Macau's and Taiwan's calendars on every
 * holiday endpoint (the forecast is the mainland's alone); anything else is a 400 naming the four.
 */
class RegionApiTest {
    private static final ObjectMapper MAPPER = new ObjectMapper();
    private static final String[] ENDPOINTS = {
        "/api/holidays?date=2026-10-01",
        "/api/holidays?date=2026-10-01&type=alarm",
        "/api/holidays/detail?date=2026-10-01",
        "/api/holidays/year?y=2026",
        "/api/holidays/next?date=2026-05-06",
        "/api/holidays.ics?y=2026",
        "/api/holidays/range?from=2026-10-01&to=2026-10-03",
        "/api/workdays/count?from=2026-10-01&to=2026-10-09",
        "/api/workdays/add?date=2026-09-30&n=1",
        "/api/holidays/forecast?y=2027"
    };

    private static String message(HttpResponse<String> response) throws Exception {
        assertThat(response.statusCode()).isEqualTo(400);
        return MAPPER.readTree(response.body()).get("message").textValue();
    }

    private static JsonNode json(TestServer server, String path) throws Exception {
        HttpResponse<String> response = server.get(path);
        assertThat(response.statusCode()).as(path).isEqualTo(200);
        return MAPPER.readTree(response.body());
    }

    @Test
    void every_holiday_endpoint_answers_cn_as_without_region_and_each_other_region_from_its_own_calendar() {
        TestServer.run(TestApps.app(TestApps.at("2026-05-06T02:00:00Z")), server -> {
            for (String path : ENDPOINTS) {
                HttpResponse<String> plain = server.get(path);
                assertThat(plain.statusCode()).as(path).isEqualTo(200);
                assertThat(server.get(path + "&region=cn").body()).as(path).isEqualTo(plain.body());
                assertThat(message(server.get(path + "&region=jp")))
                        .as(path)
                        .isEqualTo("region=jp is not accepted; "
                                + "region must be cn (the mainland, the default), hk, mo or tw");
                for (String region : new String[] {"hk", "mo", "tw"}) {
                    assertThat(server.get(path + "&region=" + region).statusCode())
                            .as(path)
                            .isEqualTo(path.contains("forecast") ? 400 : 200);
                }
            }
        });
    }

    @Test
    void hong_kong_days_are_its_general_holidays_with_no_make_up_day_and_no_law_of_the_mainland() {
        TestServer.run(TestApps.app(TestApps.at("2026-05-06T02:00:00Z")), server -> {
            // 2026-04-07, the day after Easter Monday (Easter Monday fell on 清明節翌日): off in Hong Kong, worked on the
            // mainland.
            assertThat(server.get("/api/holidays?date=2026-04-07&region=hk").body())
                    .isEqualTo("{\"date\":\"2026-04-07\","
                            + "\"year\":2026,\"month\":4,\"day\":7,\"status\":\"ture\",\"isHoliday\":true,"
                            + "\"isWorkday\":false,"
                            + "\"name\":\"復活節、清明節\"}");
            assertThat(server.get("/api/holidays?date=2026-04-07&region=hk&type=alarm")
                            .body())
                    .isEqualTo("vacation");
            assertThat(server.get("/api/holidays?date=2026-04-07&type=alarm").body())
                    .isEqualTo("work");
            // The mainland's make-up working day 2026-02-14 is an ordinary Saturday in Hong Kong.
            assertThat(server.get("/api/holidays?date=2026-02-14&region=hk&type=pithy")
                            .body())
                    .isEqualTo("flase");
            assertThat(server.get("/api/holidays?date=2026-02-14&type=pithy").body())
                    .isEqualTo("worker");

            JsonNode detail = json(server, "/api/holidays/detail?date=2026-07-01&region=hk");
            assertThat(detail.get("status").textValue()).isEqualTo("ture");
            assertThat(detail.get("kind").textValue()).isEqualTo("statutory"); // the Employment Ordinance's
            assertThat(detail.get("name").textValue()).isEqualTo("香港特別行政區成立紀念日");
            assertThat(detail.get("statutory").booleanValue()).isTrue();
            JsonNode goodFriday = json(server, "/api/holidays/detail?date=2026-04-03&region=hk");
            assertThat(goodFriday.get("kind").textValue()).isEqualTo("holiday"); // statutory from 2028
            assertThat(goodFriday.get("statutory").booleanValue()).isFalse();
            assertThat(detail.get("wage").isNull()).isTrue();
            assertThat(detail.get("tradingDay").isNull()).isTrue();
            assertThat(detail.get("lunar").get("text").textValue()).isNotEmpty();

            JsonNode year = json(server, "/api/holidays/year?y=2026&region=hk");
            assertThat(year.get("breaks")).hasSize(11);
            JsonNode next = json(server, "/api/holidays/next?date=2026-05-06&region=hk");
            assertThat(next.toString())
                    .isEqualTo("{\"date\":\"2026-05-06\",\"name\":\"佛誕\",\"start\":\"2026-05-23\","
                            + "\"end\":\"2026-05-25\",\"days\":3,\"daysUntil\":17}");
            JsonNode range = json(server, "/api/holidays/range?from=2026-04-03&to=2026-04-07&region=hk");
            assertThat(range.get("days").findValuesAsText("status"))
                    .containsExactly("ture", "ture", "flase", "ture", "ture");
            assertThat(json(server, "/api/workdays/count?from=2026-04-01&to=2026-04-10&region=hk")
                            .toString())
                    .isEqualTo("{\"from\":\"2026-04-01\",\"to\":\"2026-04-10\",\"workdays\":5,\"daysOff\":5}");
            assertThat(json(server, "/api/workdays/add?date=2026-04-02&n=1&region=hk")
                            .get("result")
                            .textValue())
                    .isEqualTo("2026-04-08");
            assertThat(json(server, "/api/holidays?date=2026-04-07&region=hk&week=6")
                            .get("status")
                            .textValue())
                    .isEqualTo("ture");

            String ics = server.get("/api/holidays.ics?y=2026&region=hk").body();
            assertThat(ics)
                    .contains("X-WR-CALNAME:香港公眾假期", "UID:off-20260403-hk@pocketapi")
                    .doesNotContain("国务院", "BEGIN:VALARM");
            assertThat(server.get("/api/holidays.ics?y=2026").body()).contains("UID:off-20260101@pocketapi");
        });
    }

    @Test
    void macau_days_off_are_its_public_holidays_and_its_mandatory_ones_are_statutory() {
        TestServer.run(TestApps.app(TestApps.at("2026-05-06T02:00:00Z")), server -> {
            // 2026-11-02, 追思節: off in Macau, worked on the mainland and in Hong Kong.
            assertThat(server.get("/api/holidays?date=2026-11-02&region=mo&type=alarm")
                            .body())
                    .isEqualTo("vacation");
            assertThat(server.get("/api/holidays?date=2026-11-02&region=hk&type=alarm")
                            .body())
                    .isEqualTo("work");
            JsonNode national = json(server, "/api/holidays/detail?date=2026-10-01&region=mo");
            assertThat(national.get("kind").textValue()).isEqualTo("statutory");
            assertThat(national.get("statutory").booleanValue()).isTrue();
            assertThat(national.get("wage").isNull()).isTrue();
            JsonNode souls = json(server, "/api/holidays/detail?date=2026-11-02&region=mo");
            assertThat(souls.get("kind").textValue()).isEqualTo("holiday");
            assertThat(souls.get("statutory").booleanValue()).isFalse();
            // 2026-04-07, 清明節的補假: the civil service's day off, everyone else's working day; 12-31's afternoon likewise.
            assertThat(server.get("/api/holidays?date=2026-04-07&region=mo&type=alarm")
                            .body())
                    .isEqualTo("work");
            JsonNode compensatory = json(server, "/api/holidays/detail?date=2026-04-07&region=mo");
            assertThat(compensatory.get("status").textValue() + " " + compensatory.get("working") + " "
                            + compensatory.get("kind").textValue())
                    .isEqualTo("flase true civilService");
            assertThat(json(server, "/api/holidays/detail?date=2026-12-31&region=mo")
                            .get("kind")
                            .textValue())
                    .isEqualTo("civilServiceAfternoon");
            assertThat(json(server, "/api/workdays/add?date=2026-04-06&n=1&region=mo")
                            .get("result")
                            .textValue())
                    .isEqualTo("2026-04-07");
            assertThat(json(server, "/api/holidays/year?y=2026&region=mo").findValuesAsText("name"))
                    .containsExactly(
                            "元旦",
                            "農曆新年",
                            "復活節、清明節",
                            "勞動節",
                            "佛誕節",
                            "端午節",
                            "中秋節",
                            "國慶日",
                            "重陽節",
                            "追思節",
                            "聖母無原罪瞻禮",
                            "澳門特別行政區成立紀念日",
                            "冬至",
                            "聖誕節");
            JsonNode after = json(server, "/api/holidays/detail?date=2028-12-20&region=mo");
            assertThat(after.get("status").textValue()).isEqualTo("unknown");
            assertThat(after.get("name").textValue()).isEqualTo("澳門特別行政區成立紀念日");
            assertThat(after.get("statutory").booleanValue()).isTrue();
            assertThat(server.get("/api/holidays.ics?y=2026&region=mo").body())
                    .contains("X-WR-CALNAME:澳門公眾假期", "UID:off-20261031-mo@pocketapi");
        });
    }

    @Test
    void taiwan_has_its_make_up_saturdays_and_its_own_names() {
        TestServer.run(TestApps.app(TestApps.at("2025-01-20T02:00:00Z")), server -> {
            // 2025-02-08, a Saturday worked for 小年夜 (01-27) in Taiwan (and, by chance, for 春节 on the mainland).
            assertThat(server.get("/api/holidays?date=2025-02-08&region=tw").body())
                    .isEqualTo("{\"date\":\"2025-02-08\","
                            + "\"year\":2025,\"month\":2,\"day\":8,\"status\":\"worker\",\"isHoliday\":false,"
                            + "\"isWorkday\":true,"
                            + "\"name\":\"春節補行上班\"}");
            assertThat(server.get("/api/holidays?date=2025-02-08&region=tw&type=alarm")
                            .body())
                    .isEqualTo("work");
            // 2023-03-25, a Saturday worked for 04-03 in Taiwan: an ordinary Saturday on the mainland.
            assertThat(server.get("/api/holidays?date=2023-03-25&region=tw&type=pithy")
                            .body())
                    .isEqualTo("worker");
            assertThat(server.get("/api/holidays?date=2023-03-25&type=pithy").body())
                    .isEqualTo("flase");
            JsonNode next = json(server, "/api/holidays/next?region=tw");
            assertThat(next.toString())
                    .isEqualTo("{\"date\":\"2025-01-20\",\"name\":\"春節\",\"start\":\"2025-01-25\","
                            + "\"end\":\"2025-02-02\",\"days\":9,\"daysUntil\":5}");
            JsonNode spring = json(server, "/api/holidays/year?y=2025&region=tw")
                    .get("breaks")
                    .get(1);
            assertThat(spring.get("makeUpDays").toString()).isEqualTo("[\"2025-02-08\"]");
            assertThat(spring.get("inLieu").toString()).isEqualTo("[\"2025-01-27\"]");
            assertThat(spring.get("statutory").toString())
                    .isEqualTo("[\"2025-01-28\",\"2025-01-29\",\"2025-01-30\",\"2025-01-31\"]");
            // 小年夜 was repaid by that Saturday (in lieu) until the 2025 act made it a day off by law; 除夕 is one.
            JsonNode eve = json(server, "/api/holidays/detail?date=2025-01-27&region=tw");
            assertThat(eve.get("kind").textValue() + " " + eve.get("statutory")).isEqualTo("inLieu false");
            JsonNode newYearsEve = json(server, "/api/holidays/detail?date=2025-01-28&region=tw");
            assertThat(newYearsEve.get("kind").textValue() + " " + newYearsEve.get("statutory"))
                    .isEqualTo("statutory true");
            assertThat(json(server, "/api/holidays/detail?date=2026-02-15&region=tw")
                            .get("statutory")
                            .booleanValue())
                    .isTrue();
            // 孔子誕辰紀念日 on a Sunday: the Monday after is its substitute (補假); wage stays the mainland's law's alone.
            JsonNode monday = json(server, "/api/holidays/detail?date=2025-09-29&region=tw");
            assertThat(monday.get("kind").textValue() + " " + monday.get("statutory") + " " + monday.get("wage"))
                    .isEqualTo("substitute false null");
            // Beyond the built-in years the law still names its days.
            JsonNode later = json(server, "/api/holidays/detail?date=2028-10-10&region=tw");
            assertThat(later.get("status").textValue() + " " + later.get("name").textValue() + " "
                            + later.get("statutory"))
                    .isEqualTo("unknown 國慶日 true");
            assertThat(json(server, "/api/holidays/detail?date=2025-02-08&region=tw")
                            .get("kind")
                            .textValue())
                    .isEqualTo("makeUp");
            String ics = server.get("/api/holidays.ics?y=2025&region=tw").body().replace("\r\n ", ""); // unfolded
            assertThat(ics)
                    .contains(
                            "X-WR-CALNAME:臺灣放假日",
                            "UID:work-20250208-tw@pocketapi",
                            "SUMMARY:春節補行上班（班）",
                            "DESCRIPTION:春節放假 9 天：2025-01-25 至 2025-02-02；其中法定假日：2025-01-28、2025-01-29、2025-01-30、"
                                    + "2025-01-31；補行上班：2025-02-08。")
                    .doesNotContain("调休", "法定节假日");
            assertThat(message(server.get("/api/holidays?date=2028-01-03&region=tw")))
                    .isEqualTo("the date 2028-01-03 is in "
                            + "2028, whose holiday arrangement is not fetched yet; covered: 2020-01-01 to 2027-12-31");
        });
    }

    @Test
    void hong_kong_outside_its_years_says_so_and_has_no_forecast() {
        TestServer.run(TestApps.app(TestApps.at("2026-05-06T02:00:00Z")), server -> {
            assertThat(message(server.get("/api/holidays?date=2028-01-03&region=hk")))
                    .isEqualTo("the date 2028-01-03 is in "
                            + "2028, whose holiday arrangement is not fetched yet; covered: 2020-01-01 to 2027-12-31");
            JsonNode unknown = json(server, "/api/holidays/detail?date=2028-07-01&region=hk");
            assertThat(unknown.get("status").textValue()).isEqualTo("unknown");
            assertThat(unknown.get("statutory").booleanValue()).isTrue();
            assertThat(unknown.get("name").textValue()).isEqualTo("香港特別行政區成立紀念日"); // by the ordinance
            assertThat(json(server, "/api/holidays/detail?date=2028-07-03&region=hk")
                            .get("name")
                            .isNull())
                    .isTrue();
            assertThat(message(server.get("/api/holidays/forecast?y=2028&region=hk")))
                    .isEqualTo("/api/holidays/forecast is "
                            + "the forecast of the mainland's arrangement from its law; region=hk has none");
            assertThat(message(server.get("/api/holidays?date=2028-01-03&region=hk&forecast=1")))
                    .isEqualTo("forecast=1 is "
                            + "the forecast of the mainland's arrangement from its law; region=hk has none");
            assertThat(message(server.get("/api/holidays/year?y=2028&region=hk")))
                    .doesNotContain("forecast");
        });
    }

    @Test
    void hong_kongs_statutory_days_are_the_employment_ordinances_as_phased_in_and_where_its_table_puts_them() {
        TestServer.run(TestApps.app(), server -> {
            // The first weekday after Christmas Day, statutory from 2024 (it was answered false in 2024, 2025 and
            // 2026).
            for (String date : new String[] {"2024-12-26", "2025-12-26", "2026-12-26"}) {
                JsonNode d = json(server, "/api/holidays/detail?date=" + date + "&region=hk");
                assertThat(d.get("statutory").booleanValue() + " "
                                + d.get("kind").textValue())
                        .as(date)
                        .isEqualTo("true statutory");
            }
            assertThat(json(server, "/api/holidays/detail?date=2023-12-26&region=hk")
                            .get("statutory")
                            .booleanValue())
                    .isFalse();
            // 清明 2026 on a Sunday stays statutory on its date; the general holiday that stands in for it is no
            // statutory one.
            JsonNode chingMing = json(server, "/api/holidays/detail?date=2026-04-05&region=hk");
            assertThat(chingMing.get("status").textValue() + " "
                            + chingMing.get("kind").textValue() + " "
                            + chingMing.get("statutory").booleanValue())
                    .isEqualTo("flase statutory true");
            JsonNode standIn = json(server, "/api/holidays/detail?date=2026-04-07&region=hk");
            assertThat(standIn.get("status").textValue() + " "
                            + standIn.get("kind").textValue() + " "
                            + standIn.get("statutory").booleanValue())
                    .isEqualTo("ture substitute false");
            // Good Friday beyond the data: statutory from 2028, the day after it from 2030.
            assertThat(json(server, "/api/holidays/detail?date=2028-04-14&region=hk")
                            .get("statutory")
                            .booleanValue())
                    .isTrue();
            assertThat(json(server, "/api/holidays/detail?date=2028-04-15&region=hk")
                            .get("statutory")
                            .booleanValue())
                    .isFalse();
            assertThat(json(server, "/api/holidays/detail?date=2030-04-20&region=hk")
                            .get("statutory")
                            .booleanValue())
                    .isTrue();
        });
    }

    @Test
    void hong_kong_2027_is_built_in_as_gov_hk_lists_it() {
        TestServer.run(TestApps.app(), server -> {
            JsonNode year = json(server, "/api/holidays/range?from=2027-01-01&to=2027-12-31&region=hk");
            java.util.List<String> off = new java.util.ArrayList<>();
            year.get("days").forEach(d -> {
                if (d.get("status").textValue().equals("ture")) {
                    off.add(d.get("date").textValue());
                }
            });
            assertThat(off)
                    .containsExactly(
                            "2027-01-01",
                            "2027-02-06",
                            "2027-02-08",
                            "2027-02-09",
                            "2027-03-26",
                            "2027-03-27",
                            "2027-03-29",
                            "2027-04-05",
                            "2027-05-01",
                            "2027-05-13",
                            "2027-06-09",
                            "2027-07-01",
                            "2027-09-16",
                            "2027-10-01",
                            "2027-10-08",
                            "2027-12-25",
                            "2027-12-27");
        });
    }
}
