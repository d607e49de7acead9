package pocketapi.common;

import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;

/**
 * The threads of the service's background jobs: one job, one thread, so that none waits behind another (the counters'
 * saver never behind a fetch that drips a byte a second). Each thread is a daemon: none keeps the JVM alive after the
 * shutdown hook has stopped what must finish.
 *
 * <ul>
 *   <li>{@code counters-save}: the counters' saves to STATS_FILE;
 *   <li>{@code counters-redis}: the sends to Redis (Redis mode);
 *   <li>{@code updates}: the holiday updaters' rounds, each at most a minute;
 *   <li>{@code folders}: the looks at CALENDARS_DIR, IMAGE_POOLS_DIR and HITOKOTO_DIR;
 *   <li>{@code notify}: the notifications;
 *   <li>{@code log}: once a minute, the log's summaries of lines it held back.
 * </ul>
 */
public final class Jobs {
    private Jobs() {}

    /** A scheduler of one daemon thread named {@code name}. */
    public static ScheduledExecutorService thread(String name) {
        return Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, name);
            t.setDaemon(true);
            return t;
        });
    }
}
