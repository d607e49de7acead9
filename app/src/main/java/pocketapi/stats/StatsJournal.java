package pocketapi.stats;

import static pocketapi.util.JsonTokens.expect;

import java.io.BufferedReader;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.LocalDate;
import java.util.LinkedHashMap;

import com.fasterxml.jackson.core.JsonEncoding;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;

import pocketapi.util.AtomicFiles;
import pocketapi.util.IsoDate;
import pocketapi.util.LogText;

/**
 * The append-only journal beside the counters file ({@code stats.json.journal}): each save between
 * two full saves appends one line holding only the counters that changed, as their new values, and
 * forces it to disk. A line is {@code {"g":3,"site":[total,daily,"YYYY-MM-DD"],"users":[["id",total,
 * daily,"YYYY-MM-DD"],...]}}; {@code g} is the generation of the full save it follows, so lines
 * older than the counters file they would be read onto are skipped. A last line cut short by a
 * crash is ignored; a bad line before good ones sets the journal aside. Not thread-safe: one saver.
 */
final class StatsJournal {
    private static final JsonFactory JSON = new JsonFactory();

    private final Path file;
    private final Path previous;

    StatsJournal(Path countersFile) {
        this.file = countersFile.resolveSibling(countersFile.getFileName() + ".journal");
        this.previous = countersFile.resolveSibling(countersFile.getFileName() + ".journal.bak");
    }

    Path file() {
        return file;
    }

    long size() {
        try {
            return Files.size(file);
        } catch (IOException e) {
            return 0;
        }
    }

    /** Appends one line and forces it to disk; returns the bytes written. */
    long append(long generation, UsageCounters.Changes changes) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream(64 + 48 * changes.users().length);
        try (JsonGenerator g = JSON.createGenerator(out, JsonEncoding.UTF8)) {
            g.writeStartObject();
            g.writeNumberField("g", generation);
            g.writeFieldName("site");
            tally(g, null, changes.site());
            g.writeArrayFieldStart("users");
            for (int i = 0; i < changes.users().length; i++) {
                tally(g, changes.users()[i], changes.tallies()[i]);
            }
            g.writeEndArray();
            g.writeEndObject();
        }
        out.write('\n');
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
                StandardOpenOption.APPEND)) {
            ByteBuffer bytes = ByteBuffer.wrap(out.toByteArray());
            while (bytes.hasRemaining()) {
                channel.write(bytes);
            }
            channel.force(false);
        }
        return out.size();
    }

    private static void tally(JsonGenerator g, String id, UsageCounters.Tally t) throws IOException {
        g.writeStartArray();
        if (id != null) {
            g.writeString(id);
        }
        g.writeNumber(t.total());
        g.writeNumber(t.daily());
        g.writeString(LocalDate.ofEpochDay(t.day()).toString());
        g.writeEndArray();
    }

    /** After a full save: this journal's lines are in the counters file; they are kept one more round as .bak. */
    void rotate() throws IOException {
        if (Files.exists(file)) {
            AtomicFiles.move(file, previous);
        }
    }

    /** The counters as read from a counters file of {@code generation}, with every later journal line put on them. */
    static final class Replay {
        UsageCounters.Tally site;
        final LinkedHashMap<String, UsageCounters.Tally> users = new LinkedHashMap<>(16, 0.75f, true);
        long generation;
        /** The highest generation of any line read, applied or not. */
        long maxGeneration;
        int lines;
        /** The journal file that could not be read, when {@link #corrupt}. */
        Path badFile;
        /** What was wrong with a journal, for the log, or null. */
        String problem;
        boolean corrupt;
    }

    /** Puts the lines of generation {@code >= replay.generation} of the previous journal, then this one, onto {@code replay}. */
    void replayOnto(Replay replay) {
        long from = replay.generation;
        read(previous, from, replay);
        if (replay.problem == null) {
            read(file, from, replay);
        }
    }

    private static void read(Path path, long from, Replay replay) {
        try (BufferedReader in = Files.newBufferedReader(path, StandardCharsets.UTF_8)) {
            String line = in.readLine();
            while (line != null) {
                String next = in.readLine();
                try {
                    apply(line, from, replay);
                } catch (IOException | RuntimeException e) {
                    replay.corrupt = next != null;  // a bad last line is a write cut short by a crash
                    replay.badFile = path;
                    replay.problem = path + (next == null ? ": the last line is incomplete (a save cut short) and "
                            + "is ignored" : ": a line cannot be read (" + LogText.safe(e instanceof JsonProcessingException j
                            ? j.getOriginalMessage() : e.getMessage(), LogText.SHORT) + "); the lines after it are "
                            + "ignored");
                    return;
                }
                line = next;
            }
        } catch (NoSuchFileException e) {
            // no journal: nothing since the last full save
        } catch (IOException e) {
            replay.corrupt = true;
            replay.badFile = path;
            replay.problem = path + ": cannot be read (" + e + ")";
        }
    }

    private static void apply(String line, long from, Replay replay) throws IOException {
        try (JsonParser p = JSON.createParser(line)) {
            expect(p.nextToken(), JsonToken.START_OBJECT);
            expect(p.nextToken(), JsonToken.FIELD_NAME);
            expect(p.nextToken(), JsonToken.VALUE_NUMBER_INT);
            long generation = p.getLongValue();
            expect(p.nextToken(), JsonToken.FIELD_NAME);
            UsageCounters.Tally site = tally(p, null);
            LinkedHashMap<String, UsageCounters.Tally> users = new LinkedHashMap<>();
            expect(p.nextToken(), JsonToken.FIELD_NAME);
            expect(p.nextToken(), JsonToken.START_ARRAY);
            String[] id = new String[1];
            while (p.nextToken() == JsonToken.START_ARRAY) {
                UsageCounters.Tally t = tally(p, id);
                users.put(id[0], t);
            }
            expect(p.nextToken(), JsonToken.END_OBJECT);
            replay.maxGeneration = Math.max(replay.maxGeneration, generation);
            if (generation >= from) {
                replay.site = site;
                users.forEach(replay.users::put);  // access order: these are now the most recently seen
                replay.lines++;
            }
        }
    }

    /** {@code [total,daily,"YYYY-MM-DD"]}, or with the id first when {@code id} is given. */
    private static UsageCounters.Tally tally(JsonParser p, String[] id) throws IOException {
        if (id == null) {
            expect(p.nextToken(), JsonToken.START_ARRAY);
        }
        if (id != null) {
            expect(p.nextToken(), JsonToken.VALUE_STRING);
            id[0] = p.getText();
        }
        expect(p.nextToken(), JsonToken.VALUE_NUMBER_INT);
        long total = p.getLongValue();
        expect(p.nextToken(), JsonToken.VALUE_NUMBER_INT);
        long daily = p.getLongValue();
        expect(p.nextToken(), JsonToken.VALUE_STRING);
        LocalDate date = IsoDate.parse(p.getText());
        expect(p.nextToken(), JsonToken.END_ARRAY);
        if (total < 0 || daily < 0 || daily > total) {
            throw new IOException("a record needs total >= daily >= 0");
        }
        return new UsageCounters.Tally(total, daily, date.toEpochDay());
    }
}
