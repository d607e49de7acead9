package pocketapi.http;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class QueryTest {
    @ParameterizedTest(name = "?{0} -> y={1} type={2}")
    @CsvSource(nullValues = "NULL", value = {
            "NULL, NULL, NULL",
            "'', NULL, NULL",
            "y=2025, 2025, NULL",
            "y, '', NULL",
            "y=, '', NULL",
            "y=1&y=2, 1, NULL",
            "type=pithy&y=7, 7, pithy",
            "&&y=3&, 3, NULL",
            "yy=1&Y=2, NULL, NULL",
            "%79=5, 5, NULL",
            "y=%2B1, +1, NULL",
            "y=+1, ' 1', NULL",
            "y=%zz, %zz, NULL",
            "y=%D9%A2, ٢, NULL",
            "type=a=b, NULL, a=b",
    })
    void the_first_value_of_each_wanted_name(String query, String y, String type) {
        String[] values = Query.firstValues(query, "y", "type");
        assertThat(values[0]).isEqualTo(y);
        assertThat(values[1]).isEqualTo(type);
    }
}
