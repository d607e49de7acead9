package pocketapi.stats;

import java.time.Clock;
import java.time.LocalDate;
import java.util.Map;

import pocketapi.util.Utc8;
import pocketapi.util.BoundedLru;

/**
 * Request counters for the whole site and per user: totals, and counts for the current UTC+8 day
 * (they roll over at 00:00 UTC+8, by the injected clock).
 *
 * <p>{@link #record} increments and reads back under one lock, so every call reports the numbers
 * that include itself, and concurrent calls report distinct, gapless counts. The critical section
 * is a few field updates and one map lookup. At most {@code maxUsers} users are kept; past that the
 * least recently seen is dropped, while the site counters stay exact. Thread-safe.
 */
public final class UsageCounters implements Counters {

    /**
     * A copy of counters, users from least to most recently seen. {@code changed[i]} is the
     * {@link #version()} of user i's last call, so a saver can tell what changed since its last save.
     */
    public record Snapshot(Tally site, String[] users, Tally[] tallies, long[] changed, long version) {
        /** Counters restored from a file (nothing changed since). */
        public Snapshot(Tally site, String[] users, Tally[] tallies) {
            this(site, users, tallies, new long[users.length], 0);
        }

        /** The site and the users who called after {@code version}: what a save since then adds. */
        public Snapshot changedAfter(long version) {
            int n = 0;
            for (long c : changed) {
                if (c > version) {
                    n++;
                }
            }
            String[] ids = new String[n];
            Tally[] t = new Tally[n];
            long[] c = new long[n];
            for (int i = 0, j = 0; i < users.length; i++) {
                if (changed[i] > version) {
                    ids[j] = users[i];
                    t[j] = tallies[i];
                    c[j++] = changed[i];
                }
            }
            return new Snapshot(site, ids, t, c, this.version);
        }
    }

    /** One counter pair and the UTC+8 epoch day its daily count belongs to. */
    public record Tally(long total, long daily, long day) {
    }

    private static final class Counter {
        long total;
        long daily;
        long day;
        long changed;

        Counter(long total, long daily, long day) {
            this.total = total;
            this.daily = daily;
            this.day = day;
        }

        void increment(long today, long version) {
            if (day != today) {
                day = today;
                daily = 0;
            }
            total++;
            daily++;
            changed = version;
        }

        Tally tally() {
            return new Tally(total, daily, day);
        }
    }

    private final Clock clock;
    private final int maxUsers;
    private final Counter site;
    private final BoundedLru<String, Counter> users;
    private long version;
    /** Zero counters. */
    public UsageCounters(Clock clock, int maxUsers) {
        this(clock, maxUsers, null);
    }

    /** Counters continuing from a snapshot (null: zero). */
    public UsageCounters(Clock clock, int maxUsers, Snapshot restored) {
        if (maxUsers < 1) {
            throw new IllegalArgumentException("maxUsers must be at least 1");
        }
        this.clock = clock;
        this.maxUsers = maxUsers;
        // Access order: a lookup moves the user to the end, so the eldest entry is the least recently seen.
        this.users = new BoundedLru<>(maxUsers);
        if (restored == null) {
            this.site = new Counter(0, 0, Utc8.epochDay(clock));
        } else {
            this.site = counter(restored.site());
            for (int i = 0; i < restored.users().length; i++) {
                users.put(restored.users()[i], counter(restored.tallies()[i]));
            }
        }
    }

    private static Counter counter(Tally t) {
        return new Counter(t.total(), t.daily(), t.day());
    }

    @Override
    public void count(String user) {
        record(user);
    }

    @Override
    public Report countAndReport(String user) {
        return record(user);
    }

    /**
     * Counts one call by {@code user} and reports the counters including it.
     */
    public Report record(String user) {
        long today = Utc8.epochDay(clock);
        long siteTotal;
        long siteDaily;
        long userTotal;
        long userDaily;
        synchronized (this) {
            version++;
            site.increment(today, version);
            Counter counter = users.get(user);
            if (counter == null) {
                counter = new Counter(0, 0, today);
                users.put(user, counter);
            }
            counter.increment(today, version);
            siteTotal = site.total;
            siteDaily = site.daily;
            userTotal = counter.total;
            userDaily = counter.daily;
        }
        return new Report(LocalDate.ofEpochDay(today), user, siteTotal, siteDaily, userTotal, userDaily);
    }

    /** A consistent copy of every counter (a few longs per user), for a full save. */
    public synchronized Snapshot snapshot() {
        return copy(Long.MIN_VALUE);
    }

    /** The site's counters and those of the users who called after {@code version}, for a journal line. */
    public synchronized Snapshot changesSince(long version) {
        return copy(version);
    }

    private Snapshot copy(long since) {
        int n = 0;
        if (since == Long.MIN_VALUE) {
            n = users.size();
        } else {
            for (Counter c : users.values()) {
                if (c.changed > since) {
                    n++;
                }
            }
        }
        String[] ids = new String[n];
        Tally[] tallies = new Tally[n];
        long[] changed = new long[n];
        int i = 0;
        for (Map.Entry<String, Counter> e : users.entrySet()) {
            Counter c = e.getValue();
            if (c.changed > since) {
                ids[i] = e.getKey();
                tallies[i] = c.tally();
                changed[i++] = c.changed;
            }
        }
        return new Snapshot(site.tally(), ids, tallies, changed, version);
    }

    /** Grows with every counted call: a snapshot is stale when this has moved on. */
    public synchronized long version() {
        return version;
    }

    /** How many users are tracked now (at most {@code maxUsers}). */
    public synchronized int userCount() {
        return users.size();
    }
}
