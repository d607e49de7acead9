package pocketapi.stats;

import static pocketapi.util.JsonTokens.expect;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonToken;

/**
 * The last totals read from Redis, kept on disk so that an instance restarted while Redis is
 * unreachable answers from them rather than from zero: the site's, with the batch marks they
 * include, and those of the users who last asked for theirs ({@link Records}, one record):
 * <pre>{"format":"pocketapi-redis-base/2","site":[521,7,"2026-11-22"],"applied":{"&lt;instance&gt;":12},"users":[
 * ["203.0.113.7",40,2,"2026-11-22"]],"crc":"…"}</pre>
 * A user's totals were read no later than the site's, so on reading they take the site's marks:
 * a report may then leave out a few calls of theirs until Redis answers, never count one twice.
 * Not thread-safe: written by the sender, read at start-up.
 */
final class BaseFile {
    static final String FORMAT = "pocketapi-redis-base/2";

    private BaseFile() {
    }

    /** What the file holds. */
    record Saved(SharedBase.Counts site, Map<String, SharedBase.Counts> users) {
    }

    static void write(Disk disk, Path file, SharedBase.Counts site, Map<String, SharedBase.Counts> users)
            throws IOException {
        Records.replace(disk, file, out -> {
            Records.Writer w = new Records.Writer(out, new Rows.RowsOnLines());
            JsonGenerator g = w.json();
            g.writeStringField("format", FORMAT);
            g.writeFieldName("site");
            Rows.writeTally(g, null, site.total(), site.daily(), site.day());
            g.writeObjectFieldStart("applied");
            for (Map.Entry<String, Long> mark : site.applied().entrySet()) {
                g.writeNumberField(mark.getKey(), mark.getValue());
            }
            g.writeEndObject();
            g.writeArrayFieldStart("users");
            for (Map.Entry<String, SharedBase.Counts> u : users.entrySet()) {
                SharedBase.Counts c = u.getValue();
                Rows.writeTally(g, u.getKey(), c.total(), c.daily(), c.day());
            }
            g.writeEndArray();
            w.end();
        });
    }

    /**
     * @return the totals, or empty when the file is of an older format (its totals come from Redis's first answer)
     * @throws IOException when the file cannot be read or fails its check
     */
    static Optional<Saved> read(Disk disk, Path file) throws IOException {
        List<Records.Span> spans;
        try (InputStream in = disk.read(file)) {
            spans = Records.scan(in, false);
        }
        if (spans.size() != 1 || spans.get(0).check() == Records.Check.BAD) {
            throw new IOException("it fails its check (damaged, or cut short)");
        }
        if (spans.get(0).check() == Records.Check.UNSIGNED) {
            return Optional.empty();  // version 1.1 or 1.2
        }
        Rows.Row row = new Rows.Row();
        UsageCounters.Tally[] site = new UsageCounters.Tally[1];
        Map<String, Long> applied = new HashMap<>();
        Map<String, UsageCounters.Tally> users = new LinkedHashMap<>();
        String[] format = new String[1];
        List<Records.Span> failed = new ArrayList<>();
        Records.read(disk, file, spans, (p, check) -> {
            while (p.nextToken() == JsonToken.FIELD_NAME) {
                String name = p.currentName();
                JsonToken value = p.nextToken();
                switch (name) {
                    case "format" -> format[0] = p.getValueAsString();
                    case "site" -> site[0] = Rows.tally(Rows.readRow(p, row));
                    case "applied" -> {
                        expect(value, JsonToken.START_OBJECT);
                        while (p.nextToken() == JsonToken.FIELD_NAME) {
                            String instance = p.currentName();
                            expect(p.nextToken(), JsonToken.VALUE_NUMBER_INT);
                            applied.put(instance, p.getLongValue());
                        }
                    }
                    case "users" -> {
                        expect(value, JsonToken.START_ARRAY);
                        while (p.nextToken() != JsonToken.END_ARRAY) {
                            Rows.readRow(p, row);
                            if (row.id == null) {
                                throw new IOException("a user without an id");
                            }
                            users.put(row.id, Rows.tally(row));
                        }
                    }
                    default -> p.skipChildren();
                }
            }
        }, failed);
        if (!failed.isEmpty() || site[0] == null || !FORMAT.equals(format[0])) {
            throw new IOException("not a " + FORMAT + " file");
        }
        Map<String, SharedBase.Counts> restored = new LinkedHashMap<>();
        users.forEach((id, t) -> restored.put(id, new SharedBase.Counts(t.total(), t.daily(), t.day(), applied, 0)));
        return Optional.of(new Saved(new SharedBase.Counts(site[0].total(), site[0].daily(), site[0].day(), applied, 0),
                restored));
    }
}
