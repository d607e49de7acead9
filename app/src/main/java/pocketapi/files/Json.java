package pocketapi.files;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.ObjectCodec;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.core.StreamWriteFeature;
import com.fasterxml.jackson.core.TreeNode;
import com.fasterxml.jackson.core.Version;
import com.fasterxml.jackson.core.json.JsonWriteFeature;
import com.fasterxml.jackson.core.type.ResolvedType;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.cfg.CoercionAction;
import com.fasterxml.jackson.databind.cfg.CoercionInputShape;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.type.LogicalType;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.util.Iterator;
import java.util.List;

/**
 * The service's one JSON codec: one factory and the one mapper made on it, once. Every file it reads or writes and
 * every answer it renders goes through {@link #mapper} or, token by token, through the parsers and generators of its
 * factory {@link #FACTORY}. Reading is strict where files are untrusted (a key twice in one object, a value of another
 * type: errors) and lenient where formats grow (unknown fields are ignored); a stream handed to it is never closed by
 * it. Thread-safe.
 */
public final class Json {
    /**
     * The longest string any file holds, in characters: refused while it is read (Jackson counts it as it buffers it),
     * so a file within its size limit cannot make one string of megabytes. The longest real one is far shorter (a
     * sentence of {@code HITOKOTO_DIR}, 1,000 at most).
     */
    public static final int MAX_STRING = 16_384;

    /**
     * The mapper's factory: its parsers and generators are what a file read at start needs alone (the built-in years,
     * the calendars, the regions' lists are read token by token). Its codec is the mapper from the first parser on, so
     * a parser or generator of it binds records the same before and after the mapper is made; the databind's classes
     * load only when a record is first bound, or when {@link #warm} makes the mapper once the service answers.
     */
    public static final JsonFactory FACTORY = factory();

    private static JsonFactory factory() {
        JsonFactory factory = JsonFactory.builder()
                .streamReadConstraints(StreamReadConstraints.builder()
                        .maxStringLength(MAX_STRING)
                        .maxNameLength(MAX_STRING)
                        .build())
                .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
                .disable(StreamReadFeature.AUTO_CLOSE_SOURCE)
                .disable(StreamWriteFeature.AUTO_CLOSE_TARGET)
                .enable(JsonWriteFeature.COMBINE_UNICODE_SURROGATES_IN_UTF8) // 😀 as its 4 bytes, not \uD83D\uDE00
                .build();
        factory.setCodec(new TheMapper()); // before the mapper is built on it: the mapper keeps a codec already set
        return factory;
    }

    /** The mapper, made once, on first use (the holder idiom: class initialization is thread-safe and lazy). */
    private static final class Mapper {
        static final ObjectMapper MAPPER = JsonMapper.builder(FACTORY)
                .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
                .enable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES)
                // A value of another type is not taken for the one expected: "yes" and 1 are no boolean, 1 no name.
                .withCoercionConfigDefaults(c -> c.setCoercion(CoercionInputShape.String, CoercionAction.Fail))
                .withCoercionConfig(
                        LogicalType.Boolean, c -> c.setCoercion(CoercionInputShape.Integer, CoercionAction.Fail))
                .withCoercionConfig(
                        LogicalType.Textual,
                        c -> c.setCoercion(CoercionInputShape.Integer, CoercionAction.Fail)
                                .setCoercion(CoercionInputShape.Float, CoercionAction.Fail)
                                .setCoercion(CoercionInputShape.Boolean, CoercionAction.Fail))
                .build();
        /** The mapper as its factory's parsers see it: typed so that {@link TheMapper} names no databind class. */
        static final ObjectCodec CODEC = MAPPER;
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
            mapper().writeValueAsBytes(new Warm("warm", 1, true, List.of()));
        } catch (IOException e) {
            throw new IllegalStateException("a record is always written", e);
        }
    }

    private record Warm(String name, int n, boolean yes, List<String> list) {}

    /**
     * JSON text written token by token by a generator of {@link #FACTORY}: for what the start renders (the page's
     * words), which would otherwise load the databind's classes before the first answer (some 300 ms on one core).
     */
    public static String write(Writing writing) {
        StringWriter out = new StringWriter();
        try (JsonGenerator g = FACTORY.createGenerator(out)) {
            writing.write(g);
        } catch (IOException e) {
            throw new UncheckedIOException("a StringWriter does not fail", e);
        }
        return out.toString();
    }

    /** What {@link #write} writes. */
    @FunctionalInterface
    public interface Writing {
        void write(JsonGenerator g) throws IOException;
    }

    /**
     * {@link #FACTORY}'s codec: the one mapper, made when a parser or generator first binds through it. Its code names
     * jackson-core's types alone, so that the factory is made at start without loading any class of the databind.
     */
    private static final class TheMapper extends ObjectCodec {
        @Override
        public Version version() {
            return Mapper.CODEC.version();
        }

        @Override
        public JsonFactory getFactory() {
            return FACTORY;
        }

        @Override
        public <T> T readValue(JsonParser p, Class<T> type) throws IOException {
            return Mapper.CODEC.readValue(p, type);
        }

        @Override
        public <T> T readValue(JsonParser p, TypeReference<T> type) throws IOException {
            return Mapper.CODEC.readValue(p, type);
        }

        @Override
        public <T> T readValue(JsonParser p, ResolvedType type) throws IOException {
            return Mapper.CODEC.readValue(p, type);
        }

        @Override
        public <T> Iterator<T> readValues(JsonParser p, Class<T> type) throws IOException {
            return Mapper.CODEC.readValues(p, type);
        }

        @Override
        public <T> Iterator<T> readValues(JsonParser p, TypeReference<T> type) throws IOException {
            return Mapper.CODEC.readValues(p, type);
        }

        @Override
        public <T> Iterator<T> readValues(JsonParser p, ResolvedType type) throws IOException {
            return Mapper.CODEC.readValues(p, type);
        }

        @Override
        public void writeValue(JsonGenerator g, Object value) throws IOException {
            Mapper.CODEC.writeValue(g, value);
        }

        @Override
        public <T extends TreeNode> T readTree(JsonParser p) throws IOException {
            return Mapper.CODEC.readTree(p);
        }

        @Override
        public void writeTree(JsonGenerator g, TreeNode tree) throws IOException {
            Mapper.CODEC.writeTree(g, tree);
        }

        @Override
        public TreeNode createObjectNode() {
            return Mapper.CODEC.createObjectNode();
        }

        @Override
        public TreeNode createArrayNode() {
            return Mapper.CODEC.createArrayNode();
        }

        @Override
        public TreeNode missingNode() {
            return Mapper.CODEC.missingNode();
        }

        @Override
        public TreeNode nullNode() {
            return Mapper.CODEC.nullNode();
        }

        @Override
        public JsonParser treeAsTokens(TreeNode tree) {
            return Mapper.CODEC.treeAsTokens(tree);
        }

        @Override
        public <T> T treeToValue(TreeNode tree, Class<T> type) throws JsonProcessingException {
            return Mapper.CODEC.treeToValue(tree, type);
        }
    }
}
