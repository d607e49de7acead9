package pocketapi.stats;

import static pocketapi.util.JsonTokens.expect;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;

import pocketapi.util.AtomicFiles;

/**
 * What the counters are at start-up, decided in one place from every file of {@link StatsFiles}:
 * <ol>
 *   <li>of the full saves ({@code stats.json}, {@code .new}, {@code .bak}) that pass their check,
 *       the one of the highest generation;</li>
 *   <li>then every journal record of that generation or later that passes its check, in the
 *       order written ({@code .journal.bak}, then {@code .journal}): each holds new values, so a
 *       record that fails its check is skipped and never hides the ones after it.</li>
 * </ol>
 * A full save first journals what changed since the last record, so {@code .bak} with its
 * journal holds exactly what the newer file holds: losing {@code stats.json} loses nothing. A
 * damaged full save is moved aside ({@code .corrupt-<time>}, never overwritten); every file or
 * record left out is logged with the calls it held, as far as can be told.
 */
final class StatsRecovery {
    private static final Logger LOG = LoggerFactory.getLogger(StatsRecovery.class);
    static final String FORMAT = "pocketapi-stats/2";
    static final String OLD_FORMAT = "pocketapi-stats/1";

    /**
     * @param counters      the counters to start from, if any file held some
     * @param generation    the highest generation any file mentions: the next full save goes above it
     * @param journalClean  whether the journal ends with a complete line (else the next record starts a new one)
     * @param writable      false when a damaged file could not be moved aside: saving would overwrite it
     */
    record Result(Optional<UsageCounters.Snapshot> counters, long generation, boolean journalClean,
                  boolean writable) {
    }

    private final Disk disk;
    private final StatsFiles files;
    private final Clock clock;
    private long generation;
    private boolean writable = true;

    private StatsRecovery(Disk disk, StatsFiles files, Clock clock) {
        this.disk = disk;
        this.files = files;
        this.clock = clock;
    }

    static Result load(Disk disk, StatsFiles files, Clock clock) {
        return new StatsRecovery(disk, files, clock).load();
    }

    /** One full save file alone, without journals (tests, and a look at a file). */
    static UsageCounters.Snapshot readFile(Disk disk, Path file, Clock clock) throws IOException {
        StatsRecovery recovery = new StatsRecovery(disk, StatsFiles.of(file), clock);
        Candidate c = recovery.inspect(file);
        if (c.problem != null || !recovery.readFully(c)) {
            throw new IOException(file + ": " + c.problem);
        }
        return c.snapshot;
    }

    /** A full save as found: its check, generation and claimed site total (best effort), read or not. */
    private static final class Candidate {
        final Path path;
        Records.Check check;
        long generation = -1;
        long claimedTotal = -1;
        String format;
        UsageCounters.Snapshot snapshot;
        String problem;

        Candidate(Path path) {
            this.path = path;
        }
    }

    private Result load() {
        List<Candidate> candidates = new ArrayList<>();
        for (Path path : List.of(files.main(), files.fresh(), files.backup())) {
            if (disk.exists(path)) {
                candidates.add(inspect(path));
            }
        }
        Candidate chosen = null;
        for (Candidate c : candidates) {
            if (c.problem == null && (chosen == null || c.generation > chosen.generation)) {
                chosen = c;
            }
        }
        while (chosen != null && !readFully(chosen)) {
            Candidate failed = chosen;
            chosen = null;
            for (Candidate c : candidates) {
                if (c != failed && c.problem == null && (chosen == null || c.generation > chosen.generation)) {
                    chosen = c;
                }
            }
        }
        Replay replay = new Replay(chosen == null ? null : chosen.snapshot, chosen == null ? 0 : chosen.generation);
        boolean journalClean = replayJournal(files.journalBackup(), replay) & replayJournal(files.journal(), replay);
        for (Candidate c : candidates) {
            generation = Math.max(generation, c.generation);
            if (c.problem != null) {
                report(c, chosen, replay);
            }
        }
        generation = Math.max(generation, replay.maxGeneration);
        if (chosen == null && replay.records == 0) {
            if (!candidates.isEmpty()) {
                LOG.warn("no readable counters: starting from zero");
            }
            return new Result(Optional.empty(), generation, journalClean, writable);
        }
        if (chosen != null && chosen.path != files.main()) {
            LOG.warn("counters read from {} (generation {}) and the journals", chosen.path, chosen.generation);
        }
        return new Result(Optional.of(replay.snapshot()), generation, journalClean, writable);
    }

    /** Checks a full save and reads its header (generation, site total); the users are read only if chosen. */
    private Candidate inspect(Path path) {
        Candidate c = new Candidate(path);
        try {
            try (InputStream in = disk.read(path)) {
                c.check = Records.scan(in, false).stream().findFirst().map(Records.Span::check).orElse(null);
            }
            peekHeader(c);
            if (c.check == null) {
                c.problem = "it is empty";
            } else if (c.check == Records.Check.BAD) {
                c.problem = "it fails its check (damaged on disk)";
            } else if (c.check == Records.Check.UNSIGNED && !OLD_FORMAT.equals(c.format)) {
                c.problem = "it is incomplete or not a counters file";
            } else if (c.check == Records.Check.UNSIGNED && !readFully(c, false)) {
                c.problem = c.problem == null ? "it is incomplete" : c.problem;  // a 1.x file without its check: parsed
            }
        } catch (IOException | RuntimeException e) {
            c.problem = "it cannot be read (" + e.getMessage() + ")";
        }
        return c;
    }

    /** Reads the generation and the site's total before the users, whatever the file's state. */
    private void peekHeader(Candidate c) {
        try (InputStream in = disk.read(c.path); JsonParser p = Records.JSON.createParser(in)) {
            expect(p.nextToken(), JsonToken.START_OBJECT);
            Rows.Row row = new Rows.Row();
            while (p.nextToken() == JsonToken.FIELD_NAME) {
                String name = p.currentName();
                p.nextToken();
                switch (name) {
                    case "format" -> c.format = p.getValueAsString();
                    case "generation" -> c.generation = Math.max(0, p.getValueAsLong(0));
                    case "site" -> {
                        c.claimedTotal = Rows.readRow(p, row).numbers[0];
                        return;
                    }
                    default -> p.skipChildren();
                }
            }
        } catch (IOException | RuntimeException e) {
            // a damaged header: the generation and total stay unknown
        } finally {
            if (c.generation < 0) {
                c.generation = 0;
            }
        }
    }

    private boolean readFully(Candidate c) {
        return readFully(c, true);
    }

    /** Reads a full save's every counter; {@code keep}: into {@code c.snapshot}, else only to see that it parses. */
    private boolean readFully(Candidate c, boolean keep) {
        List<String> ids = new ArrayList<>();
        List<UsageCounters.Tally> tallies = new ArrayList<>();
        UsageCounters.Tally[] site = new UsageCounters.Tally[1];
        String[] format = new String[1];
        Rows.Row row = new Rows.Row();
        try {
            List<Records.Span> spans;
            try (InputStream in = disk.read(c.path)) {
                spans = Records.scan(in, false);
            }
            List<Records.Span> failed = new ArrayList<>();
            Records.read(disk, c.path, spans, (p, check) -> {
                while (p.nextToken() == JsonToken.FIELD_NAME) {
                    String name = p.currentName();
                    JsonToken value = p.nextToken();
                    switch (name) {
                        case "format" -> format[0] = p.getValueAsString();
                        case "site" -> site[0] = Rows.tally(Rows.readRow(p, row));
                        case "users" -> {
                            expect(value, JsonToken.START_ARRAY);
                            while (p.nextToken() != JsonToken.END_ARRAY) {
                                Rows.readRow(p, row);
                                if (row.id == null) {
                                    throw new IOException("a user without an id");
                                }
                                UsageCounters.Tally t = Rows.tally(row);
                                if (keep) {
                                    ids.add(row.id);
                                    tallies.add(t);
                                }
                            }
                        }
                        default -> p.skipChildren();
                    }
                }
            }, failed);
            String expected = c.check == Records.Check.VALID ? FORMAT : OLD_FORMAT;
            if (!failed.isEmpty() || site[0] == null || !expected.equals(format[0])) {
                c.problem = "it is not a " + expected + " file with a site record";
                return false;
            }
        } catch (IOException | RuntimeException e) {
            c.problem = "it cannot be read (" + e.getMessage() + ")";
            return false;
        }
        if (keep) {
            c.snapshot = new UsageCounters.Snapshot(site[0], ids.toArray(String[]::new),
                    tallies.toArray(UsageCounters.Tally[]::new));
        }
        return true;
    }

    /** The counters being rebuilt: a full save, then journal records on top. */
    private static final class Replay {
        UsageCounters.Tally site;
        final LinkedHashMap<String, UsageCounters.Tally> users = new LinkedHashMap<>(16, 0.75f, true);
        final long from;
        long maxGeneration;
        int records;

        Replay(UsageCounters.Snapshot start, long from) {
            this.from = from;
            if (start != null) {
                site = start.site();
                for (int i = 0; i < start.users().length; i++) {
                    users.put(start.users()[i], start.tallies()[i]);
                }
            }
        }

        UsageCounters.Snapshot snapshot() {
            return new UsageCounters.Snapshot(site == null ? new UsageCounters.Tally(0, 0, 0) : site,
                    users.keySet().toArray(String[]::new), users.values().toArray(UsageCounters.Tally[]::new));
        }
    }

    /** Puts a journal's records onto {@code replay}; returns whether the journal ends with a complete line. */
    private boolean replayJournal(Path journal, Replay replay) {
        if (!disk.exists(journal)) {
            return true;
        }
        List<Records.Span> spans;
        long size;
        try {
            size = disk.size(journal);
            try (InputStream in = disk.read(journal)) {
                spans = Records.scan(in, true);
            }
        } catch (IOException e) {
            LOG.warn("cannot read the counters journal {} ({}); its saves are not counted", journal, e.toString());
            return false;
        }
        List<Records.Span> readable = new ArrayList<>();
        List<Records.Span> failed = new ArrayList<>();
        for (Records.Span span : spans) {
            (span.check() == Records.Check.BAD ? failed : readable).add(span);
        }
        Rows.Row row = new Rows.Row();
        List<Records.Span> unreadable = new ArrayList<>();
        try {
            Records.read(disk, journal, readable, (p, check) -> {
                Map<String, UsageCounters.Tally> legacy = new LinkedHashMap<>();
                long[] accepted = {-1};
                UsageCounters.Tally[] site = new UsageCounters.Tally[1];
                JournalRecord.read(p, row, check, (g, s) -> {
                    replay.maxGeneration = Math.max(replay.maxGeneration, g);
                    if (g < replay.from) {
                        return null;
                    }
                    accepted[0] = g;
                    site[0] = s;
                    // A record that passed its check goes straight on; one without (a 1.x line) once read whole.
                    return check == Records.Check.VALID ? replay.users::put : legacy::put;
                });
                if (accepted[0] >= 0) {
                    legacy.forEach(replay.users::put);
                    replay.site = site[0];
                    replay.records++;
                }
            }, unreadable);
        } catch (IOException e) {
            LOG.warn("cannot read the counters journal {} ({}); its saves are not counted", journal, e.toString());
            return false;
        }
        failed.addAll(unreadable);
        if (!failed.isEmpty()) {
            reportSkipped(journal, spans, failed, size);
        }
        Records.Span last = spans.isEmpty() ? null : spans.get(spans.size() - 1);
        return last == null || last.offset() + last.length() < size;
    }

    private void reportSkipped(Path journal, List<Records.Span> all, List<Records.Span> failed, long size) {
        Records.Span last = all.get(all.size() - 1);
        boolean onlyTheLast = failed.size() == 1 && failed.get(0).equals(last) && last.offset() + last.length() == size;
        if (onlyTheLast) {
            LOG.warn("counters journal {}: its last record is incomplete (a save cut short by a crash) and is "
                    + "ignored; the saves before it count", journal);
        } else {
            LOG.warn("counters journal {}: {} damaged record{} skipped (each holds the counters of one save; the "
                    + "records after them count, so only users who called in just those saves lose those calls)",
                    journal, failed.size(), failed.size() == 1 ? "" : "s");
        }
    }

    private void report(Candidate c, Candidate chosen, Replay replay) {
        if (c.path.equals(files.fresh())) {
            // a full save cut short before it was renamed into place: nothing else needs it
            LOG.info("{} is a full save cut short ({}); removed", c.path, c.problem);
            try {
                disk.delete(c.path);
            } catch (IOException e) {
                LOG.warn("cannot remove {} ({})", c.path, e.toString());
            }
            return;
        }
        String held = c.claimedTotal < 0 ? "how many calls it held cannot be read"
                : "it said " + c.claimedTotal + " calls in all";
        long recovered = replay.site == null ? 0 : replay.site.total();
        String outcome = c.claimedTotal < 0 ? "the counters now total " + recovered
                : recovered >= c.claimedTotal ? "the counters now total " + recovered + ": nothing it held is lost"
                : "the counters now total " + recovered + ": " + (c.claimedTotal - recovered) + " calls lost";
        try {
            Path aside = setAside(c.path);
            LOG.warn("cannot read the counters in {}: {}; {}; kept it as {}; {}{}", c.path, c.problem, held, aside,
                    outcome, chosen == null ? "" : " (read from " + chosen.path + " and the journals)");
        } catch (IOException e) {
            writable = false;  // the next full save would rename it over .bak: refuse, let the operator look
            LOG.error("cannot read the counters in {}: {}; {}; and cannot move it aside ({}): counters will NOT be "
                    + "saved until it is moved away and the service restarted", c.path, c.problem, held, e.toString());
        }
    }

    private Path setAside(Path path) throws IOException {
        Path first = AtomicFiles.asideName(path, clock);
        Path aside = first;
        for (int n = 1; disk.exists(aside); n++) {
            aside = first.resolveSibling(first.getFileName() + "-" + n);
        }
        disk.rename(path, aside);
        return aside;
    }
}
