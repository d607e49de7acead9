package pocketapi.stats;

import java.io.IOException;
import java.time.Duration;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import pocketapi.util.LogOnce;

/**
 * Saves the counters every interval when they changed (only what changed, see {@link StatsStore}),
 * and once more, in full, on {@link #close}. A failed save (disk full, read-only folder) is logged
 * once and retried at the next interval with everything since the last save that succeeded; it
 * never touches request handling, which only ever takes the counters' lock for a copy. Thread-safe.
 */
public final class StatsFlusher implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(StatsFlusher.class);

    private final UsageCounters counters;
    private final StatsStore store;
    private final Duration interval;
    private final ScheduledExecutorService timer;
    /** The counters' version the disk holds: every call up to it is saved. */
    private long savedVersion;
    /**
     * The first save after start writes everything, even when nothing was counted since: it folds in
     * the journals read at start, and forces what was read (a crash can leave saves that were read
     * back from the page cache but never reached the device).
     */
    private boolean fullSaveNext = true;
    private final LogOnce failures = LogOnce.untilCleared();

    public StatsFlusher(UsageCounters counters, StatsStore store, Duration interval) {
        this.counters = counters;
        this.store = store;
        this.interval = interval;
        this.savedVersion = counters.version();
        // A daemon is fine here: the final save runs in close(), on the thread that stops the service.
        this.timer = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "stats-flush");
            t.setDaemon(true);
            return t;
        });
    }

    /** Starts the periodic saves. */
    public void start() {
        long millis = interval.toMillis();
        timer.scheduleWithFixedDelay(this::flush, millis, millis, TimeUnit.MILLISECONDS);
    }

    /**
     * Saves now if anything changed since the last save: only what changed, as a journal record,
     * or everything when the journal has grown past the counters file (and at the first save).
     *
     * @return true when the disk holds every counted call up to now
     */
    public synchronized boolean flush() {
        return flush(false);
    }

    private boolean flush(boolean full) {
        if (counters.version() == savedVersion && !full && !fullSaveNext) {
            return true;
        }
        try {
            if (full || fullSaveNext || store.journalFull()) {
                UsageCounters.Snapshot all = counters.snapshot();
                store.save(all, all.changedAfter(savedVersion));
                savedVersion = all.version();
                fullSaveNext = false;
            } else {
                UsageCounters.Snapshot changes = counters.changesSince(savedVersion);
                store.append(changes);
                savedVersion = changes.version();
            }
            if (failures.any()) {
                LOG.info("counters saved to {} again", store.file());
                failures.clear();
            }
            return true;
        } catch (IOException | RuntimeException e) {
            if (failures.first(e.toString())) {
                LOG.error("cannot save the counters to {} (will retry every {} s): {}", store.file(),
                        interval.toSeconds(), e.toString());
            }
            lastFailure = e.toString();
            return false;
        }
    }

    private String lastFailure;

    /**
     * Stops the periodic saves and saves one last time, in full, on the calling thread.
     *
     * @return whether the device holds every counter (false: the last save failed, and says what is lost)
     */
    public boolean stop() {
        timer.shutdown();  // no interrupt: a save under way completes
        try {
            timer.awaitTermination(2, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        synchronized (this) {
            // A stop folds the journal in, so the next start reads one file (and forces what the start read).
            boolean full = fullSaveNext || store.hasJournal() || counters.version() != savedVersion;
            if (!full || flush(true)) {
                return true;
            }
            long lost = counters.version() - savedVersion;
            LOG.error("the final save to {} failed ({}): the last {} counted call{} lost{}", store.file(), lastFailure,
                    lost, lost == 1 ? " is" : "s are", fullSaveNext ? ", and what was read at start may not be on "
                    + "the device either (it was not saved since)" : "");
            return false;
        }
    }

    @Override
    public void close() {
        stop();
    }
}
