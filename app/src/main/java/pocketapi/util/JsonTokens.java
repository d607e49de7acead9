package pocketapi.util;

import java.io.IOException;

import com.fasterxml.jackson.core.JsonToken;

/** The one check every hand-written reader of our JSON files makes at each step. Stateless. */
public final class JsonTokens {
    private JsonTokens() {
    }

    /** @throws IOException saying which token was expected and which was found */
    public static void expect(JsonToken actual, JsonToken expected) throws IOException {
        if (actual != expected) {
            throw new IOException("expected " + expected + " but found " + actual);
        }
    }
}
