package pocketapi.files;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayOutputStream;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

class JsonTest {
    record Pair(String name, long n) {}

    /**
     * The start reads token by token before the mapper is made; a parser of the factory must bind a record then as it
     * does once the mapper exists. A class loader of its own holds a {@code Json} whose mapper nothing has made yet,
     * whatever ran before in this JVM (a mapper made lazily from the factory used to become its codec only then).
     */
    @Test
    void a_parser_of_the_factory_binds_a_record_before_the_mapper_is_made_as_after() throws Exception {
        URL[] classes = Stream.of(Json.class, JsonFactory.class, ObjectMapper.class, JsonProperty.class, Pair.class)
                .map(c -> c.getProtectionDomain().getCodeSource().getLocation())
                .toArray(URL[]::new);
        try (URLClassLoader fresh = new URLClassLoader(classes, ClassLoader.getPlatformClassLoader())) {
            Object factory =
                    fresh.loadClass(Json.class.getName()).getField("FACTORY").get(null);
            Object parser = factory.getClass()
                    .getMethod("createParser", String.class)
                    .invoke(factory, "{\"name\":\"a\",\"n\":1}");
            Object pair = parser.getClass()
                    .getMethod("readValueAs", Class.class)
                    .invoke(parser, fresh.loadClass(Pair.class.getName()));
            assertThat(pair).hasToString("Pair[name=a, n=1]");
        }
        try (JsonParser p = Json.FACTORY.createParser("{\"name\":\"a\",\"n\":1}")) {
            assertThat(p.readValueAs(Pair.class)).isEqualTo(new Pair("a", 1));
        }
    }

    @Test
    void the_mapper_is_made_on_the_one_factory_and_its_generators_write_records() throws Exception {
        assertThat(Json.mapper().getFactory()).isSameAs(Json.FACTORY);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (JsonGenerator g = Json.FACTORY.createGenerator(out)) {
            g.writeObject(new Pair("a", 1));
        }
        assertThat(out.toString(StandardCharsets.UTF_8)).isEqualTo("{\"name\":\"a\",\"n\":1}");
    }

    record Flag(boolean on) {}

    /** Jackson's default takes 1 for true and 0 for false: a calendar's "isOffDay": 1 was a day off that way. */
    @Test
    void the_mapper_takes_no_number_for_a_boolean_nor_a_boolean_for_a_name() {
        assertThatThrownBy(() -> Json.mapper().readValue("{\"on\":1}", Flag.class))
                .hasMessageContaining("Cannot coerce Integer value (1)");
        assertThatThrownBy(() -> Json.mapper().readValue("{\"name\":true,\"n\":1}", Pair.class))
                .hasMessageContaining("Cannot coerce Boolean value");
    }

    @Test
    void the_mapper_keeps_the_factorys_rules() throws Exception {
        assertThatThrownBy(() -> Json.mapper().readTree("{\"a\":1,\"a\":2}")).hasMessageContaining("Duplicate field");
        assertThatThrownBy(() -> Json.mapper().readValue("\"" + "x".repeat(Json.MAX_STRING + 1) + "\"", String.class))
                .hasMessageContaining("String value length");
        assertThat(new String(Json.mapper().writeValueAsBytes(Map.of("s", "😀")), StandardCharsets.UTF_8))
                .isEqualTo("{\"s\":\"😀\"}");
    }
}
