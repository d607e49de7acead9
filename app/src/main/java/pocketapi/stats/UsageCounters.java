package pocketapi.stats;

import java.time.Clock;
import java.time.LocalDate;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;

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

    /** A copy of all counters, users from least to most recently seen; {@code version} grows with every call. */
    public record Snapshot(Tally site, String[] users, Tally[] tallies, long version) {
    }

    /** One counter pair and the UTC+8 epoch day its daily count belongs to. */
    public record Tally(long total, long daily, long day) {
    }

    private static final class Counter {
        long total;
        long daily;
        long day;

        Counter(long total, long daily, long day) {
            this.total = total;
            this.daily = daily;
            this.day = day;
        }

        void increment(long today) {
            if (day != today) {
                day = today;
                daily = 0;
            }
            total++;
            daily++;
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
    /**
     * The users whose counters changed since the last {@link #takeChanges} or {@link #takeSnapshot},
     * least recently seen first (so that reading them back keeps who was seen last).
     */
    private final Set<String> changed = new LinkedHashSet<>();

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
        this.users = new BoundedLru<>(maxUsers, (user, counter) -> changed.remove(user));
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
            site.increment(today);
            Counter counter = users.get(user);
            if (counter == null) {
                counter = new Counter(0, 0, today);
                users.put(user, counter);
            }
            counter.increment(today);
            changed.remove(user);
            changed.add(user);
            version++;
            siteTotal = site.total;
            siteDaily = site.daily;
            userTotal = counter.total;
            userDaily = counter.daily;
        }
        return new Report(LocalDate.ofEpochDay(today), user, siteTotal, siteDaily, userTotal, userDaily);
    }

    /** What changed since the last take: the site's counters and those of the users who called since. */
    public record Changes(Tally site, String[] users, Tally[] tallies, long version) {
    }

    /** The counters changed since the last take (for the journal); the next take starts from here. */
    public synchronized Changes takeChanges() {
        String[] ids = changed.toArray(new String[0]);
        Tally[] tallies = new Tally[ids.length];
        for (int i = 0; i < ids.length; i++) {
            tallies[i] = users.get(ids[i]).tally();
        }
        changed.clear();
        return new Changes(site.tally(), ids, tallies, version);
    }

    /** Every counter (for a full save); the next {@link #takeChanges} starts from here. */
    public synchronized Snapshot takeSnapshot() {
        changed.clear();
        return snapshot();
    }

    /** A consistent copy of every counter (cheap: references and a few longs per user). */
    public synchronized Snapshot snapshot() {
        String[] ids = new String[users.size()];
        Tally[] tallies = new Tally[users.size()];
        int i = 0;
        for (Map.Entry<String, Counter> e : users.entrySet()) {
            ids[i] = e.getKey();
            tallies[i++] = e.getValue().tally();
        }
        return new Snapshot(site.tally(), ids, tallies, version);
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
