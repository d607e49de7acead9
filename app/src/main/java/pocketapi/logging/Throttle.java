package pocketapi.logging;

import java.util.Collections;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.WeakHashMap;
import java.util.function.LongSupplier;
import org.slf4j.Logger;

/**
 * The one way a line that may repeat is kept from flooding the log. By key: {@link #first} says whether a problem is
 * new (not seen since {@link #clear}, or within the period), {@link #told} what a key's outcome was when last told (say
 * it only when it changes), so that a failure retried every second gives one line, not one per attempt. Counted:
 * {@link #count} logs at most a line a minute with how many times it happened since the last one, and what came after
 * the last line is told by {@link #flushAll} (a minute later at the latest, and at the stop). Thread-safe.
 */
public final class Throttle {
    private static final long MINUTE = 60_000_000_000L;
    /** Every counted throttle, for {@link #flushAll} (weakly: a test's servers come and go). */
    private static final Set<Throttle> COUNTED =
            Collections.synchronizedSet(Collections.newSetFromMap(new WeakHashMap<>()));

    private final Map<String, Object> seen = new HashMap<>();
    private final LongSupplier now;
    private final long period;
    private final Logger log;
    private final boolean warn;
    private final String line;
    private long count;
    private long reportedAt;

    private Throttle(LongSupplier now, long period, Logger log, boolean warn, String line) {
        this.now = now;
        this.period = period;
        this.log = log;
        this.warn = warn;
        this.line = line;
        this.reportedAt = now.getAsLong() - MINUTE;
        if (log != null) {
            COUNTED.add(this);
        }
    }

    /** Each key once, until {@link #clear}. */
    public static Throttle untilCleared() {
        return new Throttle(() -> 0, Long.MAX_VALUE, null, false, null);
    }

    /** Each key once per {@code period} of {@code now} (e.g. once per UTC+8 day: now = the epoch day, period 1). */
    public static Throttle per(long period, LongSupplier now) {
        return new Throttle(now, period, null, false, null);
    }

    /** Something that may happen often: {@code line} with {@code %d} where the count goes, a WARN or an INFO. */
    public static Throttle counting(Logger log, boolean warn, String line) {
        return counting(log, warn, line, System::nanoTime);
    }

    /** {@link #counting(Logger, boolean, String)} on a clock of nanoseconds of one's own. */
    public static Throttle counting(Logger log, boolean warn, String line, LongSupplier nanos) {
        return new Throttle(nanos, MINUTE, log, warn, line);
    }

    /** True when {@code key} should be logged now (and it is then counted as logged). */
    public synchronized boolean first(String key) {
        long t = now.getAsLong();
        Object last = seen.get(key);
        if (last != null && (period == Long.MAX_VALUE || t - (Long) last < period)) {
            return false;
        }
        remember(key, t);
        return true;
    }

    /** The outcome last told for {@code key} (null: none), {@code outcome} being the last told from now on. */
    public synchronized String told(String key, String outcome) {
        Object before = seen.get(key);
        remember(key, outcome);
        return before instanceof String s ? s : null;
    }

    private void remember(String key, Object value) {
        if (seen.size() > 1_000 && !seen.containsKey(key)) {
            seen.clear(); // distinct problems are few; this only bounds a pathological case
        }
        seen.put(key, value);
    }

    /** Forgets every key: the next occurrence of any problem is logged again (the trouble is over). */
    public synchronized void clear() {
        seen.clear();
    }

    /** One more occurrence: logged now when a minute passed since the last line, else with the next. */
    public void count() {
        synchronized (this) {
            count++;
        }
        report(false);
    }

    /** Logs what was counted since the last line, if anything: when a minute has passed, or {@code now}. */
    void report(boolean force) {
        String text;
        synchronized (this) {
            long at = now.getAsLong();
            if (count == 0 || !force && at - reportedAt < MINUTE) {
                return;
            }
            reportedAt = at;
            text = String.format(line, count);
            count = 0;
        }
        if (warn) {
            log.warn(text);
        } else {
            log.info(text);
        }
    }

    /**
     * Logs what each counted throttle counted since its last line: once a minute (a minute after it), or at the stop
     * (all).
     */
    public static void flushAll(boolean stopping) {
        Throttle[] all;
        synchronized (COUNTED) {
            all = COUNTED.toArray(new Throttle[0]);
        }
        for (Throttle t : all) {
            t.report(stopping);
        }
    }
}
