package pocketapi.files;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.core.StreamWriteFeature;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;

/**
 * The service's one JSON codec, configured once: every file it reads or writes and every answer
 * it renders goes through {@link #MAPPER}. Reading is strict where files are untrusted (a key twice
 * in one object is an error) and lenient where formats grow (unknown fields are ignored); a stream
 * handed to it is never closed by it. Thread-safe.
 */
public final class Json {
    public static final ObjectMapper MAPPER = JsonMapper.builder(JsonFactory.builder()
                    .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
                    .disable(StreamReadFeature.AUTO_CLOSE_SOURCE)
                    .disable(StreamWriteFeature.AUTO_CLOSE_TARGET)
                    .build())
            .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            .enable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES)
            .build();

    private Json() {
    }
}
