package pocketapi.files;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.core.JsonParser;
import java.util.Map;
import org.junit.jupiter.api.Test;

class JsonTest {
    record Pair(String name, long n) {}

    /**
     * What is read at start is read token by token from FACTORY, before the mapper exists; a parser of it that binds a
     * record must fail in every test run, not only before some other test has made the mapper (a mapper made from
     * FACTORY itself would become its codec).
     */
    @Test
    void the_factory_never_binds_records_even_once_the_mapper_is_made() throws Exception {
        assertThat(Json.mapper().writeValueAsString(new Pair("a", 1))).isEqualTo("{\"name\":\"a\",\"n\":1}");
        assertThat(Json.FACTORY.getCodec()).isNull();
        try (JsonParser p = Json.FACTORY.createParser("{\"name\":\"a\",\"n\":1}")) {
            p.nextToken();
            assertThatThrownBy(() -> p.readValueAs(Pair.class)).isInstanceOf(IllegalStateException.class);
        }
    }

    @Test
    void the_mapper_keeps_the_factorys_rules() throws Exception {
        assertThatThrownBy(() -> Json.mapper().readTree("{\"a\":1,\"a\":2}")).hasMessageContaining("Duplicate field");
        assertThatThrownBy(() -> Json.mapper().readValue("\"" + "x".repeat(Json.MAX_STRING + 1) + "\"", String.class))
                .hasMessageContaining("String value length");
        assertThat(new String(
                        Json.mapper().writeValueAsBytes(Map.of("s", "😀")), java.nio.charset.StandardCharsets.UTF_8))
                .isEqualTo("{\"s\":\"😀\"}");
    }
}
