package pocketapi.util;

import java.util.concurrent.atomic.AtomicLong;

import org.slf4j.Logger;

/**
 * Something that may happen often (a client going away, a malformed request), counted and logged
 * at most once a minute, with how many times it happened since the last line: a flood of it can
 * never flood the log. Thread-safe.
 */
public final class Summary {
    private static final long MINUTE = 60_000_000_000L;
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
    }

    public void count() {
        count.incrementAndGet();
        long now = System.nanoTime();
        long last = reportedAt.get();
        if (now - last >= MINUTE && reportedAt.compareAndSet(last, now)) {
            String text = String.format(line, count.getAndSet(0));
            if (warn) {
                log.warn(text);
            } else {
                log.info(text);
            }
        }
    }
}
