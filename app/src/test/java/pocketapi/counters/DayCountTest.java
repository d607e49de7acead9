package pocketapi.counters;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import pocketapi.counters.Counters.DayCount;
import pocketapi.files.Json;

class DayCountTest {
    @Test
    void a_day_is_written_with_its_date_then_each_count_a_number_beyond_a_doubles_precision_exact() throws Exception {
        DayCount day = new DayCount("2026-05-02", 9_007_199_254_740_993L, 1, 0, 7, 1, 2, 3, 4);
        assertThat(Json.mapper().writeValueAsString(day))
                .isEqualTo("{\"date\":\"2026-05-02\",\"site\":9007199254740993,\"holidays\":1,\"pictures\":0,"
                        + "\"info\":7,\"other\":1,\"bots\":2,\"imported\":3,\"visitors\":4}");
    }
}
