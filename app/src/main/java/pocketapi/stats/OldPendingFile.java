package pocketapi.stats;

import static pocketapi.util.JsonTokens.expect;

import java.io.IOException;
import java.io.InputStream;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;

import pocketapi.util.IsoDate;

/**
 * The pending file of Redis mode as versions 1.1 and 1.2 wrote it ({@code <stats>.redis-pending.json}
 * holding one JSON object), read once to move its batches into the {@link PendingLog}: the counted
 * calls Redis has not confirmed, as the numbered batches they are.
 * <pre>{"format":"pocketapi-redis-pending/1","batches":[{"instance":"…","seq":7,"date":"2026-11-22",
 *   "site":12,"users":[{"id":"203.0.113.7","n":5}]}]}</pre>
 * Not thread-safe: used by the sender's one thread and at start-up.
 */
final class OldPendingFile {
    static final String FORMAT = "pocketapi-redis-pending/1";
    private static final JsonFactory JSON = new JsonFactory();

    private OldPendingFile() {
    }

    /** Whether a file holds pending batches: version 1.0 left them in STATS_FILE itself. */
    static boolean isPending(InputStream in) throws IOException {
        try (JsonParser p = JSON.createParser(in)) {
            if (p.nextToken() != JsonToken.START_OBJECT) {
                return false;
            }
            while (p.nextToken() == JsonToken.FIELD_NAME) {
                String name = p.currentName();
                p.nextToken();
                if (name.equals("format")) {
                    return FORMAT.equals(p.getValueAsString());
                }
                p.skipChildren();
            }
            return false;
        }
    }

    static List<RedisStore.Batch> read(InputStream in) throws IOException {
        List<RedisStore.Batch> batches = new ArrayList<>();
        String format = null;
        try (JsonParser p = JSON.createParser(in)) {
            expect(p.nextToken(), JsonToken.START_OBJECT);
            while (p.nextToken() == JsonToken.FIELD_NAME) {
                String name = p.currentName();
                JsonToken value = p.nextToken();
                if (name.equals("format")) {
                    format = p.getValueAsString();
                } else if (name.equals("batches")) {
                    expect(value, JsonToken.START_ARRAY);
                    while (p.nextToken() != JsonToken.END_ARRAY) {
                        batches.add(batch(p));
                    }
                } else {
                    p.skipChildren();
                }
            }
            if (p.nextToken() != null) {
                throw new IOException("content after the end of the object");
            }
        }
        if (!FORMAT.equals(format)) {
            throw new IOException("not a " + FORMAT + " file");
        }
        return batches;
    }

    private static RedisStore.Batch batch(JsonParser p) throws IOException {
        expect(p.currentToken(), JsonToken.START_OBJECT);
        String instance = null;
        long seq = -1;
        LocalDate date = null;
        long site = -1;
        Map<String, Long> users = new LinkedHashMap<>();
        while (p.nextToken() == JsonToken.FIELD_NAME) {
            String name = p.currentName();
            JsonToken value = p.nextToken();
            switch (name) {
                case "instance" -> instance = p.getValueAsString();
                case "seq" -> seq = p.getValueAsLong(-1);
                case "date" -> date = IsoDate.parse(p.getValueAsString(""));
                case "site" -> site = p.getValueAsLong(-1);
                case "users" -> {
                    expect(value, JsonToken.START_ARRAY);
                    while (p.nextToken() != JsonToken.END_ARRAY) {
                        String id = null;
                        long n = -1;
                        while (p.nextToken() == JsonToken.FIELD_NAME) {
                            String field = p.currentName();
                            p.nextToken();
                            if (field.equals("id")) {
                                id = p.getValueAsString();
                            } else if (field.equals("n")) {
                                n = p.getValueAsLong(-1);
                            } else {
                                p.skipChildren();
                            }
                        }
                        if (id == null || n < 1) {
                            throw new IOException("a user needs an id and a count above 0");
                        }
                        users.put(id, n);
                    }
                }
                default -> p.skipChildren();
            }
        }
        if (instance == null || seq < 1 || date == null || site < 0) {
            throw new IOException("a batch needs an instance, a seq above 0, a date and a site count");
        }
        return new RedisStore.Batch(instance, seq, date.toEpochDay(), site, users, 0);
    }
}
