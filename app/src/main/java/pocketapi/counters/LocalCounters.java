package pocketapi.counters;

import java.time.Clock;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import pocketapi.common.Utc8;
import pocketapi.web.Family;

/**
 * Request counters for the site and per user (a {@link Tally} each, users by their keyed hash in a {@link UserTable}:
 * at most {@code maxUsers}, the least recently seen dropped first), and the site's calls per UTC+8 day by
 * {@link Family}, kept {@code historyDays} days. {@link #record} counts and reads back under one lock, so a call
 * reports numbers that include itself, and concurrent calls distinct, gapless counts. Every count only grows, so copies
 * merge by taking the larger. Each reader of changes (the file, the Redis sender) {@link #take}s what changed since its
 * last take, as absolute values, in batches. Thread-safe.
 */
public final class LocalCounters implements Counters {
    /** The key of the site's tally: no user's key is 0. */
    public static final long SITE = 0;
    /** What a user takes of the heap: its place in the table, and in the copy a whole save writes from. */
    public static final int BYTES_PER_USER = UserTable.BYTES_PER_USER + 28;
    /** A day's columns: the site's count, then each family's. */
    static final int COLUMNS = 1 + Family.values().length;

    private final Clock clock;
    private final int maxUsers;
    private final int historyDays;
    private final int trackers;
    private volatile UserKeys keys;
    /** The site's tally, in fields (a call makes no object of it). */
    private long siteTotal;

    private long siteDaily;
    private long siteDay;
    private UserTable users;
    private final TreeMap<Long, long[]> days = new TreeMap<>();
    private final boolean[] siteChanged;
    private final List<Set<Long>> daysChanged = new ArrayList<>();
    /** The day each reader was last told of, so that a call does not box the day again and again. */
    private final long[] lastMarked;

    /**
     * @param historyDays days of history kept, 0: none
     * @param trackers how many readers of changes there are
     */
    public LocalCounters(Clock clock, UserKeys keys, int maxUsers, int historyDays, int trackers) {
        this.clock = clock;
        this.keys = keys;
        this.maxUsers = maxUsers;
        this.historyDays = historyDays;
        this.trackers = trackers;
        this.users = new UserTable(maxUsers, trackers);
        this.siteChanged = new boolean[trackers];
        this.lastMarked = new long[trackers];
        for (int i = 0; i < trackers; i++) {
            daysChanged.add(new HashSet<>());
        }
    }

    /** Changes and batches of them, as a reader takes them; {@code site} null when it did not change. */
    public record Changes(Tally site, Map<Long, long[]> days, List<Row> users) {
        boolean isEmpty() {
            return site == null && days.isEmpty() && users.isEmpty();
        }
    }

    /** A user's tally, by key. */
    public record Row(long key, Tally tally) {}

    /** Every count, for a whole save: the users from the least recently seen, in arrays (no object a user). */
    public record Snapshot(Tally site, Map<Long, long[]> days, long[] keys, long[] totals, long[] dailies, int[] on) {
        int users() {
            return keys.length;
        }
    }

    public UserKeys keys() {
        return keys;
    }

    @Override
    public void count(String user, Family family) {
        long key = keys.of(user);
        synchronized (this) {
            add(key, family, today());
        }
    }

    @Override
    public Report countAndReport(String user, Family family) {
        return record(keys.of(user), user, family);
    }

    /**
     * Counts one call by the user of {@code key} (shown as {@code user}) and reports the counters including it;
     * {@code family} null: reports them without counting.
     */
    public Report record(long key, String user, Family family) {
        synchronized (this) {
            long today = today();
            int slot = family != null ? add(key, family, today) : users.find(key);
            return new Report(
                    LocalDate.ofEpochDay(today),
                    user,
                    siteTotal,
                    siteDay == today ? siteDaily : 0,
                    slot < 0 ? 0 : users.total(slot),
                    slot < 0 ? 0 : users.dailyOn(slot, today));
        }
    }

    /**
     * The UTC+8 date, as an epoch day (computed here: every call asks). A call reads it under the lock, so calls are
     * counted in the order of their days: one of the old day that takes the lock after the first of the new day would
     * start the new day's counts over.
     */
    private long today() {
        return Math.floorDiv(clock.millis() + Utc8.OFFSET.getTotalSeconds() * 1000L, 86_400_000L);
    }

    /** One more call by the user of {@code key} on {@code today}; its slot. Under the lock. */
    private int add(long key, Family family, long today) {
        siteDaily = siteDay == today ? siteDaily + 1 : 1;
        siteDay = today;
        siteTotal++;
        java.util.Arrays.fill(siteChanged, true);
        int slot = users.use(key);
        users.count(slot, today);
        if (historyDays > 0) {
            long[] row = day(today);
            row[0]++;
            row[1 + family.ordinal()]++;
            markDay(today);
        }
        return slot;
    }

    /** Tells every reader that {@code day}'s counts changed. */
    private void markDay(long day) {
        for (int t = 0; t < trackers; t++) {
            if (lastMarked[t] != day) {
                daysChanged.get(t).add(day);
                lastMarked[t] = day;
            }
        }
    }

    /** The counts of {@code day}, added when new (and then days past what is kept dropped). */
    private long[] day(long day) {
        long[] row = days.get(day);
        if (row == null) {
            row = new long[COLUMNS];
            days.put(day, row);
            days.headMap(today() - historyDays + 1).clear();
        }
        return row;
    }

    /** Merges a copy of a tally (from a file, Redis): the larger wins. */
    public synchronized void merge(long key, Tally t, boolean evict) {
        if (key == SITE) {
            Tally site = siteTally();
            Tally merged = site.max(t);
            if (!merged.equals(site)) {
                siteTotal = merged.total();
                siteDaily = merged.daily();
                siteDay = merged.day();
                java.util.Arrays.fill(siteChanged, true);
            }
            return;
        }
        int slot = users.find(key);
        if (slot < 0 && !evict && !users.hasRoom()) {
            return;
        }
        slot = slot < 0 ? users.use(key) : slot;
        users.set(slot, users.tally(slot).max(t));
    }

    /** Merges a copy of one day's counts, column by column; days older than those kept are ignored. */
    public synchronized void mergeDay(long day, long[] counts) {
        if (historyDays == 0 || day <= today() - historyDays) {
            return;
        }
        long[] row = day(day);
        boolean changed = false;
        for (int i = 0; i < COLUMNS; i++) {
            changed |= counts[i] > row[i];
            row[i] = Math.max(row[i], counts[i]);
        }
        if (changed) {
            markDay(day);
        }
    }

    /**
     * What changed since {@code tracker}'s last take: the site, the days, and at most {@code max} users, forgotten for
     * it.
     */
    public synchronized Changes take(int tracker, int max) {
        Tally s = siteChanged[tracker] ? siteTally() : null;
        siteChanged[tracker] = false;
        Map<Long, long[]> d = new TreeMap<>();
        for (long day : daysChanged.get(tracker)) {
            long[] row = days.get(day);
            if (row != null) {
                d.put(day, row.clone());
            }
        }
        daysChanged.get(tracker).clear();
        lastMarked[tracker] = -1;
        List<Row> rows = new ArrayList<>();
        int slot = 0;
        while (rows.size() < max && (slot = users.takeChanged(tracker, slot)) >= 0) {
            rows.add(new Row(users.key(slot), users.tally(slot)));
            slot++;
        }
        return new Changes(s, d, rows);
    }

    /** Hands back what a take got and could not store: it is taken again next time, with its values by then. */
    public synchronized void giveBack(int tracker, Changes taken) {
        siteChanged[tracker] |= taken.site() != null;
        daysChanged.get(tracker).addAll(taken.days().keySet());
        lastMarked[tracker] = -1;
        for (Row row : taken.users()) {
            int slot = users.find(row.key());
            if (slot >= 0) {
                users.markChanged(tracker, slot);
            }
        }
    }

    /** Every count, and for {@code tracker} nothing left to take: what a whole save writes. */
    public synchronized Snapshot snapshot(int tracker) {
        take(tracker, 0);
        users.clearChanged(tracker);
        int n = users.size();
        Map<Long, long[]> rows = new TreeMap<>();
        days.forEach((day, row) -> rows.put(day, row.clone()));
        Snapshot s = new Snapshot(siteTally(), rows, new long[n], new long[n], new long[n], new int[n]);
        int i = 0;
        for (int slot = users.next(-1); slot >= 0; slot = users.next(slot), i++) {
            s.keys()[i] = users.key(slot);
            users.copy(slot, s, i);
        }
        return s;
    }

    /** The site's tally. */
    public synchronized Tally siteTally() {
        return new Tally(siteTotal, siteDaily, siteDay);
    }

    /** A user's tally by key (zero when not kept). */
    public synchronized Tally user(long key) {
        int slot = users.find(key);
        return slot < 0 ? Tally.ZERO : users.tally(slot);
    }

    /** A user's tally by id. */
    public Tally user(String id) {
        return user(keys.of(id));
    }

    public synchronized int size() {
        return users.size();
    }

    /** The counts of {@code day} (zeros when none). */
    synchronized long[] dayCounts(long day) {
        long[] row = days.get(day);
        return row == null ? new long[COLUMNS] : row.clone();
    }

    @Override
    public List<DayCount> history(int n) {
        long today = today();
        List<DayCount> out = new ArrayList<>();
        for (long day = today - n + 1; day <= today; day++) {
            out.add(DayCount.of(day, dayCounts(day)));
        }
        return out;
    }

    @Override
    public long[] site() {
        long today = today();
        long last30 = 0;
        for (long day = today - 29; day <= today; day++) {
            last30 += dayCounts(day)[0];
        }
        Tally s = siteTally();
        return new long[] {s.total(), s.dailyOn(today), last30};
    }

    /** Forgets the users last seen more than {@code days} UTC+8 days ago; how many went. */
    public synchronized int forgetUsersIdle(int days) {
        return users.forgetBefore(today() - days);
    }

    /** Counts users by another key from now on: the users counted so far are forgotten (the site's counts stay). */
    public synchronized void rekey(UserKeys next) {
        keys = next;
        users = new UserTable(maxUsers, trackers);
    }
}
