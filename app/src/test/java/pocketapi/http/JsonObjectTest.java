package pocketapi.http;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;

import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.ObjectMapper;

class JsonObjectTest {
    @Test
    void fields_keep_their_order_and_types() {
        assertThat(new JsonObject().put("a", "x").put("b", 42).put("c", true)
                .put("d", new JsonObject().put("e", -1L)).toString())
                .isEqualTo("{\"a\":\"x\",\"b\":42,\"c\":true,\"d\":{\"e\":-1}}");
        assertThat(new JsonObject().toString()).isEqualTo("{}");
    }

    @Test
    void strings_are_escaped_so_any_header_value_gives_valid_json() throws Exception {
        String nasty = "a\"b\\c\n\r\t\u0000\u001f/国庆节、中秋节 \uD83D\uDE00";
        byte[] json = new JsonObject().put("requestUser", nasty).bytes();
        assertThat(new String(json, StandardCharsets.UTF_8))
                .isEqualTo("{\"requestUser\":\"a\\\"b\\\\c\\n\\r\\t\\u0000\\u001f/国庆节、中秋节 \uD83D\uDE00\"}");
        assertThat(new ObjectMapper().readTree(json).get("requestUser").textValue()).isEqualTo(nasty);
    }
}
