package pocketapi.stats;

import static pocketapi.util.JsonTokens.expect;

import java.io.IOException;
import java.time.LocalDate;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;

import pocketapi.util.IsoDate;

/**
 * The one tally codec of the counters files ({@link Records}): a counter is a <b>row</b>,
 * {@code ["id",total,daily,"YYYY-MM-DD"]}, {@code [total,daily,"YYYY-MM-DD"]} (the site) or
 * {@code ["id",n]} (a count to add, in Redis mode's pending log). Files of versions 1.x wrote a
 * counter as an object, {@code {"id":..,"total":..,"daily":..,"date":..}}, which reads too. Stateless.
 */
final class Rows {
    private Rows() {
    }

    /** A row as read: an id (or null), up to three numbers, and a date (or -1) as an epoch day. */
    static final class Row {
        String id;
        final long[] numbers = new long[3];
        int count;
        long day;
    }

    /** {@code ["id",total,daily,"YYYY-MM-DD"]}, or without the id when {@code id} is null. */
    static void writeTally(JsonGenerator g, String id, long total, long daily, long day) throws IOException {
        g.writeStartArray();
        if (id != null) {
            g.writeString(id);
        }
        g.writeNumber(total);
        g.writeNumber(daily);
        g.writeString(LocalDate.ofEpochDay(day).toString());
        g.writeEndArray();
    }

    static void writeTally(JsonGenerator g, String id, UsageCounters.Tally t) throws IOException {
        writeTally(g, id, t.total(), t.daily(), t.day());
    }

    /** {@code ["id",n]}: a count to add. */
    static void writeCount(JsonGenerator g, String id, long n) throws IOException {
        g.writeStartArray();
        g.writeString(id);
        g.writeNumber(n);
        g.writeEndArray();
    }

    /**
     * Reads the row at the parser's current token (START_ARRAY; or, in files of version 1.x, an
     * object {@code {"id":..,"total":..,"daily":..,"date":..}}) into {@code row}.
     */
    static Row readRow(JsonParser p, Row row) throws IOException {
        row.id = null;
        row.count = 0;
        row.day = -1;
        if (p.currentToken() == JsonToken.START_OBJECT) {
            return readOldRow(p, row);
        }
        expect(p.currentToken(), JsonToken.START_ARRAY);
        for (JsonToken t = p.nextToken(); t != JsonToken.END_ARRAY; t = p.nextToken()) {
            if (t == JsonToken.VALUE_STRING && row.id == null && row.count == 0) {
                row.id = p.getText();
            } else if (t == JsonToken.VALUE_NUMBER_INT && row.count < row.numbers.length && row.day < 0) {
                row.numbers[row.count++] = nonNegative(p.getLongValue());
            } else if (t == JsonToken.VALUE_STRING && row.day < 0 && row.count > 0) {
                row.day = IsoDate.parse(p.getText()).toEpochDay();
            } else {
                throw new IOException("unexpected " + t + " in a row");
            }
        }
        return row;
    }

    private static Row readOldRow(JsonParser p, Row row) throws IOException {
        long total = -1;
        long daily = -1;
        while (p.nextToken() == JsonToken.FIELD_NAME) {
            String name = p.currentName();
            JsonToken value = p.nextToken();
            switch (name) {
                case "id" -> {
                    expect(value, JsonToken.VALUE_STRING);
                    row.id = p.getText();
                }
                case "total" -> total = number(p, value);
                case "daily" -> daily = number(p, value);
                case "date" -> row.day = IsoDate.parse(p.getValueAsString("")).toEpochDay();
                default -> p.skipChildren();
            }
        }
        if (total < 0 || daily < 0 || row.day < 0) {
            throw new IOException("a record needs a total, a daily count and a date");
        }
        row.numbers[0] = total;
        row.numbers[1] = daily;
        row.count = 2;
        return row;
    }

    private static long number(JsonParser p, JsonToken value) throws IOException {
        expect(value, JsonToken.VALUE_NUMBER_INT);
        return nonNegative(p.getLongValue());
    }

    private static long nonNegative(long n) throws IOException {
        if (n < 0) {
            throw new IOException("a count below zero");
        }
        return n;
    }

    /** A row as a tally {total, daily, day}, checked. */
    static UsageCounters.Tally tally(Row row) throws IOException {
        if (row.count != 2 || row.day < 0 || row.numbers[1] > row.numbers[0]) {
            throw new IOException("a tally needs total >= daily >= 0 and a date");
        }
        return new UsageCounters.Tally(row.numbers[0], row.numbers[1], row.day);
    }

    /** Lays out the rows of a record's {@code users} array one per line, so a person can read the file. */
    static final class RowsOnLines extends com.fasterxml.jackson.core.util.MinimalPrettyPrinter {
        private static final long serialVersionUID = 1L;

        private static boolean users(JsonGenerator g) {
            com.fasterxml.jackson.core.JsonStreamContext array = g.getOutputContext();
            com.fasterxml.jackson.core.JsonStreamContext record = array.getParent();
            return array.inArray() && record != null && record.inObject() && record.getParent() != null
                    && record.getParent().inRoot() && "users".equals(record.getCurrentName());
        }

        @Override
        public void beforeArrayValues(JsonGenerator g) throws IOException {
            if (users(g)) {
                g.writeRaw('\n');
            }
        }

        @Override
        public void writeArrayValueSeparator(JsonGenerator g) throws IOException {
            g.writeRaw(users(g) ? ",\n" : ",");
        }

        @Override
        public void writeEndArray(JsonGenerator g, int values) throws IOException {
            g.writeRaw(values > 0 && users(g) ? "\n]" : "]");
        }
    }
}
