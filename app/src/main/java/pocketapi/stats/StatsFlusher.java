package pocketapi.stats;

import java.io.IOException;
import java.time.Duration;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Saves the counters every interval when they changed (only what changed, see {@link StatsStore}),
 * and once more, in full, on {@link #close}. A failed
 * save (disk full, read-only folder) is logged and retried at the next interval; it never touches
 * request handling, which only ever takes the counters' lock. Thread-safe.
 */
public final class StatsFlusher implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(StatsFlusher.class);

    private final UsageCounters counters;
    private final StatsStore store;
    private final Duration interval;
    private final ScheduledExecutorService timer;
    private long savedVersion;
    /** The first save after start (or after a failure) writes everything: it folds in any journal read at start. */
    private boolean fullSaveNext = true;
    private String lastFailure;

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
     * Saves now if anything changed since the last save: only what changed, as a journal line,
     * or everything when the journal has grown past the counters file (and at the first save).
     *
     * @return true when the disk holds every counted call up to now
     */
    public synchronized boolean flush() {
        if (counters.version() == savedVersion) {
            return true;
        }
        try {
            if (fullSaveNext || store.journalFull()) {
                UsageCounters.Snapshot snapshot = counters.takeSnapshot();
                store.save(snapshot);
                savedVersion = snapshot.version();
                fullSaveNext = false;
            } else {
                UsageCounters.Changes changes = counters.takeChanges();
                store.append(changes);
                savedVersion = changes.version();
            }
            if (lastFailure != null) {
                LOG.info("counters saved to {} again", store.file());
                lastFailure = null;
            }
            return true;
        } catch (IOException | RuntimeException e) {
            fullSaveNext = true;  // what was taken is not on disk: the next save writes everything
            String failure = e.toString();
            if (!failure.equals(lastFailure)) {
                LOG.error("cannot save the counters to {} (will retry every {} s): {}", store.file(),
                        interval.toSeconds(), failure);
            }
            lastFailure = failure;
            return false;
        }
    }

    /** Stops the periodic saves and saves one last time, on the calling thread. */
    @Override
    public void close() {
        timer.shutdown();  // no interrupt: a save under way completes
        try {
            timer.awaitTermination(5, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        long unsaved = counters.version() - savedVersion;
        synchronized (this) {
            fullSaveNext = true;  // a stop folds the journal in, so the next start reads one file
            if (store.hasJournal()) {
                savedVersion = Long.MIN_VALUE;  // even when nothing changed since the last line
            }
        }
        if (!flush()) {
            LOG.error("the final save to {} failed ({}): the last {} counted call{} lost", store.file(), lastFailure,
                    unsaved, unsaved == 1 ? " is" : "s");
        }
    }
}
