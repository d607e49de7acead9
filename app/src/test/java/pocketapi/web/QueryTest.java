package pocketapi.web;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.javalin.http.servlet.JavalinServletContextKt;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class QueryTest {
    private static final List<Query.Param<?>> PARAMS = List.of(
            Query.Param.digits("y").withLongNames("year"),
            Query.Param.digits("m").withLongNames("month"),
            Query.Param.digits("d").withLongNames("day"),
            Query.Param.date("date"),
            Query.Param.text("type").choices("pithy", "alarm"));

    @ParameterizedTest(name = "{0} is taken for {1}")
    @CsvSource({"year, y", "month, m", "day, d", "Year, y", "MONTH, m", "Day, d"})
    void a_long_name_a_parameter_declares_is_a_400_saying_which_was_meant(String name, String meant) {
        assertThatThrownBy(() -> Query.read("/api/x", name + "=2027", PARAMS, "unknown"))
                .isInstanceOfSatisfying(
                        io.javalin.http.BadRequestResponse.class,
                        e -> assertThat(e.getStatus()).isEqualTo(400))
                .hasMessage(name + " is not a parameter of /api/x: did you mean " + meant
                        + "? It takes y, m, d, date, type (other names, such as _=…, are ignored)");
    }

    @Test
    void a_long_name_is_taken_before_a_parameter_two_edits_away() {
        // day is two edits from date, and d's own long name: d was meant.
        assertThat(Query.edits("date", "day")).isEqualTo(2);
        assertThatThrownBy(() -> Query.read("/api/x", "day=8", PARAMS, "unknown"))
                .hasMessageStartingWith("day is not a parameter of /api/x: did you mean d?");
        // Without d, it is the near miss of date.
        assertThatThrownBy(() -> Query.read("/api/x", "day=8", PARAMS.subList(3, 5), "unknown"))
                .hasMessageStartingWith("day is not a parameter of /api/x: did you mean date?");
    }

    @Test
    void a_long_name_of_a_parameter_the_endpoint_does_not_take_is_ignored_like_any_other_name() {
        Query q = Query.read("/api/x", "year=2027&_=1700000000", PARAMS.subList(3, 5), "unknown");
        assertThat(q.given(PARAMS.get(3))).isFalse();
    }

    @Test
    void a_parameter_keeps_its_long_names_when_its_choices_are_named() {
        assertThat(Query.Param.text("lang")
                        .withLongNames("language")
                        .choices("zh", "en")
                        .longNames())
                .containsExactly("language");
    }

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
