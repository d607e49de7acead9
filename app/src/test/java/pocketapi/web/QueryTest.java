package pocketapi.web;

import static org.assertj.core.api.Assertions.assertThat;

import io.javalin.http.servlet.JavalinServletContextKt;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

class QueryTest {
    @Test
    void edits_count_a_swap_of_two_neighbours_as_one() {
        assertThat(Query.edits("type", "tpye")).isEqualTo(1);
        assertThat(Query.edits("offset", "ofset")).isEqualTo(1);
        assertThat(Query.edits("calendar", "calender")).isEqualTo(1);
        assertThat(Query.edits("date", "from")).isEqualTo(4);
    }

    @Test
    void split_gives_what_javalins_query_map_gives() {
        // Javalin's own splitter is the reference (what the endpoints read before): the same names, values and order.
        Random seeded = new Random(20261128L); // fixed seed: the same strings every run
        String[] pieces = {
            "a", "b", "y", "=", "=", "&", "&", "%", "%2", "%41", "%zz", "+", "%2B", "é", "%E4%B8%AD", "%E4"
        };
        for (int n = 0; n < 5_000; n++) {
            StringBuilder raw = new StringBuilder();
            for (int i = seeded.nextInt(9); i > 0; i--) {
                raw.append(pieces[seeded.nextInt(pieces.length)]);
            }
            String q = raw.toString();
            Map<String, List<String>> javalin = JavalinServletContextKt.splitKeyValueStringAndGroupByKey(q, "UTF-8");
            assertThat(Query.split(q)).as(q).containsExactlyEntriesOf(javalin);
        }
    }

    @Test
    void split_decodes_escapes_and_plus_and_leaves_out_what_does_not_decode() {
        assertThat(Query.split("type=pithy&y=2025&d=%31&name=a+b&c=i&c=k"))
                .containsExactly(
                        Map.entry("type", List.of("pithy")),
                        Map.entry("y", List.of("2025")),
                        Map.entry("d", List.of("1")),
                        Map.entry("name", List.of("a b")),
                        Map.entry("c", List.of("i", "k")));
        assertThat(Query.split("d=%zz&%zz=1&flag&"))
                .containsExactly(Map.entry("d", List.of()), Map.entry("flag", List.of("")), Map.entry("", List.of("")));
        assertThat(Query.split(null)).isEmpty();
        assertThat(Query.split("")).isEmpty();
    }
}
