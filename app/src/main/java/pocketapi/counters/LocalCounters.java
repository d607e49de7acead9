package pocketapi.counters;

import java.time.Clock;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.TreeSet;
import pocketapi.common.Utc8;
import pocketapi.web.Family;

/**
 * Request counters for the site and per user (a {@link Tally} each, users by their keyed hash in a {@link UserTable}:
 * at most {@code maxUsers}, the least recently seen dropped first), the crawlers' part of the site's ({@code bots}),
 * and the site's calls per UTC+8 day by {@link Family}, with the crawlers' and the imported part, kept
 * {@code historyDays} days; in the file store also the distinct visitors of each of those days
 * ({@link VisitorSketches}). {@link #record} counts and reads back under one lock, so a call reports numbers that
 * include itself, and concurrent calls distinct, gapless counts. Every count only grows, so copies merge by taking the
 * larger (a sketch by a union). Each reader of changes (the file, the Redis sender) {@link #take}s what changed since
 * its last take, as absolute values, in batches. Thread-safe.
 */
public final class LocalCounters implements Counters {
    /** The key of the site's tally: no user's key is 0. */
    public static final long SITE = 0;
    /** The key of the crawlers' part of the site's tally: no user's key is -1 either. */
    public static final long BOTS = -1;
    /** What a user takes of the heap: its place in the table, and in the copy a whole save writes from. */
    public static final int BYTES_PER_USER = UserTable.BYTES_PER_USER + 28;
    /**
     * A day's column of the crawlers' calls, and of those imported; the site's is column 0, each family's 1 + its own.
     */
    static final int BOTS_COLUMN = 1 + Family.values().length;

    static final int IMPORTED_COLUMN = BOTS_COLUMN + 1;
    /** A day's columns: the site's count, each family's, the crawlers', the imported. */
    static final int COLUMNS = IMPORTED_COLUMN + 1;

    /** What the visitors of {@code days} days kept take of the heap at most (the file store keeps them here). */
    public static long visitorBytes(int days) {
        return VisitorSketches.bytes(days);
    }

    /** How many days of visitors {@code bytes} of the heap hold at least. */
    public static long visitorDays(long bytes) {
        return VisitorSketches.days(bytes);
    }

    private final Clock clock;
    private final int maxUsers;
    private final int historyDays;
    private final int trackers;
    private volatile UserKeys keys;
    /** The site's tally, and the crawlers' part of it, in fields (a call makes no object of them). */
    private long siteTotal;

    private long siteDaily;
    private long siteDay;
    private long botTotal;
    private long botDaily;
    private long botDay;
    private UserTable users;
    private final TreeMap<Long, long[]> days = new TreeMap<>();
    /** The visitors of each day kept; null when none are kept here (no history, or Redis keeps them). */
    private final VisitorSketches visitors;
    /** The imports applied ({@code pocketapi --import}), by their content's hash: a set that only grows. */
    private final Set<String> imports = new TreeSet<>();

    private final boolean[] siteChanged;
    private final boolean[] botsChanged;
    private final boolean[] importsChanged;
    private final List<Set<Long>> daysChanged = new ArrayList<>();
    /** The day each reader was last told of, so that a call does not box the day again and again. */
    private final long[] lastMarked;

    /**
     * Counters that keep the visitors of each day too (when they keep days at all).
     *
     * @param historyDays days of history kept, 0: none
     * @param trackers how many readers of changes there are
     */
    public LocalCounters(Clock clock, UserKeys keys, int maxUsers, int historyDays, int trackers) {
        this(clock, keys, maxUsers, historyDays, trackers, true);
    }

    /** @param sketches whether the visitors of each day are kept here (not in Redis mode: Redis keeps them) */
    public LocalCounters(Clock clock, UserKeys keys, int maxUsers, int historyDays, int trackers, boolean sketches) {
        this.clock = clock;
        this.keys = keys;
        this.maxUsers = maxUsers;
        this.historyDays = historyDays;
        this.trackers = trackers;
        this.users = new UserTable(maxUsers, trackers);
        this.visitors = sketches && historyDays > 0 ? new VisitorSketches(historyDays, trackers > 0) : null;
        this.siteChanged = new boolean[trackers];
        this.botsChanged = new boolean[trackers];
        this.importsChanged = new boolean[trackers];
        this.lastMarked = new long[trackers];
        for (int i = 0; i < trackers; i++) {
            daysChanged.add(new HashSet<>());
        }
    }

    /**
     * Changes and batches of them, as a reader takes them: {@code site} and {@code bots} null when they did not change;
     * {@code visitors}, the sketches of what the days' visitors gained (the file's reader alone); the imports, all of
     * them, when one was added.
     */
    public record Changes(
            Tally site,
            Tally bots,
            Map<Long, long[]> days,
            List<Row> users,
            Map<Long, byte[]> visitors,
            Set<String> imports) {
        boolean isEmpty() {
            return site == null
                    && bots == null
                    && days.isEmpty()
                    && users.isEmpty()
                    && visitors.isEmpty()
                    && imports.isEmpty();
        }
    }

    /**
     * A user's tally, by key, and whether the calls of its day include a person's (it is one of the day's visitors).
     */
    public record Row(long key, Tally tally, boolean visitor) {}

    /**
     * Every count, for a whole save: the users from the least recently seen, in arrays (no object a user), each day's
     * visitors as a compact sketch.
     */
    public record Snapshot(
            Tally site,
            Tally bots,
            Map<Long, long[]> days,
            long[] keys,
            long[] totals,
            long[] dailies,
            int[] on,
            BitSet visitors,
            Map<Long, byte[]> sketches,
            Set<String> imports) {
        int users() {
            return keys.length;
        }
    }

    public UserKeys keys() {
        return keys;
    }

    @Override
    public void count(String user, boolean bot, Family family) {
        long key = keys.of(user);
        synchronized (this) {
            add(key, bot, family, today());
        }
    }

    @Override
    public Report countAndReport(String user, boolean bot, Family family) {
        return record(keys.of(user), user, bot, family);
    }

    /**
     * Counts one call by the user of {@code key} (shown as {@code user}) and reports the counters including it;
     * {@code family} null: reports them without counting.
     */
    public Report record(long key, String user, boolean bot, Family family) {
        synchronized (this) {
            long today = today();
            int slot = family != null ? add(key, bot, family, today) : users.find(key);
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
    private int add(long key, boolean bot, Family family, long today) {
        siteDaily = siteDay == today ? siteDaily + 1 : 1;
        siteDay = today;
        siteTotal++;
        Arrays.fill(siteChanged, true);
        if (bot) {
            botDaily = botDay == today ? botDaily + 1 : 1;
            botDay = today;
            botTotal++;
            Arrays.fill(botsChanged, true);
        }
        int slot = users.use(key);
        boolean newVisitor = users.count(slot, today, bot);
        if (historyDays > 0) {
            long[] row = day(today);
            row[0]++;
            row[1 + family.ordinal()]++;
            row[BOTS_COLUMN] += bot ? 1 : 0;
            markDay(today);
            if (newVisitor && visitors != null) {
                // A visitor already in today's sketch adds nothing: only a user's first call of the day is added.
                visitors.add(today, key);
            }
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
            long first = today() - historyDays + 1;
            days.headMap(first).clear();
            if (visitors != null) {
                visitors.dropBefore(first);
            }
        }
        return row;
    }

    /** Merges a copy of a tally (from a file, Redis) of a user, the site or the crawlers: the larger wins. */
    public void merge(long key, Tally t, boolean evict) {
        merge(key, t, false, evict);
    }

    /**
     * Merges a copy of a tally (from a file, Redis): the larger wins; {@code visitor}, whether the calls of the copy's
     * day include a person's, counts on the day that wins.
     */
    public synchronized void merge(long key, Tally t, boolean visitor, boolean evict) {
        if (key == SITE || key == BOTS) {
            Tally had = key == SITE ? siteTally() : botsTally();
            Tally merged = had.max(t);
            if (!merged.equals(had)) {
                if (key == SITE) {
                    siteTotal = merged.total();
                    siteDaily = merged.daily();
                    siteDay = merged.day();
                    Arrays.fill(siteChanged, true);
                } else {
                    botTotal = merged.total();
                    botDaily = merged.daily();
                    botDay = merged.day();
                    Arrays.fill(botsChanged, true);
                }
            }
            return;
        }
        int slot = users.find(key);
        if (slot < 0 && !evict && !users.hasRoom()) {
            return;
        }
        // A user merged with evict (read from a file, or the others' part from Redis) is the most recently read,
        // already kept or not: at the bound the least recently read gives up its place, so the users of the last file
        // read are the ones kept whatever files held them before (a user kept from .log.bak and read again in
        // stats.json was not made recent, and gave way to one of that file's other users, which one depending on
        // where the keys fell).
        slot = slot < 0 || evict ? users.use(key) : slot;
        Tally had = users.tally(slot);
        Tally merged = had.max(t);
        boolean person = had.day() == merged.day() && users.visitor(slot) || t.day() == merged.day() && visitor;
        users.set(slot, merged, person);
    }

    /** Merges a copy of one day's counts, column by column; days older than those kept are ignored. */
    public synchronized void mergeDay(long day, long[] counts) {
        if (historyDays == 0 || day <= today() - historyDays) {
            return;
        }
        long[] row = day(day);
        boolean changed = false;
        for (int i = 0; i < COLUMNS && i < counts.length; i++) {
            changed |= counts[i] > row[i];
            row[i] = Math.max(row[i], counts[i]);
        }
        if (changed) {
            markDay(day);
        }
    }

    /** Merges a copy of one day's visitors (a sketch from a file); ignored when none are kept here. */
    synchronized void mergeVisitors(long day, org.apache.datasketches.hll.HllSketch sketch) {
        if (visitors != null) {
            visitors.merge(day, sketch, today());
        }
    }

    /** Merges the imports a copy records. */
    synchronized void mergeImports(Set<String> ids) {
        if (imports.addAll(ids)) {
            Arrays.fill(importsChanged, true);
        }
    }

    /** Whether an import of content {@code id} was applied. */
    public synchronized boolean imported(String id) {
        return imports.contains(id);
    }

    /**
     * Adds the calls of an import, once (false, and nothing changed, when {@code id} was imported before):
     * {@code undated} to the site's total alone, each day's {@code calls, bots} to the total, to the day's counts (as
     * imported, and as the crawlers' part) when the day is kept, and to today's counts when it is today.
     */
    public synchronized boolean importCalls(String id, long undated, SortedMap<Long, long[]> byDay) {
        if (imports.contains(id)) {
            return false;
        }
        long today = today();
        long calls = undated;
        long bots = 0;
        for (Map.Entry<Long, long[]> d : byDay.entrySet()) {
            long day = d.getKey();
            long[] c = d.getValue();
            calls += c[0];
            bots += c[1];
            if (day == today) {
                siteDaily = (siteDay == today ? siteDaily : 0) + c[0];
                siteDay = today;
                botDaily = (botDay == today ? botDaily : 0) + c[1];
                botDay = today;
            }
            if (historyDays > 0 && day > today - historyDays && day <= today) {
                long[] row = day(day);
                row[0] += c[0];
                row[IMPORTED_COLUMN] += c[0];
                row[BOTS_COLUMN] += c[1];
                markDay(day);
            }
        }
        siteTotal += calls;
        botTotal += bots;
        Arrays.fill(siteChanged, true);
        Arrays.fill(botsChanged, true);
        imports.add(id);
        Arrays.fill(importsChanged, true);
        return true;
    }

    /**
     * What changed since {@code tracker}'s last take: the site, the crawlers, the days, at most {@code max} users, the
     * visitors (the first reader's alone) and the imports, forgotten for it.
     */
    public synchronized Changes take(int tracker, int max) {
        Tally s = siteChanged[tracker] ? siteTally() : null;
        siteChanged[tracker] = false;
        Tally b = botsChanged[tracker] ? botsTally() : null;
        botsChanged[tracker] = false;
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
            rows.add(new Row(users.key(slot), users.tally(slot), users.visitor(slot)));
            slot++;
        }
        Map<Long, byte[]> v = tracker == 0 && visitors != null ? visitors.take() : Map.of();
        Set<String> i = importsChanged[tracker] ? Set.copyOf(imports) : Set.of();
        importsChanged[tracker] = false;
        return new Changes(s, b, d, rows, v, i);
    }

    /** Hands back what a take got and could not store: it is taken again next time, with its values by then. */
    public synchronized void giveBack(int tracker, Changes taken) {
        siteChanged[tracker] |= taken.site() != null;
        botsChanged[tracker] |= taken.bots() != null;
        importsChanged[tracker] |= !taken.imports().isEmpty();
        daysChanged.get(tracker).addAll(taken.days().keySet());
        lastMarked[tracker] = -1;
        for (Row row : taken.users()) {
            int slot = users.find(row.key());
            if (slot >= 0) {
                users.markChanged(tracker, slot);
            }
        }
        if (visitors != null && !taken.visitors().isEmpty()) {
            visitors.giveBack(taken.visitors());
        }
    }

    /** Every count, and for {@code tracker} nothing left to take: what a whole save writes. */
    public synchronized Snapshot snapshot(int tracker) {
        take(tracker, 0);
        users.clearChanged(tracker);
        int n = users.size();
        Map<Long, long[]> rows = new TreeMap<>();
        days.forEach((day, row) -> rows.put(day, row.clone()));
        Snapshot s = new Snapshot(
                siteTally(),
                botsTally(),
                rows,
                new long[n],
                new long[n],
                new long[n],
                new int[n],
                new BitSet(n),
                tracker == 0 && visitors != null ? visitors.snapshot() : Map.of(),
                Set.copyOf(imports));
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

    /** The crawlers' part of the site's tally. */
    public synchronized Tally botsTally() {
        return new Tally(botTotal, botDaily, botDay);
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

    /** Whether the calls of the user's day include a person's (false when not kept). */
    synchronized boolean visitor(long key) {
        int slot = users.find(key);
        return slot >= 0 && users.visitor(slot);
    }

    public synchronized int size() {
        return users.size();
    }

    /** The counts of {@code day} (zeros when none). */
    synchronized long[] dayCounts(long day) {
        long[] row = days.get(day);
        return row == null ? new long[COLUMNS] : row.clone();
    }

    /** The visitors of {@code day}, estimated (0 when none are kept here). */
    synchronized long dayVisitors(long day) {
        return visitors == null ? 0 : visitors.count(day);
    }

    @Override
    public List<DayCount> history(int n) {
        long today = today();
        long first = today - n + 1;
        long[][] rows = new long[n][];
        long[] seen = new long[n];
        // The lock held once, to copy the days' numbers, not per day and not to make the records: every counted call
        // waits for it, and on one CPU a lock held longer is more often held by a thread put aside (a queue forms).
        synchronized (this) {
            for (int i = 0; i < n; i++) {
                rows[i] = dayCounts(first + i);
                seen[i] = dayVisitors(first + i);
            }
        }
        List<DayCount> out = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            out.add(DayCount.of(first + i, rows[i], seen[i]));
        }
        return out;
    }

    @Override
    public long visitors(int n) {
        VisitorSketches.Span span;
        synchronized (this) {
            if (visitors == null) {
                return 0;
            }
            long today = today();
            if (n == 30 || n >= historyDays) { // the spans kept up to date: the last 30 days, all the days kept
                return visitors.windowCounts(today)[n == 30 ? 0 : 1];
            }
            span = visitors.span(today - n + 1, today);
        }
        return span.count(); // a union of up to STATS_HISTORY_DAYS sketches: outside the lock
    }

    @Override
    public synchronized Summary summary() {
        long today = today();
        long last30 = 0;
        long bots30 = 0;
        for (long day = today - 29; day <= today; day++) {
            long[] row = days.get(day);
            if (row != null) {
                last30 += row[0];
                bots30 += row[BOTS_COLUMN];
            }
        }
        Tally s = siteTally();
        Tally b = botsTally();
        return new Summary(s.total(), s.dailyOn(today), last30, b.total(), b.dailyOn(today), bots30, visitors());
    }

    @Override
    public synchronized Visitors visitors() {
        if (visitors == null) {
            return null;
        }
        long today = today();
        long[] windows = visitors.windowCounts(today);
        return new Visitors(visitors.count(today), windows[0], windows[1]);
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
