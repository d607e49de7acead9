package pocketapi.http;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.http.HttpResponse;

import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.ObjectMapper;

/**
 * {@code region}: cn answers as if absent; Hong Kong, Macau and Taiwan are not served yet and say so (a 400), never
 * the mainland's answer; anything else is a 400 naming the four.
 */
class RegionApiTest {
    private static final ObjectMapper MAPPER = new ObjectMapper();
    private static final String[] ENDPOINTS = {"/api/holidays?date=2026-10-01", "/api/holidays?date=2026-10-01&type=alarm",
            "/api/holidays/detail?date=2026-10-01", "/api/holidays/year?y=2026", "/api/holidays/next?date=2026-05-06",
            "/api/holidays.ics?y=2026", "/api/holidays/range?from=2026-10-01&to=2026-10-03",
            "/api/workdays/count?from=2026-10-01&to=2026-10-09", "/api/workdays/add?date=2026-09-30&n=1",
            "/api/holidays/forecast?y=2027"};

    private static String message(HttpResponse<String> response) throws Exception {
        assertThat(response.statusCode()).isEqualTo(400);
        return MAPPER.readTree(response.body()).get("message").textValue();
    }

    @Test
    void every_holiday_endpoint_answers_cn_as_without_region_and_refuses_the_regions_not_served() {
        TestServer.run(TestApps.app(TestApps.at("2026-05-06T02:00:00Z")), server -> {
            for (String path : ENDPOINTS) {
                HttpResponse<String> plain = server.get(path);
                assertThat(plain.statusCode()).as(path).isEqualTo(200);
                assertThat(server.get(path + "&region=cn").body()).as(path).isEqualTo(plain.body());
                for (String region : new String[] {"hk", "mo", "tw"}) {
                    assertThat(message(server.get(path + "&region=" + region))).as(path).isEqualTo("region=" + region
                            + " is not served yet: this service answers the mainland's calendar (region=cn, the default) only");
                }
                assertThat(message(server.get(path + "&region=jp"))).as(path).isEqualTo("region=jp is not accepted; "
                        + "region must be cn (the mainland, the default), hk, mo or tw");
            }
        });
    }
}
