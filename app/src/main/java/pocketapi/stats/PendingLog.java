package pocketapi.stats;

import static pocketapi.util.JsonTokens.expect;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;

import pocketapi.util.IsoDate;

/**
 * Redis mode's pending log ({@code <stats>.redis-pending.json}): the numbered batches of counted
 * calls Redis has not confirmed, one record each ({@link Records}), appended and forced to disk,
 * never rewritten, so a hand-off writes only what is new:
 * <pre>{"instance":"…","seq":7,"date":"2026-11-22","site":12,"sealed":1764000000000,"users":[["203.0.113.7",5]],"crc":"…"}</pre>
 * A batch on disk is sent exactly as written (Redis recognises one it applied before). The log is
 * removed once every batch in it is confirmed. A file in the format of versions 1.1 and 1.2 (one
 * JSON object) is rewritten as a log at start. Not thread-safe: the sender's thread, and start-up.
 */
final class PendingLog {
    private static final byte[] OLD_START = "{\"format\":\"pocketapi-redis-pending/1\"".getBytes(StandardCharsets.UTF_8);
    /** A batch holds at most USERS_PER_CALL users, so a record is small: read whole when sent. */
    private static final int MAX_RECORD = 1 << 20;

    private final Disk disk;
    private final Path file;
    /** Whether the log ends with a complete line (else the next record starts on a new one). */
    private boolean clean = true;

    PendingLog(Disk disk, Path file) {
        this.disk = disk;
        this.file = file;
    }

    Path file() {
        return file;
    }

    boolean exists() {
        return disk.exists(file);
    }

    /** A batch as it lies in the log: its record starts at {@code offset}; the next record at {@code next}. */
    record Stored(RedisStore.Batch batch, long offset, long next) {
    }

    interface Each {
        void batch(Stored stored) throws IOException;
    }

    /**
     * Reads every batch that passes its check, in order, one at a time. A file of versions 1.1
     * and 1.2 is first rewritten as a log.
     *
     * @return how many records were left out (cut short by a crash, or damaged)
     */
    int readAll(Each each) throws IOException {
        if (!disk.exists(file)) {
            return 0;
        }
        migrate();
        List<Records.Span> spans;
        long size = disk.size(file);
        try (InputStream in = disk.read(file)) {
            spans = Records.scan(in, true);
        }
        List<Records.Span> valid = new ArrayList<>();
        for (Records.Span span : spans) {
            if (span.check() == Records.Check.VALID) {
                valid.add(span);
            }
        }
        List<Records.Span> failed = new ArrayList<>();
        int[] at = {0};
        Records.read(disk, file, valid, (p, check) -> {
            Records.Span span = valid.get(at[0]++);
            each.batch(new Stored(batch(p), span.offset(), span.offset() + span.length() + 1));
        }, failed);
        Records.Span last = spans.isEmpty() ? null : spans.get(spans.size() - 1);
        clean = last == null || last.offset() + last.length() < size;
        return spans.size() - valid.size() + failed.size();
    }

    /** Versions 1.1 and 1.2 kept one JSON object: its batches become the first records of a log. */
    private void migrate() throws IOException {
        byte[] start;
        try (InputStream in = disk.read(file)) {
            start = in.readNBytes(OLD_START.length);
        }
        if (!java.util.Arrays.equals(start, OLD_START)) {
            return;
        }
        List<RedisStore.Batch> batches;
        try (InputStream in = disk.read(file)) {
            batches = OldPendingFile.read(in);
        }
        Records.replace(disk, file, out -> {
            for (RedisStore.Batch b : batches) {
                write(out, b);
            }
        });
    }

    /** The batch whose record starts at {@code offset}. */
    Stored read(long offset) throws IOException {
        byte[] record;
        try (InputStream in = disk.read(file)) {
            in.skipNBytes(offset);
            ByteArrayOutputStream line = new ByteArrayOutputStream(4096);
            for (int b = in.read(); b >= 0 && b != '\n'; b = in.read()) {
                if (line.size() >= MAX_RECORD) {
                    throw new IOException("a record of more than " + MAX_RECORD + " bytes at " + offset);
                }
                line.write(b);
            }
            record = line.toByteArray();
        }
        List<Records.Span> spans = Records.scan(new ByteArrayInputStream(record), false);
        if (spans.size() != 1 || spans.get(0).check() != Records.Check.VALID) {
            throw new IOException("the record at " + offset + " of " + file + " fails its check");
        }
        try (JsonParser p = Records.JSON.createParser(record)) {
            expect(p.nextToken(), JsonToken.START_OBJECT);
            return new Stored(batch(p), offset, offset + record.length + 1);
        }
    }

    /**
     * Appends the batches and forces them to disk.
     *
     * @return each batch's offset in the log, and where the last one ends
     */
    long[] append(List<RedisStore.Batch> batches) throws IOException {
        long[] offsets = new long[batches.size() + 1];
        long size = disk.exists(file) ? disk.size(file) : 0;
        try (Disk.Output out = disk.append(file)) {
            Counted counted = new Counted(Records.buffered(out));
            if (!clean) {
                counted.write('\n');
            }
            clean = false;
            for (int i = 0; i < batches.size(); i++) {
                offsets[i] = size + counted.count;
                write(counted, batches.get(i));
            }
            offsets[batches.size()] = size + counted.count;
            counted.flush();
            out.sync();
            clean = true;
        }
        return offsets;
    }

    void delete() throws IOException {
        disk.delete(file);
        clean = true;
    }

    private static void write(OutputStream out, RedisStore.Batch b) throws IOException {
        Records.Writer w = new Records.Writer(out);
        JsonGenerator g = w.json();
        g.writeStringField("instance", b.instance());
        g.writeNumberField("seq", b.seq());
        g.writeStringField("date", LocalDate.ofEpochDay(b.day()).toString());
        g.writeNumberField("site", b.site());
        g.writeNumberField("sealed", b.sealed());
        g.writeArrayFieldStart("users");
        for (Map.Entry<String, Long> u : b.users().entrySet()) {
            Rows.writeCount(g, u.getKey(), u.getValue());
        }
        g.writeEndArray();
        w.end();
    }

    /** Reads a batch record's fields (the parser is past its START_OBJECT). */
    private static RedisStore.Batch batch(JsonParser p) throws IOException {
        String instance = null;
        long seq = -1;
        long day = -1;
        long site = -1;
        long sealed = 0;
        Map<String, Long> users = new LinkedHashMap<>();
        Rows.Row row = new Rows.Row();
        while (p.nextToken() == JsonToken.FIELD_NAME) {
            String name = p.currentName();
            JsonToken value = p.nextToken();
            switch (name) {
                case "instance" -> instance = p.getValueAsString();
                case "seq" -> seq = p.getValueAsLong(-1);
                case "date" -> day = IsoDate.parse(p.getValueAsString("")).toEpochDay();
                case "site" -> site = p.getValueAsLong(-1);
                case "sealed" -> sealed = p.getValueAsLong(0);
                case "users" -> {
                    expect(value, JsonToken.START_ARRAY);
                    while (p.nextToken() != JsonToken.END_ARRAY) {
                        Rows.readRow(p, row);
                        if (row.id == null || row.count != 1 || row.numbers[0] < 1) {
                            throw new IOException("a user needs an id and a count above 0");
                        }
                        users.put(row.id, row.numbers[0]);
                    }
                }
                default -> p.skipChildren();
            }
        }
        if (instance == null || seq < 1 || day < 0 || site < 0) {
            throw new IOException("a batch needs an instance, a seq above 0, a date and a site count");
        }
        return new RedisStore.Batch(instance, seq, day, site, users, sealed);
    }

    /** Counts the bytes written through it (to know each record's offset). */
    private static final class Counted extends FilterOutputStream {
        long count;

        Counted(OutputStream out) {
            super(out);
        }

        @Override
        public void write(int b) throws IOException {
            out.write(b);
            count++;
        }

        @Override
        public void write(byte[] b, int off, int len) throws IOException {
            out.write(b, off, len);
            count += len;
        }
    }
}
