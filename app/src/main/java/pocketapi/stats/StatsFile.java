package pocketapi.stats;

import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.Map;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import pocketapi.util.Disk;
import pocketapi.util.Lines;

/**
 * The counters on disk: {@code stats.json}, every tally, replaced whole ({@link Disk#replace}: never
 * absent, never half-written), one user per line; {@code stats.json.log}, a line per save since, with
 * the new values of what changed; {@code .bak} and {@code .log.bak}, the two before, which together
 * hold all {@code stats.json} does. Tallies only grow, so a start merges them all by {@link Tally#max},
 * in any order: a line that does not read whole (cut short by a crash) is dropped, a file that does
 * not read is kept aside as {@code .corrupt-<UTC time>}. Earlier versions' files ({@code .new},
 * {@code .journal}, {@code .journal.bak}, {@code stats.redis-base.json}) are merged too and removed
 * by the first whole save. Not thread-safe: start-up, then the saver's thread.
 */
final class StatsFile {
    private static final Logger LOG = LoggerFactory.getLogger(StatsFile.class);

    private final Disk disk;
    private final Path file;
    private final Clock clock;
    private final List<Path> damaged = new ArrayList<>();
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
        return suffix.startsWith(".redis") ? file.resolveSibling(file.getFileName().toString()
                .replaceFirst("(\\.json)?$", suffix)) : file.resolveSibling(file.getFileName() + suffix);
    }

    /** Merges every counters file into {@code to}; false when one is unreadable and cannot be moved aside (never save then). */
    boolean load(StatsFormat.Target to) {
        boolean writable = true;
        for (Path whole : new Path[] {file, sibling(".bak"), sibling(".new"), sibling(".redis-base.json")}) {
            boolean base = whole.toString().endsWith(".redis-base.json");
            if (disk.exists(whole) && (!base || to.others != null)) {
                writable &= readWhole(whole, base ? new StatsFormat.Target(to.others, to.others) : to);
            }
        }
        for (Path lines : new Path[] {sibling(".journal.bak"), sibling(".journal"), sibling(".log.bak"), sibling(".log")}) {
            if (disk.exists(lines)) {
                readLines(lines, to);
            }
        }
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
        try (InputStream in = new BufferedInputStream(disk.read(path))) {
            StatsFormat.read(in, to);
            return true;
        } catch (IOException | RuntimeException e) {
            try {
                LOG.warn("cannot read the counters in {} ({}); kept aside as {}, the other files are read", path,
                        e.getMessage(), disk.setAside(path, clock));
                return true;
            } catch (IOException again) {
                LOG.error("cannot read the counters in {} ({}) nor move it aside ({}): counters are NOT saved until it "
                        + "is moved away by hand", path, e.getMessage(), again.toString());
                return false;
            }
        }
    }

    /** Merges every line that reads whole: each is read once to check it, then again to merge it. */
    private void readLines(Path path, StatsFormat.Target to) {
        BitSet good = new BitSet();
        int lines = 0;
        for (boolean dry : new boolean[] {true, false}) {
            to.dry = dry;
            try (Lines line = new Lines(disk.read(path))) {
                for (lines = 0; line.next(); lines++) {
                    try {
                        if (dry || good.get(lines)) {
                            StatsFormat.read(line, to);
                            good.set(lines);
                        }
                    } catch (IOException | RuntimeException e) {
                        // a line that does not read
                    }
                }
            } catch (IOException e) {
                // what was read so far stands
            }
        }
        to.dry = false;
        int bad = lines - good.cardinality();
        if (bad > 1 || bad == 1 && good.get(lines - 1)) {  // more than a last line cut short
            LOG.warn("{} line(s) of {} cannot be read and are skipped; the file is kept aside at the next save", bad, path);
            damaged.add(path);
        }
    }

    /** Appends one line with the new values of what changed. */
    void append(Map<String, Tally> own, Map<String, Tally> others) throws IOException {
        try (OutputStream out = disk.append(sibling(".log"))) {
            StatsFormat.write(out, null, own, others);
        } finally {
            logBytes = size(sibling(".log"));
        }
    }

    /** A whole save; the file and log before become {@code .bak} and {@code .log.bak}, earlier versions' files go. */
    void save(String instance, Map<String, Tally> own, Map<String, Tally> others) throws IOException {
        disk.replace(file, sibling(".bak"), out -> StatsFormat.write(out, instance, own, others));
        for (Path path : damaged) {
            if (disk.exists(path)) {
                LOG.warn("{} had lines that cannot be read; kept aside as {}", path, disk.setAside(path, clock));
            }
        }
        damaged.clear();
        for (String old : new String[] {".new", ".journal", ".journal.bak", ".redis-base.json", ".log.bak"}) {
            disk.delete(sibling(old));  // earlier versions' files, and the log before
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
