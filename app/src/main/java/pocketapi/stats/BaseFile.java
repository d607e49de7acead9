package pocketapi.stats;

import static pocketapi.util.JsonTokens.expect;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;

import com.fasterxml.jackson.core.JsonEncoding;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;

import pocketapi.util.AtomicFiles;
import pocketapi.util.IsoDate;

/**
 * The last totals read from Redis, kept on disk so that an instance restarted while Redis is
 * unreachable answers from them rather than from zero: the site's, and those of the users who
 * last asked for theirs, each with the batch marks they include.
 * <pre>{"format":"pocketapi-redis-base/1","site":{"total":521,"daily":7,"date":"2026-11-22",
 *   "applied":{"<instance>":12}},"users":{"203.0.113.7":{"total":40,...}}}</pre>
 * Not thread-safe: written by the sender, read at start-up.
 */
final class BaseFile {
    static final String FORMAT = "pocketapi-redis-base/1";
    private static final JsonFactory JSON = new JsonFactory();

    private BaseFile() {
    }

    /** What the file holds. */
    record Saved(SharedBase.Counts site, Map<String, SharedBase.Counts> users) {
    }

    static void write(Path file, SharedBase.Counts site, Map<String, SharedBase.Counts> users) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (JsonGenerator g = JSON.createGenerator(out, JsonEncoding.UTF8)) {
            g.writeStartObject();
            g.writeStringField("format", FORMAT);
            g.writeFieldName("site");
            counts(g, site);
            g.writeObjectFieldStart("users");
            for (Map.Entry<String, SharedBase.Counts> u : users.entrySet()) {
                g.writeRaw('\n');
                g.writeFieldName(u.getKey());
                counts(g, u.getValue());
            }
            g.writeEndObject();
            g.writeEndObject();
            g.writeRaw('\n');
        }
        AtomicFiles.write(file, out.toByteArray());
    }

    private static void counts(JsonGenerator g, SharedBase.Counts c) throws IOException {
        g.writeStartObject();
        g.writeNumberField("total", c.total());
        g.writeNumberField("daily", c.daily());
        g.writeStringField("date", LocalDate.ofEpochDay(c.day()).toString());
        g.writeObjectFieldStart("applied");
        for (Map.Entry<String, Long> mark : c.applied().entrySet()) {
            g.writeNumberField(mark.getKey(), mark.getValue());
        }
        g.writeEndObject();
        g.writeEndObject();
    }

    /** @throws IOException when the file cannot be read or is not such a file */
    static Saved read(Path file) throws IOException {
        SharedBase.Counts site = null;
        Map<String, SharedBase.Counts> users = new LinkedHashMap<>();
        String format = null;
        try (JsonParser p = JSON.createParser(file.toFile())) {
            expect(p.nextToken(), JsonToken.START_OBJECT);
            while (p.nextToken() == JsonToken.FIELD_NAME) {
                String name = p.currentName();
                JsonToken value = p.nextToken();
                switch (name) {
                    case "format" -> format = p.getValueAsString();
                    case "site" -> site = counts(p);
                    case "users" -> {
                        expect(value, JsonToken.START_OBJECT);
                        while (p.nextToken() == JsonToken.FIELD_NAME) {
                            String user = p.currentName();
                            p.nextToken();
                            users.put(user, counts(p));
                        }
                    }
                    default -> p.skipChildren();
                }
            }
        } catch (RuntimeException e) {
            throw new IOException(e.toString(), e);
        }
        if (!FORMAT.equals(format) || site == null) {
            throw new IOException("not a " + FORMAT + " file");
        }
        return new Saved(site, users);
    }

    private static SharedBase.Counts counts(JsonParser p) throws IOException {
        expect(p.currentToken(), JsonToken.START_OBJECT);
        long total = -1;
        long daily = -1;
        LocalDate date = null;
        Map<String, Long> applied = new HashMap<>();
        while (p.nextToken() == JsonToken.FIELD_NAME) {
            String name = p.currentName();
            JsonToken value = p.nextToken();
            switch (name) {
                case "total" -> total = p.getValueAsLong(-1);
                case "daily" -> daily = p.getValueAsLong(-1);
                case "date" -> date = IsoDate.parse(p.getValueAsString(""));
                case "applied" -> {
                    expect(value, JsonToken.START_OBJECT);
                    while (p.nextToken() == JsonToken.FIELD_NAME) {
                        String instance = p.currentName();
                        p.nextToken();
                        applied.put(instance, p.getValueAsLong(0));
                    }
                }
                default -> p.skipChildren();
            }
        }
        if (total < 0 || daily < 0 || date == null) {
            throw new IOException("totals need a total, a daily count and a date");
        }
        return new SharedBase.Counts(total, daily, date.toEpochDay(), applied, 0);
    }
}
