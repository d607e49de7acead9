package pocketapi.util;

import java.util.Collections;
import java.util.Set;
import java.util.WeakHashMap;
import java.util.concurrent.atomic.AtomicLong;

import org.slf4j.Logger;

/**
 * Something that may happen often (a client going away, a malformed request), counted and logged
 * at most once a minute, with how many times it happened since the last line: a flood of it can
 * never flood the log. What was counted after the last line is logged by {@link #flushAll}: a
 * minute later at the latest, and at the stop. Thread-safe.
 */
public final class Summary {
    private static final long MINUTE = 60_000_000_000L;
    /** Every summary, for {@link #flushAll} (weakly: a test's servers come and go). */
    private static final Set<Summary> ALL = Collections.synchronizedSet(Collections.newSetFromMap(new WeakHashMap<>()));
    private final Logger log;
    private final boolean warn;
    private final String line;
    private final AtomicLong count = new AtomicLong();
    private final AtomicLong reportedAt = new AtomicLong(System.nanoTime() - MINUTE);

    /** @param line the log line, {@code %d} where the count goes */
    public Summary(Logger log, boolean warn, String line) {
        this.log = log;
        this.warn = warn;
        this.line = line;
        ALL.add(this);
    }

    public void count() {
        count.incrementAndGet();
        report(false);
    }

    /** Logs what was counted since the last line, if anything: when a minute has passed, or {@code now}. */
    void report(boolean now) {
        long at = System.nanoTime();
        long last = reportedAt.get();
        if ((now || at - last >= MINUTE) && count.get() > 0 && reportedAt.compareAndSet(last, at)) {
            String text = String.format(line, count.getAndSet(0));
            if (warn) {
                log.warn(text);
            } else {
                log.info(text);
            }
        }
    }

    /** Logs what each summary counted since its last line: once a minute (a minute after it), or at the stop (all). */
    public static void flushAll(boolean stopping) {
        Summary[] all;
        synchronized (ALL) {
            all = ALL.toArray(new Summary[0]);
        }
        for (Summary s : all) {
            s.report(stopping);
        }
    }
}
