package pocketapi.util;

import java.util.HashMap;
import java.util.Map;
import java.util.function.LongSupplier;

/**
 * "Log once per distinct problem": {@link #first} says whether a problem is new, so that a failure
 * retried every second gives one log line, not one per attempt. A problem is new when its key was
 * not seen since the last {@link #clear} (or, with a period, not within the last period: a WARN
 * once a day). Thread-safe.
 */
public final class LogOnce {
    private final Map<String, Long> seen = new HashMap<>();
    private final LongSupplier now;
    private final long period;

    private LogOnce(LongSupplier now, long period) {
        this.now = now;
        this.period = period;
    }

    /** Each key once, until {@link #clear}. */
    public static LogOnce untilCleared() {
        return new LogOnce(() -> 0, Long.MAX_VALUE);
    }

    /** Each key once per {@code period} of {@code now} (e.g. once per UTC+8 day: now = the epoch day, period 1). */
    public static LogOnce per(long period, LongSupplier now) {
        return new LogOnce(now, period);
    }

    /** True when {@code key} should be logged now (and it is then counted as logged). */
    public synchronized boolean first(String key) {
        long t = now.getAsLong();
        Long last = seen.get(key);
        if (last != null && (period == Long.MAX_VALUE || t - last < period)) {
            return false;
        }
        if (seen.size() > 1_000) {
            seen.clear();  // distinct problems are few; this only bounds a pathological case
        }
        seen.put(key, t);
        return true;
    }

    /** Forgets every key: the next occurrence of any problem is logged again (the trouble is over). */
    public synchronized void clear() {
        seen.clear();
    }
}
