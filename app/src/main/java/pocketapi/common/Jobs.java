package pocketapi.common;

import java.time.Duration;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import pocketapi.logging.LogText;
import pocketapi.logging.Throttle;

/**
 * The service's background jobs: their threads, one job, one thread, so that none waits behind another (the counters'
 * saver never behind a fetch that drips a byte a second), and the one way a task is scheduled on them. An executor runs
 * a periodic task that throws never again, and says nothing: every task goes through {@link #every} or {@link #once},
 * which catch what it throws, log it (an ERROR with the trace, once per kind of failure until the task has run to its
 * end again) and keep the schedule. Each thread is a daemon: none keeps the JVM alive after the shutdown hook has
 * stopped what must finish.
 *
 * <ul>
 *   <li>{@code counters-save}: the counters' saves to STATS_FILE;
 *   <li>{@code counters-redis}: the sends to Redis (Redis mode);
 *   <li>{@code updates}: the holiday updaters' rounds, each at most a minute;
 *   <li>{@code folders}: the looks at CALENDARS_DIR, IMAGE_POOLS_DIR and HITOKOTO_DIR;
 *   <li>{@code notify}: the notifications;
 *   <li>{@code log}: once a minute, the log's summaries of lines it held back; once, a second after the start, the
 *       warm-up of the JSON codec.
 * </ul>
 */
public final class Jobs {
    private static final Logger LOG = LoggerFactory.getLogger(Jobs.class);

    private Jobs() {}

    /** A scheduler of one daemon thread named {@code name}. */
    public static ScheduledExecutorService thread(String name) {
        return Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, name);
            t.setDaemon(true);
            return t;
        });
    }

    /**
     * Runs {@code task} on {@code thread} after {@code first}, then {@code period} after each run ends, whatever a run
     * throws.
     *
     * @param what the job, as a log line names it (e.g. "the counters' save")
     */
    public static ScheduledFuture<?> every(
            ScheduledExecutorService thread, String what, Duration first, Duration period, Runnable task) {
        return thread.scheduleWithFixedDelay(
                guarded(what, "it runs again in " + LogText.duration(period), task),
                first.toMillis(),
                period.toMillis(),
                TimeUnit.MILLISECONDS);
    }

    /** Runs {@code task} once on {@code thread} after {@code delay}; what it throws is logged. */
    public static ScheduledFuture<?> once(ScheduledExecutorService thread, String what, Duration delay, Runnable task) {
        return thread.schedule(guarded(what, "it is not run again", task), delay.toMillis(), TimeUnit.MILLISECONDS);
    }

    private static Runnable guarded(String what, String next, Runnable task) {
        Throttle told = Throttle.untilCleared();
        return () -> {
            try {
                task.run();
                told.clear();
            } catch (RuntimeException | Error e) { // thrown out of a scheduled task, it would cancel the schedule
                if (told.first(kind(e))) {
                    LOG.error("{} failed unexpectedly ({}); {}", what, e, next, e);
                }
            }
        };
    }

    /** A failure's kind: its class and where it was thrown (a message may vary from one run to the next). */
    private static String kind(Throwable e) {
        StackTraceElement[] at = e.getStackTrace();
        return e.getClass().getName() + (at.length > 0 ? " at " + at[0] : ": " + e.getMessage());
    }
}
