package pocketapi.stats;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Path;
import java.time.Clock;
import java.util.Optional;

import com.fasterxml.jackson.core.JsonGenerator;

/**
 * Keeps the counters in files across restarts and crashes ({@link StatsFiles}): a save writes
 * only what changed, as one journal record forced to disk ({@link #append}); a full save
 * ({@link #save}) writes every counter to {@code stats.json.new}, forces it, keeps the current
 * file as {@code .bak} and renames the new one into place, then starts a new journal. A crash at
 * any moment leaves files {@link StatsRecovery} reads back to the last completed save; everything
 * is streamed, so no buffer ever holds a whole file or record. Not thread-safe: one saver.
 */
public final class StatsStore {
    static final long MIN_JOURNAL_BYTES = 1 << 20;

    private final StatsFiles files;
    private final Disk disk;
    private final Clock clock;
    private final long minJournal;
    private boolean writable = true;
    /** The generation of the last full save: journal records carry it. */
    private long generation;
    /** Whether the journal ends with a complete line: a record after a torn one starts on a line of its own. */
    private boolean journalClean = true;

    public StatsStore(Path file, Clock clock) {
        this(file, clock, LocalDisk.INSTANCE, MIN_JOURNAL_BYTES);
    }

    /** @param minJournal the journal size below which no full save is due (tests make it small) */
    StatsStore(Path file, Clock clock, Disk disk, long minJournal) {
        this.files = StatsFiles.of(file);
        this.disk = disk;
        this.clock = clock;
        this.minJournal = minJournal;
    }

    public Path file() {
        return files.main();
    }

    /** The saved counters (see {@link StatsRecovery}); empty on a first start. Never throws. */
    public Optional<UsageCounters.Snapshot> load() {
        StatsRecovery.Result result = StatsRecovery.load(disk, files, clock);
        generation = result.generation();
        journalClean = result.journalClean();
        writable = result.writable();
        return result.counters();
    }

    /** The counters of one full save file, without its journal. */
    static UsageCounters.Snapshot read(Path file) throws IOException {
        return StatsRecovery.readFile(LocalDisk.INSTANCE, file.toAbsolutePath(), Clock.systemUTC());
    }

    /**
     * A full save of {@code all}. {@code catchUp} (what changed since the last save) is journaled
     * first, so that {@code .bak} and its journal hold exactly what the new file holds.
     *
     * @throws IOException when a write fails (the files then still hold the last save)
     */
    public void save(UsageCounters.Snapshot all, UsageCounters.Snapshot catchUp) throws IOException {
        checkWritable();
        if (generation > 0) {
            append(catchUp);
        }
        long next = generation + 1;
        try (Disk.Output out = disk.create(files.fresh())) {
            OutputStream buffered = Records.buffered(out);
            writeSnapshot(buffered, all, next);
            buffered.flush();
            out.sync();
        }
        if (disk.exists(files.main())) {
            disk.rename(files.main(), files.backup());
        }
        disk.rename(files.fresh(), files.main());
        generation = next;
        if (disk.exists(files.journal())) {
            disk.rename(files.journal(), files.journalBackup());
        }
        journalClean = true;
    }

    /** A full save with everything journaled first (for tests and the import: no saver before it). */
    void save(UsageCounters.Snapshot all) throws IOException {
        save(all, all);
    }

    /** Saves only what changed since the last save, as one journal record forced to disk. */
    public void append(UsageCounters.Snapshot changes) throws IOException {
        checkWritable();
        try (Disk.Output out = disk.append(files.journal())) {
            OutputStream buffered = Records.buffered(out);
            if (!journalClean) {
                buffered.write('\n');
            }
            journalClean = false;
            JournalRecord.write(buffered, generation, changes);
            buffered.flush();
            out.sync();
            journalClean = true;
        }
    }

    private void checkWritable() throws IOException {
        if (!writable) {
            throw new IOException("saving is disabled: " + files.main() + " held data that could not be read or "
                    + "moved aside");
        }
    }

    /**
     * Whether the next save should be a full one: once the journal is larger than the counters file
     * itself (and at least {@value #MIN_JOURNAL_BYTES} bytes), so that everything written per call
     * stays proportional to what changed, and a start never reads more than twice the counters.
     */
    public boolean journalFull() {
        try {
            return disk.size(files.journal()) > Math.max(minJournal, disk.size(files.main()));
        } catch (IOException e) {
            return !disk.exists(files.main());
        }
    }

    /** Whether saves since the last full one are in a journal. */
    boolean hasJournal() {
        return disk.exists(files.journal());
    }

    private static void writeSnapshot(OutputStream out, UsageCounters.Snapshot s, long generation) throws IOException {
        Records.Writer w = new Records.Writer(out, new Rows.RowsOnLines());
        JsonGenerator g = w.json();
        g.writeStringField("format", StatsRecovery.FORMAT);
        g.writeNumberField("generation", generation);
        g.writeFieldName("site");
        Rows.writeTally(g, null, s.site());
        g.writeArrayFieldStart("users");
        for (int i = 0; i < s.users().length; i++) {
            Rows.writeTally(g, s.users()[i], s.tallies()[i]);
        }
        g.writeEndArray();
        w.end();
    }
}
