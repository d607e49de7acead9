package pocketapi.files;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.core.StreamWriteFeature;
import com.fasterxml.jackson.core.json.JsonWriteFeature;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.cfg.CoercionAction;
import com.fasterxml.jackson.databind.cfg.CoercionInputShape;
import com.fasterxml.jackson.databind.type.LogicalType;
import com.fasterxml.jackson.databind.json.JsonMapper;

/**
 * The service's one JSON codec, configured once: every file it reads or writes and every answer
 * it renders goes through {@link #MAPPER}. Reading is strict where files are untrusted (a key twice
 * in one object, a value of another type: errors; {@link #strictly} also refuses anything after the value) and lenient where
 * formats grow (unknown fields are ignored); a stream handed to it is never closed by it. Thread-safe.
 */
public final class Json {
    public static final ObjectMapper MAPPER = JsonMapper.builder(JsonFactory.builder()
                    .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
                    .disable(StreamReadFeature.AUTO_CLOSE_SOURCE)
                    .disable(StreamWriteFeature.AUTO_CLOSE_TARGET)
                    .enable(JsonWriteFeature.COMBINE_UNICODE_SURROGATES_IN_UTF8)  // 😀 as its 4 bytes, not \uD83D\uDE00
                    .build())
            .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            .enable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES)
            // A value of another type is not taken for the one expected: "yes" is no boolean, 1 no name.
            .withCoercionConfigDefaults(c -> c.setCoercion(CoercionInputShape.String, CoercionAction.Fail))
            .withCoercionConfig(LogicalType.Textual, c -> c.setCoercion(CoercionInputShape.Integer, CoercionAction.Fail)
                    .setCoercion(CoercionInputShape.Float, CoercionAction.Fail)
                    .setCoercion(CoercionInputShape.Boolean, CoercionAction.Fail))
            .build();

    private Json() {
    }

    /** A reader of one value of {@code type} that is a whole document: nothing may follow it. */
    public static com.fasterxml.jackson.databind.ObjectReader strictly(Class<?> type) {
        return MAPPER.readerFor(type).with(DeserializationFeature.FAIL_ON_TRAILING_TOKENS);
    }
}
