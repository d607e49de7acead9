package pocketapi.files;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.core.StreamWriteFeature;
import com.fasterxml.jackson.core.json.JsonWriteFeature;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.cfg.CoercionAction;
import com.fasterxml.jackson.databind.cfg.CoercionInputShape;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.type.LogicalType;
import java.io.IOException;

/**
 * The service's one JSON codec, configured once: every file it reads or writes and every answer it renders goes through
 * {@link #mapper} or, token by token, {@link #FACTORY}. Reading is strict where files are untrusted (a key twice in one
 * object, a value of another type: errors) and lenient where formats grow (unknown fields are ignored); a stream handed
 * to it is never closed by it. Thread-safe.
 */
public final class Json {
    /**
     * The longest string any file holds, in characters: refused while it is read (Jackson counts it as it buffers it),
     * so a file within its size limit cannot make one string of megabytes. The longest real one is far shorter (a
     * sentence of {@code HITOKOTO_DIR}, 1,000 at most).
     */
    public static final int MAX_STRING = 16_384;

    /**
     * The parsers and generators of the one codec: what a file read at start needs alone (the built-in years and the
     * regions' lists are read token by token), so that the databind's classes load only when {@link #mapper} is first
     * called, or warmed by {@link #warm} once the service answers.
     */
    public static final JsonFactory FACTORY = JsonFactory.builder()
            .streamReadConstraints(StreamReadConstraints.builder()
                    .maxStringLength(MAX_STRING)
                    .maxNameLength(MAX_STRING)
                    .build())
            .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
            .disable(StreamReadFeature.AUTO_CLOSE_SOURCE)
            .disable(StreamWriteFeature.AUTO_CLOSE_TARGET)
            .enable(JsonWriteFeature.COMBINE_UNICODE_SURROGATES_IN_UTF8) // 😀 as its 4 bytes, not \uD83D\uDE00
            .build();

    /** The mapper, made on first use (the holder idiom: class initialization is thread-safe and lazy). */
    private static final class Mapper {
        // A copy: a mapper sets itself as its factory's codec, and FACTORY must stay without one, so that a parser or
        // generator of it that binds records (which needs the codec) fails in every test, not only in those that
        // happen to run before the mapper is made. Records are read and written through mapper().
        static final ObjectMapper MAPPER = JsonMapper.builder(FACTORY.copy())
                .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
                .enable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES)
                // A value of another type is not taken for the one expected: "yes" is no boolean, 1 no name.
                .withCoercionConfigDefaults(c -> c.setCoercion(CoercionInputShape.String, CoercionAction.Fail))
                .withCoercionConfig(
                        LogicalType.Textual,
                        c -> c.setCoercion(CoercionInputShape.Integer, CoercionAction.Fail)
                                .setCoercion(CoercionInputShape.Float, CoercionAction.Fail)
                                .setCoercion(CoercionInputShape.Boolean, CoercionAction.Fail))
                .build();
    }

    private Json() {}

    /** The one mapper: records to JSON and back. */
    public static ObjectMapper mapper() {
        return Mapper.MAPPER;
    }

    /**
     * Makes the mapper and writes one record with it, so that the first JSON answer does not pay for loading the
     * databind (some 400 ms on one core): called on a thread of its own once the service answers.
     */
    public static void warm() {
        try {
            mapper().writeValueAsBytes(new Warm("warm", 1, true, java.util.List.of()));
        } catch (IOException e) {
            throw new IllegalStateException("a record is always written", e);
        }
    }

    private record Warm(String name, int n, boolean yes, java.util.List<String> list) {}
}
