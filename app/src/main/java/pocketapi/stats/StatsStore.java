package pocketapi.stats;

import static pocketapi.util.JsonTokens.expect;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Clock;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import pocketapi.util.AtomicFiles;
import pocketapi.util.IsoDate;
import pocketapi.util.LogText;

import com.fasterxml.jackson.core.JsonEncoding;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.StreamWriteFeature;

/**
 * Keeps the counters in one JSON file across restarts and crashes.
 *
 * <p>{@link #save} writes a temporary file in the same folder, forces it to disk, keeps the current
 * file as {@code .bak} (a hard link, so the main file never disappears) and renames the new file into
 * place: a crash at any moment leaves a complete file. {@link #load} never throws: a corrupt or
 * unreadable file is moved aside as {@code .corrupt-<timestamp>} and the {@code .bak} is tried; data
 * that could not be read is never overwritten. Not thread-safe: one flusher thread at a time.
 */
public final class StatsStore {
    private static final Logger LOG = LoggerFactory.getLogger(StatsStore.class);
    static final String FORMAT = "pocketapi-stats/1";
    // The writer must not close the channel: it is forced to disk after the JSON is written.
    private static final JsonFactory JSON = JsonFactory.builder().disable(StreamWriteFeature.AUTO_CLOSE_TARGET).build();

    private final Path file;
    private final Path backup;
    private final StatsJournal journal;
    private final Clock clock;
    private boolean writable = true;
    private final long minJournal;
    /** The generation of the last full save: journal lines carry it (see {@link StatsJournal}). */
    private long generation;

    public StatsStore(Path file, Clock clock) {
        this(file, clock, MIN_JOURNAL_BYTES);
    }

    /** @param minJournal the journal size below which no full save is due (tests make it small) */
    StatsStore(Path file, Clock clock, long minJournal) {
        this.minJournal = minJournal;
        this.file = file.toAbsolutePath();
        this.backup = this.file.resolveSibling(this.file.getFileName() + ".bak");
        this.journal = new StatsJournal(this.file);
        this.clock = clock;
    }

    public Path file() {
        return file;
    }

    /**
     * The saved counters: from the file, else (file corrupt) from the {@code .bak}, else none.
     * A missing file means a first start.
     */
    public Optional<UsageCounters.Snapshot> load() {
        Optional<Saved> main = tryRead(file);
        if (main == null) {
            main = tryRead(backup);
            if (main != null && main.isPresent()) {
                LOG.warn("using the backup {} instead", backup);
            } else {
                LOG.warn("no readable counters: starting from zero");
                return Optional.empty();
            }
        }
        return main.map(this::withJournal);
    }

    /** A counters file as read, with the generation of its full save. */
    private record Saved(UsageCounters.Snapshot snapshot, long generation) {
    }

    /** The saved counters with the journal's later lines put on them. */
    private UsageCounters.Snapshot withJournal(Saved saved) {
        StatsJournal.Replay replay = new StatsJournal.Replay();
        replay.site = saved.snapshot().site();
        for (int i = 0; i < saved.snapshot().users().length; i++) {
            replay.users.put(saved.snapshot().users()[i], saved.snapshot().tallies()[i]);
        }
        replay.generation = saved.generation();
        journal.replayOnto(replay);
        generation = Math.max(saved.generation(), replay.maxGeneration);
        if (replay.problem != null) {
            LOG.warn("counters journal {}", replay.problem);
            if (replay.corrupt) {
                setAside(replay.badFile);
            }
        }
        String[] ids = replay.users.keySet().toArray(new String[0]);
        UsageCounters.Tally[] tallies = replay.users.values().toArray(new UsageCounters.Tally[0]);
        return new UsageCounters.Snapshot(replay.site, ids, tallies, 0);
    }

    /** Empty when the file does not exist; null when it exists but cannot be used (it is then moved aside). */
    private Optional<Saved> tryRead(Path path) {
        if (!Files.exists(path)) {
            return Optional.empty();
        }
        try {
            long[] generation = {0};
            UsageCounters.Snapshot snapshot = read(path, generation);
            return Optional.of(new Saved(snapshot, generation[0]));
        } catch (IOException | RuntimeException e) {
            LOG.warn("cannot read the counters in {}: {}", path, LogText.safe(e instanceof JsonProcessingException j
                    ? e.getClass().getSimpleName() + ": " + j.getOriginalMessage() : e.toString(), LogText.LINE));
            setAside(path);
            return null;
        }
    }

    private void setAside(Path path) {
        try {
            LOG.warn("kept the unreadable file as {}", AtomicFiles.setAside(path, clock));
        } catch (IOException e) {
            // Saving would overwrite data we could not read: refuse, and let the operator look.
            writable = false;
            LOG.error("cannot move {} aside ({}); counters will NOT be saved until it is moved away and the "
                    + "service restarted", path, e.toString());
        }
    }

    /** A counters file alone (no journal). */
    static UsageCounters.Snapshot read(Path path) throws IOException {
        return read(path, new long[1]);
    }

    private static UsageCounters.Snapshot read(Path path, long[] generation) throws IOException {
        try (JsonParser p = JSON.createParser(path.toFile())) {
            expect(p.nextToken(), JsonToken.START_OBJECT);
            String format = null;
            UsageCounters.Tally site = null;
            List<String> ids = new ArrayList<>();
            List<UsageCounters.Tally> tallies = new ArrayList<>();
            while (p.nextToken() == JsonToken.FIELD_NAME) {
                String name = p.currentName();
                JsonToken value = p.nextToken();
                switch (name) {
                    case "format" -> format = p.getValueAsString();
                    case "generation" -> generation[0] = p.getValueAsLong(0);
                    case "site" -> site = tally(p, value, null);
                    case "users" -> {
                        expect(value, JsonToken.START_ARRAY);
                        while (p.nextToken() != JsonToken.END_ARRAY) {
                            String[] id = new String[1];
                            tallies.add(tally(p, p.currentToken(), id));
                            if (id[0] == null) {
                                throw new IOException("a user without an id");
                            }
                            ids.add(id[0]);
                        }
                    }
                    default -> p.skipChildren();
                }
            }
            expect(p.currentToken(), JsonToken.END_OBJECT);
            if (p.nextToken() != null) {
                throw new IOException("content after the end of the object");
            }
            if (!FORMAT.equals(format) || site == null) {
                throw new IOException("not a " + FORMAT + " file with a site record");
            }
            return new UsageCounters.Snapshot(site, ids.toArray(String[]::new),
                    tallies.toArray(UsageCounters.Tally[]::new), 0);
        }
    }

    /** Reads {@code {"id":..,"total":..,"daily":..,"date":"YYYY-MM-DD"}}; the id (users only) goes to {@code id[0]}. */
    private static UsageCounters.Tally tally(JsonParser p, JsonToken start, String[] id) throws IOException {
        expect(start, JsonToken.START_OBJECT);
        long total = -1;
        long daily = -1;
        LocalDate date = null;
        while (p.nextToken() == JsonToken.FIELD_NAME) {
            String name = p.currentName();
            p.nextToken();
            switch (name) {
                case "id" -> {
                    if (id == null || p.currentToken() != JsonToken.VALUE_STRING) {
                        throw new IOException("unexpected id");
                    }
                    id[0] = p.getText();
                }
                case "total" -> total = count(p);
                case "daily" -> daily = count(p);
                case "date" -> date = IsoDate.parse(p.getValueAsString(""));
                default -> p.skipChildren();
            }
        }
        if (total < 0 || daily < 0 || daily > total || date == null) {
            throw new IOException("a record needs total >= daily >= 0 and a date");
        }
        return new UsageCounters.Tally(total, daily, date.toEpochDay());
    }

    private static long count(JsonParser p) throws IOException {
        if (p.currentToken() != JsonToken.VALUE_NUMBER_INT) {
            throw new IOException("a count must be a whole number");
        }
        return p.getLongValue();
    }


    /**
     * A full save: writes every counter atomically, keeping the previous file as {@code .bak}, and
     * starts a new journal (the old one is kept as {@code .journal.bak}, which the {@code .bak} needs).
     *
     * @throws IOException when the write fails (the previous file is then untouched)
     */
    public void save(UsageCounters.Snapshot snapshot) throws IOException {
        if (!writable) {
            throw new IOException("saving is disabled: " + file + " held data that could not be read or moved aside");
        }
        long next = generation + 1;
        Path temp = AtomicFiles.writeTemp(file, out -> write(snapshot, next, out));
        try {
            keepBackup(file.getParent());
            AtomicFiles.moveIntoPlace(temp, file);
        } finally {
            Files.deleteIfExists(temp);
        }
        generation = next;
        journal.rotate();
    }

    /**
     * Saves only what changed since the last save, as one journal line forced to disk.
     *
     * @return the bytes written
     */
    public long append(UsageCounters.Changes changes) throws IOException {
        if (!writable) {
            throw new IOException("saving is disabled: " + file + " held data that could not be read or moved aside");
        }
        return journal.append(generation, changes);
    }

    /**
     * Whether the next save should be a full one: once the journal is larger than the counters file
     * itself (and at least {@value #MIN_JOURNAL_BYTES} bytes), so that everything written per call
     * stays proportional to what changed, and a start never reads more than twice the counters.
     */
    public boolean journalFull() {
        long counters;
        try {
            counters = Files.size(file);
        } catch (IOException e) {
            return true;
        }
        return journal.size() > Math.max(minJournal, counters);
    }

    static final long MIN_JOURNAL_BYTES = 1 << 20;

    /** Whether saves since the last full one are in a journal. */
    boolean hasJournal() {
        return journal.size() > 0;
    }

    private void keepBackup(Path dir) throws IOException {
        if (!Files.exists(file)) {
            return;
        }
        Path link = Files.createTempFile(dir, backup.getFileName() + ".", ".tmp");
        Files.delete(link);
        try {
            Files.createLink(link, file);
        } catch (UnsupportedOperationException | FileSystemException e) {
            Files.copy(file, link, StandardCopyOption.COPY_ATTRIBUTES);
        }
        AtomicFiles.move(link, backup);
    }

    private static void write(UsageCounters.Snapshot s, long generation, OutputStream out) throws IOException {
        try (JsonGenerator g = JSON.createGenerator(out, JsonEncoding.UTF8)) {
            g.writeStartObject();
            g.writeStringField("format", FORMAT);
            g.writeNumberField("generation", generation);
            g.writeFieldName("site");
            writeTally(g, null, s.site());
            g.writeFieldName("users");
            g.writeStartArray();
            for (int i = 0; i < s.users().length; i++) {
                g.writeRaw('\n');
                writeTally(g, s.users()[i], s.tallies()[i]);
            }
            g.writeEndArray();
            g.writeEndObject();
            g.writeRaw('\n');
        }
    }

    private static void writeTally(JsonGenerator g, String id, UsageCounters.Tally t) throws IOException {
        g.writeStartObject();
        if (id != null) {
            g.writeStringField("id", id);
        }
        g.writeNumberField("total", t.total());
        g.writeNumberField("daily", t.daily());
        g.writeStringField("date", LocalDate.ofEpochDay(t.day()).toString());
        g.writeEndObject();
    }
}
