package pocketapi.stats;

import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;

import pocketapi.util.Disk;
import pocketapi.util.IsoDate;

/**
 * What an earlier version in Redis mode left unsent, {@code stats.redis-pending.json}: numbered
 * batches of counts, a JSON object per line ({@code {"instance":…,"seq":7,"date":…,"site":12,"users":
 * [["id",5]]}}) or all in one ({@code {"batches":[…]}}, users as {@code {"id":…,"n":…}}). Stateless.
 */
final class LegacyPending {
    private LegacyPending() {
    }

    /** One batch: its sender and number, the UTC+8 day, the site's count and each user's. */
    record Batch(String instance, long seq, long day, long site, Map<String, Long> users) {
    }

    /** Every batch that reads, in order; reading stops at the first that does not (a record cut short). */
    static List<Batch> read(Disk disk, Path file) {
        List<Batch> batches = new ArrayList<>();
        try (InputStream in = new BufferedInputStream(disk.read(file)); JsonParser p = new JsonFactory().createParser(in)) {
            while (p.nextToken() == JsonToken.START_OBJECT) {
                batch(p, batches);
            }
        } catch (IOException | RuntimeException e) {
            // what was read before stands
        }
        return batches;
    }

    /** Reads an object into {@code into}: a batch, or the holder of {@code batches}. */
    private static void batch(JsonParser p, List<Batch> into) throws IOException {
        String instance = null;
        long seq = 0;
        long day = -1;
        long site = 0;
        Map<String, Long> users = new LinkedHashMap<>();
        while (p.nextToken() == JsonToken.FIELD_NAME) {
            String name = p.currentName();
            JsonToken value = p.nextToken();
            switch (name) {
                case "instance" -> instance = p.getValueAsString();
                case "seq" -> seq = p.getValueAsLong(0);
                case "date" -> day = IsoDate.parse(p.getValueAsString("")).toEpochDay();
                case "site" -> site = p.getValueAsLong(0);
                case "batches" -> {
                    while (p.nextToken() == JsonToken.START_OBJECT) {
                        batch(p, into);
                    }
                }
                case "users" -> {
                    while (value == JsonToken.START_ARRAY && p.nextToken() != JsonToken.END_ARRAY) {
                        String id = null;
                        long n = -1;
                        for (JsonToken t = p.nextToken(); t != JsonToken.END_ARRAY && t != JsonToken.END_OBJECT; t = p.nextToken()) {
                            id = t == JsonToken.VALUE_STRING ? p.getText() : id;
                            n = t == JsonToken.VALUE_NUMBER_INT ? p.getLongValue() : n;
                        }
                        if (id == null || n < 0) {
                            throw new IOException("a user without an id or a count");
                        }
                        users.merge(id, n, Long::sum);
                    }
                }
                default -> p.skipChildren();
            }
        }
        if (instance != null && seq > 0 && day >= 0) {
            into.add(new Batch(instance, seq, day, site, users));
        }
    }
}
