package pocketapi.stats;

import static pocketapi.util.JsonTokens.expect;

import java.io.BufferedOutputStream;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.CRC32C;
import java.util.zip.CheckedOutputStream;

import com.fasterxml.jackson.core.JsonEncoding;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.core.StreamWriteFeature;


/**
 * The one codec of every counters file (the counters, their journal, Redis mode's pending log and
 * last totals): a file is a sequence of <b>records</b>, each a JSON object whose last field is the
 * CRC-32C of every byte before it, {@code ...,"crc":"1a2b3c4d"}. A record is written and checked
 * streaming, in constant memory, whatever its size; a record cut short by a crash, torn by a full
 * disk or damaged on the device fails its check and is never read. Counters inside a record are
 * {@link Rows}.
 *
 * <p>Files of versions before 1.3 carry no check: a record without the field is read if it parses
 * completely ({@link Check#UNSIGNED}); its callers accept that only of their old formats.
 */
final class Records {
    static final JsonFactory JSON = JsonFactory.builder()
            .disable(StreamWriteFeature.AUTO_CLOSE_TARGET)
            .disable(StreamReadFeature.AUTO_CLOSE_SOURCE)
            .build();
    static {
        JSON.disable(JsonGenerator.Feature.AUTO_CLOSE_JSON_CONTENT);
    }

    private static final byte[] CRC_FIELD = ",\"crc\":\"".getBytes(StandardCharsets.US_ASCII);
    /** {@code ,"crc":"} + 8 hex digits + {@code "}}. */
    static final int SUFFIX = CRC_FIELD.length + 8 + 2;

    private Records() {
    }

    /**
     * Writes one record to {@code out}: the caller writes the fields through {@link #json()}, then
     * {@link #end()} adds the check, closes the object and ends the line. Nothing is held beyond
     * the generator's small buffer.
     */
    static final class Writer {
        private final OutputStream out;
        private final CheckedOutputStream checked;
        private final JsonGenerator json;

        Writer(OutputStream out) throws IOException {
            this(out, null);
        }

        /** @param rows one row per line (a file a person may read), or null for one line */
        Writer(OutputStream out, Rows.RowsOnLines rows) throws IOException {
            this.out = out;
            this.checked = new CheckedOutputStream(out, new CRC32C());
            this.json = JSON.createGenerator(checked, JsonEncoding.UTF8);
            if (rows != null) {
                json.setPrettyPrinter(rows);
            }
            json.writeStartObject();
        }

        JsonGenerator json() {
            return json;
        }

        void end() throws IOException {
            json.flush();
            String crc = String.format("%08x", checked.getChecksum().getValue());
            out.write(("," + "\"crc\":\"" + crc + "\"}\n").getBytes(StandardCharsets.US_ASCII));
        }
    }

    /** Writes a file's content (buffered; the caller flushes nothing, {@link #replace} does). */
    interface Content {
        void writeTo(OutputStream out) throws IOException;
    }

    /**
     * Replaces {@code file} whole: the content goes to {@code <file>.new}, is forced to disk and
     * renamed over the file, so a crash leaves the old content or the new, never a mix.
     */
    static void replace(Disk disk, Path file, Content content) throws IOException {
        Path fresh = file.resolveSibling(file.getFileName() + ".new");
        try (Disk.Output out = disk.create(fresh)) {
            OutputStream buffered = buffered(out);
            content.writeTo(buffered);
            buffered.flush();
            out.sync();
        }
        disk.rename(fresh, file);
    }

    /** An output buffered for records, over a file being written. */
    static OutputStream buffered(Disk.Output out) {
        return new BufferedOutputStream(out, 1 << 16);
    }

    /** A record's place in a file, and whether it passed its check. */
    record Span(long offset, long length, Check check) {
    }

    enum Check {
        /** The check field matched: the record is exactly as written. */
        VALID,
        /** No check field: a file of an older version, or a record cut short. */
        UNSIGNED,
        /** A check field that does not match: damaged. */
        BAD
    }

    /**
     * Finds the records of a stream: one per line ({@code lines}), or the whole stream as one.
     * Blank lines are skipped. Constant memory: the check is computed as the bytes go by.
     */
    static List<Span> scan(InputStream in, boolean lines) throws IOException {
        List<Span> spans = new ArrayList<>();
        Scanner record = new Scanner(0);
        byte[] buffer = new byte[1 << 16];
        long position = 0;
        for (int n = in.read(buffer); n >= 0; n = in.read(buffer)) {
            int start = 0;
            for (int i = 0; lines && i < n; i++) {
                if (buffer[i] == '\n') {
                    record.append(buffer, start, i - start);
                    record.finish(spans);
                    start = i + 1;
                    record = new Scanner(position + start);
                }
            }
            record.append(buffer, start, n - start);
            position += n;
        }
        if (!lines && record.length > 0 && record.lastByte == '\n') {
            record.dropLastNewline();
        }
        record.finish(spans);
        return spans;
    }

    /** One record as it goes by: its check over all but the last {@link #SUFFIX} bytes, which are kept. */
    private static final class Scanner {
        final long offset;
        final CRC32C crc = new CRC32C();
        final byte[] tail = new byte[SUFFIX + 1];
        int tailLength;
        long length;
        byte lastByte;

        Scanner(long offset) {
            this.offset = offset;
        }

        void append(byte[] b, int off, int len) {
            if (len == 0) {
                return;
            }
            length += len;
            lastByte = b[off + len - 1];
            int excess = tailLength + len - (SUFFIX + 1);
            if (excess <= 0) {
                System.arraycopy(b, off, tail, tailLength, len);
                tailLength += len;
                return;
            }
            int fromTail = Math.min(excess, tailLength);
            crc.update(tail, 0, fromTail);
            int fromB = excess - fromTail;
            crc.update(b, off, fromB);
            int keep = tailLength - fromTail;
            System.arraycopy(tail, fromTail, tail, 0, keep);
            System.arraycopy(b, off + fromB, tail, keep, len - fromB);
            tailLength = keep + len - fromB;
        }

        /** The whole-file mode keeps one byte more than the suffix: the file's last newline. */
        void dropLastNewline() {
            length--;
            tailLength--;
        }

        void finish(List<Span> spans) {
            if (length == 0) {
                return;
            }
            // The tail holds up to SUFFIX + 1 bytes; the check covers everything before the last SUFFIX.
            int head = tailLength - SUFFIX;
            if (head > 0) {
                crc.update(tail, 0, head);
            }
            spans.add(new Span(offset, length, head < 0 ? Check.UNSIGNED : check(Math.max(head, 0))));
        }

        private Check check(int at) {
            for (int i = 0; i < CRC_FIELD.length; i++) {
                if (tail[at + i] != CRC_FIELD[i]) {
                    return Check.UNSIGNED;
                }
            }
            long expected = 0;
            for (int i = 0; i < 8; i++) {
                int digit = Character.digit(tail[at + CRC_FIELD.length + i], 16);
                if (digit < 0) {
                    return Check.UNSIGNED;
                }
                expected = expected << 4 | digit;
            }
            if (tail[at + CRC_FIELD.length + 8] != '"' || tail[at + CRC_FIELD.length + 9] != '}') {
                return Check.UNSIGNED;
            }
            return expected == crc.getValue() ? Check.VALID : Check.BAD;
        }
    }

    /** Reads one record's fields. */
    interface Reader {
        /** Called with a parser positioned at the record's START_OBJECT, and how the record passed its check. */
        void read(JsonParser p, Check check) throws IOException;
    }

    /**
     * Reads the given records of a file, in order, one parser each over exactly the record's bytes.
     * A record whose reader throws is left out and reported to {@code failed}; the others are read.
     *
     * @return how many records were read
     */
    static int read(Disk disk, Path file, List<Span> spans, Reader reader, List<Span> failed) throws IOException {
        int read = 0;
        try (InputStream in = disk.read(file)) {
            long position = 0;
            for (Span span : spans) {
                in.skipNBytes(span.offset() - position);
                position = span.offset() + span.length();
                Slice slice = new Slice(in, span.length());
                try (JsonParser p = JSON.createParser(slice)) {
                    expect(p.nextToken(), JsonToken.START_OBJECT);
                    reader.read(p, span.check());
                    expect(p.currentToken(), JsonToken.END_OBJECT);
                    if (p.nextToken() != null) {
                        throw new IOException("content after the end of the record");
                    }
                    read++;
                } catch (IOException | RuntimeException e) {
                    failed.add(span);
                } finally {
                    slice.close();  // on to the record's end, whatever the reader consumed
                }
            }
        }
        return read;
    }

    /** At most {@code left} bytes of a stream; closing it skips the rest of them, not the stream. */
    private static final class Slice extends FilterInputStream {
        private long left;

        Slice(InputStream in, long length) {
            super(in);
            this.left = length;
        }

        @Override
        public int read() throws IOException {
            if (left <= 0) {
                return -1;
            }
            int b = in.read();
            if (b >= 0) {
                left--;
            }
            return b;
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            if (left <= 0) {
                return -1;
            }
            int n = in.read(b, off, (int) Math.min(len, left));
            if (n > 0) {
                left -= n;
            }
            return n;
        }

        @Override
        public void close() throws IOException {
            in.skipNBytes(left);
            left = 0;
        }
    }
}
