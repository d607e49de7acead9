package pocketapi.counters;

import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import pocketapi.files.Disk;
import pocketapi.files.Lines;

/**
 * The counters on disk: {@code stats.json}, every count, replaced whole ({@link Disk#replace}: never absent, never
 * half-written); {@code stats.json.log}, lines with the new values of what changed since; {@code .bak} and
 * {@code .log.bak}, the two before, which together hold all {@code stats.json} does. Counts only grow, so a start
 * merges them all by taking the larger, in any order: a line that does not read whole (cut short by a crash) is
 * dropped, a file that does not read is kept aside as {@code .corrupt-<UTC time>}. Files of versions before 1.0.0 are
 * refused, one line each. Not thread-safe: start-up, then the saver's thread.
 */
final class StatsFile {
    private static final Logger LOG = LoggerFactory.getLogger(StatsFile.class);
    /** Files of versions before 1.0.0 that nothing reads any more. */
    private static final List<String> BEFORE_1_0 =
            List.of(".new", ".journal", ".journal.bak", ".redis-base.json", ".redis-pending.json");

    private final Disk disk;
    private final Path file;
    private final Clock clock;
    private final List<Path> damaged = new ArrayList<>();
    /** Whether a file held raw ids: the next whole save leaves none of them on disk. */
    private boolean rawIds;

    private long logBytes;
    private long fileBytes;

    StatsFile(Disk disk, Path file, Clock clock) {
        this.disk = disk;
        this.file = file;
        this.clock = clock;
    }

    Path file() {
        return file;
    }

    private Path sibling(String suffix) {
        return file.resolveSibling(file.getFileName() + suffix);
    }

    /**
     * Merges every counters file into {@code to}; false when one is unreadable and cannot be moved aside (never save
     * then).
     */
    boolean load(StatsFormat.Target to) {
        for (String old : BEFORE_1_0) {
            if (disk.exists(sibling(old))) {
                LOG.warn(
                        "{} is a file of a version before 1.0.0, which this version does not read; it is left as it is",
                        sibling(old));
            }
        }
        // Oldest first: counts merge by the larger whatever the order, but at the user bound a user read makes room by
        // dropping the least recently read, so the last save's users must be read last to be the ones kept.
        boolean writable = readWhole(sibling(".bak"), to);
        readLines(sibling(".log.bak"), to);
        writable &= readWhole(file, to);
        readLines(sibling(".log"), to);
        rawIds = to.rawIds;
        fileBytes = size(file);
        logBytes = size(sibling(".log"));
        return writable;
    }

    private long size(Path path) {
        try {
            return disk.exists(path) ? disk.size(path) : 0;
        } catch (IOException e) {
            return 0;
        }
    }

    private boolean readWhole(Path path, StatsFormat.Target to) {
        if (!disk.exists(path)) {
            return true;
        }
        try (InputStream in = new BufferedInputStream(disk.read(path), 1 << 16)) {
            StatsFormat.read(in, to);
            return true;
        } catch (IOException | RuntimeException e) {
            try {
                LOG.warn(
                        "cannot read the counters in {} ({}); kept aside as {}, the other files are read",
                        path,
                        e.getMessage(),
                        disk.setAside(path, clock));
                return true;
            } catch (IOException again) {
                LOG.error(
                        "cannot read the counters in {} ({}) nor move it aside ({}): counters are NOT saved until it "
                                + "is moved away by hand",
                        path,
                        e.getMessage(),
                        again.toString());
                return false;
            }
        }
    }

    /** Merges every line that reads whole. */
    private void readLines(Path path, StatsFormat.Target to) {
        if (!disk.exists(path)) {
            return;
        }
        int lines = 0;
        int bad = 0;
        boolean lastBad = false;
        try (Lines line = new Lines(disk.read(path))) {
            for (; line.next(); lines++) {
                try {
                    StatsFormat.readLine(line, to);
                    lastBad = false;
                } catch (IOException | RuntimeException e) {
                    bad++;
                    lastBad = true;
                }
            }
        } catch (IOException e) {
            LOG.warn(
                    "cannot read {} past its line {} ({}); the lines before it are counted, and the file is kept aside "
                            + "at the next save",
                    path,
                    lines + 1,
                    e.getMessage());
            damaged.add(path);
            return;
        }
        if (bad > 1 || bad == 1 && !lastBad) { // more than a last line cut short
            LOG.warn(
                    "{} line(s) of {} cannot be read and are skipped; the file is kept aside at the next save",
                    bad,
                    path);
            damaged.add(path);
        }
    }

    /** Appends one line with the new values of what changed. */
    void append(StatsFormat.Line line) throws IOException {
        try (OutputStream out = disk.append(sibling(".log"))) {
            StatsFormat.writeLine(out, line);
        } finally {
            logBytes = size(sibling(".log"));
        }
    }

    /** A whole save; the file and log before become {@code .bak} and {@code .log.bak}. */
    void save(String instance, LocalCounters.Snapshot own, LocalCounters.Snapshot others) throws IOException {
        disk.replace(file, sibling(".bak"), out -> StatsFormat.write(out, instance, own, others));
        for (Path path : damaged) {
            if (disk.exists(path)) {
                LOG.warn("{} had lines that cannot be read; kept aside as {}", path, disk.setAside(path, clock));
            }
        }
        damaged.clear();
        disk.delete(sibling(".log.bak"));
        if (rawIds) {
            disk.delete(sibling(".log"));
            disk.delete(sibling(".bak"));
            disk.link(file, sibling(".bak"));
            rawIds = false;
            LOG.info("the counters in {} now hold each user as a keyed hash; no file holds the ids any more", file);
        }
        if (disk.exists(sibling(".log"))) {
            disk.rename(sibling(".log"), sibling(".log.bak"));
        }
        fileBytes = disk.size(file);
        logBytes = 0;
    }

    /** Whether the log has outgrown the file it follows (and 1 MB): time for a whole save. */
    boolean logFull() {
        return logBytes > Math.max(fileBytes, 1 << 20);
    }
}
