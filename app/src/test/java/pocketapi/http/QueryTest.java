package pocketapi.http;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
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

    /** A query string that counts how often its characters are read. */
    private static final class Counted implements CharSequence {
        private final String text;
        long reads;

        Counted(String text) {
            this.text = text;
        }

        @Override
        public int length() {
            return text.length();
        }

        @Override
        public char charAt(int index) {
            reads++;
            return text.charAt(index);
        }

        @Override
        public CharSequence subSequence(int start, int end) {
            reads += end - start;
            return text.subSequence(start, end);
        }

        @Override
        public String toString() {
            return text;
        }
    }

    @Test
    void each_character_is_read_a_bounded_number_of_times_however_many_parts_there_are() {
        // 7,950 empty parts and then a '=': searching for '=' from every '&' to the end read the
        // query about 32 million times; one pass reads it once.
        Counted query = new Counted("&".repeat(7_950) + "=");
        assertThat(Query.firstValues(query, "type", "y")).containsExactly(null, null);
        assertThat(query.reads).isLessThanOrEqualTo(2L * query.length());

        Counted many = new Counted("a=1&".repeat(2_000) + "type=json");
        assertThat(Query.firstValues(many, "type")).containsExactly("json");
        assertThat(many.reads).isLessThanOrEqualTo(2L * many.length());
    }
}
