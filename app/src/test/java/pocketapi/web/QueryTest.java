package pocketapi.web;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class QueryTest {
    @Test
    void edits_count_a_swap_of_two_neighbours_as_one() {
        assertThat(Query.edits("type", "tpye")).isEqualTo(1);
        assertThat(Query.edits("offset", "ofset")).isEqualTo(1);
        assertThat(Query.edits("calendar", "calender")).isEqualTo(1);
        assertThat(Query.edits("date", "from")).isEqualTo(4);
    }
}
