package pocketapi.stats;

import static pocketapi.util.JsonTokens.expect;

import java.io.IOException;
import java.io.OutputStream;
import java.util.function.BiConsumer;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;

/**
 * One record of the counters journal: the site's counters and those of the users who called since
 * the last save, as their new values, after the full save of generation {@code g}:
 * <pre>{"g":3,"site":[521,7,"2026-11-22"],"users":[["203.0.113.7",40,2,"2026-11-22"]],"crc":"1a2b3c4d"}</pre>
 */
final class JournalRecord {
    private JournalRecord() {
    }

    /** Where a record being read goes: told its generation and site first, it says where the users go. */
    interface Sink {
        /** @return the users' destination, or null when the record is not wanted (it is skipped) */
        BiConsumer<String, UsageCounters.Tally> accept(long generation, UsageCounters.Tally site);
    }

    /** Writes the record for {@code changes}, streaming (no buffer holds the line). */
    static void write(OutputStream out, long generation, UsageCounters.Snapshot changes) throws IOException {
        Records.Writer w = new Records.Writer(out);
        JsonGenerator g = w.json();
        g.writeNumberField("g", generation);
        g.writeFieldName("site");
        Rows.writeTally(g, null, changes.site());
        g.writeArrayFieldStart("users");
        for (int i = 0; i < changes.users().length; i++) {
            Rows.writeTally(g, changes.users()[i], changes.tallies()[i]);
        }
        g.writeEndArray();
        w.end();
    }

    /**
     * Reads a record into {@code sink}, the users one by one (a record may hold 100,000 of them).
     * One without a check ({@link Records.Check#UNSIGNED}) must be a line of the journal of
     * versions 1.x, which had exactly the fields g, site and users, in that order.
     */
    static void read(JsonParser p, Rows.Row row, Records.Check check, Sink sink) throws IOException {
        expect(p.nextToken(), JsonToken.FIELD_NAME);
        expectName(p, "g");
        expect(p.nextToken(), JsonToken.VALUE_NUMBER_INT);
        long generation = p.getLongValue();
        expect(p.nextToken(), JsonToken.FIELD_NAME);
        expectName(p, "site");
        p.nextToken();
        UsageCounters.Tally site = Rows.tally(Rows.readRow(p, row));
        expect(p.nextToken(), JsonToken.FIELD_NAME);
        expectName(p, "users");
        expect(p.nextToken(), JsonToken.START_ARRAY);
        BiConsumer<String, UsageCounters.Tally> users = sink.accept(generation, site);
        if (users == null) {
            p.skipChildren();
        } else {
            while (p.nextToken() != JsonToken.END_ARRAY) {
                Rows.readRow(p, row);
                if (row.id == null) {
                    throw new IOException("a user without an id");
                }
                users.accept(row.id, Rows.tally(row));
            }
        }
        JsonToken next = p.nextToken();
        if (check == Records.Check.VALID) {
            expect(next, JsonToken.FIELD_NAME);
            expectName(p, "crc");
            p.nextToken();
            next = p.nextToken();
        }
        expect(next, JsonToken.END_OBJECT);
    }

    private static void expectName(JsonParser p, String name) throws IOException {
        if (!name.equals(p.currentName())) {
            throw new IOException("expected the field " + name + " but found " + p.currentName());
        }
    }
}
