package pocketapi.counters;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.HexFormat;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ThreadLocalRandom;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import pocketapi.common.Jobs;
import pocketapi.files.Disk;

/**
 * Keeps the counters in their files ({@link StatsFile}): every {@code STATS_FLUSH_SECONDS}, if anything changed, log
 * lines with the new values of what changed ({@value #LINE_USERS} users a line); a whole save first after a start, when
 * the log outgrew the file, after a failed save and at stop. Users idle for longer than {@code STATS_USER_DAYS} are
 * forgotten before a save. A failure is logged once (its recovery too) and loses nothing: the next save writes all
 * since the last that worked. Thread-safe.
 */
public final class StatsFlusher {
    private static final Logger LOG = LoggerFactory.getLogger(StatsFlusher.class);
    /** The file's tracker of {@link LocalCounters}. */
    static final int FILE = 0;
    /** Users a log line holds at most: a line is read whole, so it stays small. */
    static final int LINE_USERS = 1_000;

    private final LocalCounters own;
    private final LocalCounters others;
    private final StatsFile file;
    private final Duration every;
    private final int userDays;
    private final boolean writable;
    private final String instance;
    private final int hashedUsers;
    private boolean wholeNext = true;
    private boolean instanceSaved;
    private volatile long savedSiteTotal;
    /** When the last save that worked ended (epoch milliseconds), 0 before the first: for /metrics. */
    private volatile long lastSaveMillis;

    private String failing;
    private ScheduledFuture<?> task;

    /** Reads the counters' files into {@code own} and {@code others} (Redis mode's others' part; null in file mode). */
    public StatsFlusher(
            Disk disk, Path path, Clock clock, Duration every, int userDays, LocalCounters own, LocalCounters others) {
        this.own = own;
        this.others = others;
        this.file = new StatsFile(disk, path, clock);
        this.every = every;
        this.userDays = userDays;
        StatsFormat.Target read = new StatsFormat.Target(own, others);
        this.writable = file.load(read);
        this.instanceSaved = read.instance != null && read.instance.matches("[0-9a-f]{16}");
        this.hashedUsers = read.hashedIds;
        this.instance = instanceSaved
                ? read.instance
                : HexFormat.of().toHexDigits(ThreadLocalRandom.current().nextLong());
        this.savedSiteTotal = own.siteTally().total();
    }

    /**
     * How many users the files held as keyed hashes (a user of several log lines once a line): under the users' key.
     */
    public int hashedUsers() {
        return hashedUsers;
    }

    /** This instance's id: its values in Redis are its own. */
    public String instance() {
        return instance;
    }

    /** Whether this instance's id is on disk (a new one is saved now): nothing may be sent to Redis under it before. */
    public synchronized boolean instanceSaved() {
        return instanceSaved || save(true);
    }

    /** When the last save that worked ended (epoch milliseconds), 0 before the first. */
    public long lastSaveMillis() {
        return lastSaveMillis;
    }

    /** The calls counted since the last save that worked (what a crash now would lose, at most). */
    public long unsavedCalls() {
        return Math.max(0, own.siteTally().total() - savedSiteTotal);
    }

    public Path file() {
        return file.file();
    }

    /** Saves every interval, on {@code scheduler}. */
    public void start(ScheduledExecutorService scheduler) {
        task = Jobs.every(scheduler, "the counters' save", every, every, () -> save(false));
    }

    /** Saves what changed: log lines, or a whole save when one is due or {@code whole}. */
    public synchronized boolean save(boolean whole) {
        if (!writable) {
            return false;
        }
        own.forgetUsersIdle(userDays);
        long total = own.siteTally().total();
        try {
            if (whole || wholeNext || file.logFull()) {
                file.save(instance, own.snapshot(FILE), others == null ? null : others.snapshot(FILE));
                wholeNext = false;
                instanceSaved = true;
            } else {
                appendChanges();
            }
            savedSiteTotal = Math.max(savedSiteTotal, total);
            lastSaveMillis = System.currentTimeMillis();
            if (failing != null) {
                LOG.info("the counters are saved to {} again", file.file());
                failing = null;
            }
            return true;
        } catch (IOException | RuntimeException e) {
            wholeNext = true; // a line may be half-written, or changes were taken: the next save writes everything
            if (!e.toString().equals(failing)) {
                failing = e.toString();
                LOG.error(
                        "cannot save the counters to {} ({}); counting goes on in memory, and the next save, "
                                + "every {} s, "
                                + "writes everything since the last one that worked",
                        file.file(),
                        failing,
                        every.toSeconds());
            }
            return false;
        }
    }

    /** The changes, {@value #LINE_USERS} users a line, the others' part in the first. */
    private void appendChanges() throws IOException {
        LocalCounters.Changes theirs = others == null ? null : others.take(FILE, Integer.MAX_VALUE);
        for (boolean first = true; ; first = false) {
            LocalCounters.Changes mine = own.take(FILE, LINE_USERS);
            boolean withOthers = first && theirs != null && !theirs.isEmpty();
            if (mine.isEmpty() && !withOthers) {
                return;
            }
            StatsFormat.Line line = StatsFormat.Line.of(mine);
            file.append(withOthers ? line.with(StatsFormat.Line.of(theirs)) : line);
        }
    }

    /** Stops saving, then saves everything; false (with an ERROR saying how many calls are lost) when that fails. */
    public synchronized boolean stop() {
        if (task != null) {
            task.cancel(false);
        }
        if (save(true)) {
            return true;
        }
        LOG.error(
                "the final save to {} failed: the last {} counted calls are lost",
                file.file(),
                own.siteTally().total() - savedSiteTotal);
        return false;
    }
}
