package pocketapi.stats;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

import pocketapi.stats.RedisStore.Batch;
import pocketapi.util.BoundedLru;

/**
 * The calls this instance counted that Redis has not confirmed, in three places:
 * <ol>
 *   <li><b>counting</b>: per UTC+8 day, the site's count and each user's, not in a batch yet. A
 *       request only ever adds here; the sender takes the whole map by swapping in an empty one
 *       ({@link #take}), so no request waits for batches to be made or written;</li>
 *   <li><b>taken</b>: the map being made into batches, still part of every report meanwhile;</li>
 *   <li><b>queue</b>: numbered batches, oldest first, sent in that order. A batch in memory; or,
 *       once handed to disk, a <em>run</em> of consecutive batches of one instance and day in the
 *       {@link PendingLog}, of which only the numbers and the site's count are kept here.</li>
 * </ol>
 * Per user, the unconfirmed calls of all three are summed as they are counted ({@code pending}),
 * and taken off as Redis confirms each batch, so a report adds one number. Memory is bounded
 * whatever the outage's length: counting holds at most twice {@code maxUsers} users (a hand-off
 * to disk is asked for at {@code maxUsers}); the sums at most {@code maxUsers} users (a user
 * dropped from them is still counted and sent, only left out of {@code /api/info} until Redis
 * confirms); the queue keeps per run a few numbers, not its users. Not thread-safe: {@link Ledger}
 * guards it.
 */
final class Outbox {
    /** One day's counts not in a batch yet. */
    static final class DayCounts {
        long site;
        /** In the order users first called: with Redis's own bound, the most recent are kept. */
        final Map<String, long[]> users = new LinkedHashMap<>();
    }

    /** A batch not confirmed: in memory, or a run of batches on disk. */
    static final class Entry {
        final String instance;
        final long day;
        long first;
        long last;
        /** The site's calls in batches first..last. */
        long site;
        /** The batch, while in memory (first == last); null once on disk. */
        Batch batch;
        /** On disk: where batch {@code first} starts in the log, and where the run ends; -1 in memory. */
        long offset = -1;
        long end = -1;

        Entry(Batch batch) {
            this.instance = batch.instance();
            this.day = batch.day();
            this.first = batch.seq();
            this.last = batch.seq();
            this.site = batch.site();
            this.batch = batch;
        }

        boolean onDisk() {
            return offset >= 0;
        }
    }

    private final String instance;
    private final int maxUsers;
    private TreeMap<Long, DayCounts> counting = new TreeMap<>();
    private int countingUsers;
    private TreeMap<Long, DayCounts> taken;
    private final ArrayDeque<Entry> queue = new ArrayDeque<>();
    /**
     * The instances with batches in the log, confirmed or not, until it is removed: Redis is asked
     * for their marks, so the totals saved for a restart tell which batches of the log they hold.
     */
    private final Set<String> inLog = new LinkedHashSet<>();
    /** user -> {calls not confirmed, of which on {@code [2]}, that day}. */
    private final BoundedLru<String, long[]> pending;
    private boolean pendingDropped;
    private long droppedCalls;
    private long version;

    Outbox(String instance, int maxUsers) {
        this.instance = instance;
        this.maxUsers = maxUsers;
        this.pending = new BoundedLru<>(maxUsers, (user, sums) -> pendingDropped = true);
    }

    String instance() {
        return instance;
    }

    void add(long day, String user) {
        DayCounts counts = counting.computeIfAbsent(day, d -> new DayCounts());
        counts.site++;
        long[] n = counts.users.get(user);
        if (n == null) {
            if (countingUsers >= 2 * maxUsers) {
                droppedCalls++;  // a flood faster than the disk: the site stays exact
            } else {
                counts.users.put(user, new long[] {1});
                countingUsers++;
            }
        } else {
            n[0]++;
        }
        addPending(user, day, 1);
        version++;
    }

    private void addPending(String user, long day, long n) {
        long[] sums = pending.get(user);
        if (sums == null) {
            sums = new long[] {0, 0, day};
            pending.put(user, sums);
        }
        sums[0] += n;
        if (sums[2] == day) {
            sums[1] += n;
        } else if (day > sums[2]) {
            sums[1] = n;
            sums[2] = day;
        }
    }

    /** Whether counting has grown to {@code maxUsers} users: it should go to disk now, not at the next interval. */
    boolean full() {
        return countingUsers >= maxUsers;
    }

    /**
     * Takes everything counted so far, to be made into batches; it stays in reports until
     * {@link #enqueue}. Null while the last take is not queued yet (a round stuck at stop).
     */
    TreeMap<Long, DayCounts> take() {
        if (taken != null) {
            return null;
        }
        taken = counting;
        counting = new TreeMap<>();
        countingUsers = 0;
        return taken;
    }

    /**
     * Queues the batches made of the last take: in memory, or (offsets not null) on disk, batch i
     * at {@code offsets[i]}, the last one ending at {@code offsets[n]}.
     */
    void enqueue(List<Batch> batches, long[] offsets) {
        for (int i = 0; i < batches.size(); i++) {
            Entry e = new Entry(batches.get(i));
            if (offsets != null) {
                e.offset = offsets[i];
                e.end = offsets[i + 1];
                e.batch = null;
                inLog.add(e.instance);
            }
            queue(e);
        }
        taken = null;
        if (!batches.isEmpty()) {
            version++;
        }
    }

    private void queue(Entry e) {
        Entry last = queue.peekLast();
        if (e.onDisk() && last != null && last.onDisk() && last.instance.equals(e.instance) && last.day == e.day
                && last.last + 1 == e.first && last.end == e.offset) {
            last.last = e.last;
            last.site += e.site;
            last.end = e.end;
        } else {
            queue.addLast(e);
        }
    }

    /** The batches held in memory, oldest first: to be handed to disk exactly as they are. */
    List<Entry> inMemory() {
        List<Entry> out = new ArrayList<>();
        for (Entry e : queue) {
            if (!e.onDisk()) {
                out.add(e);
            }
        }
        return out;
    }

    /** The entries of {@link #inMemory} are now in the log: entry i at {@code offsets[i]}, the last ending at {@code offsets[n]}. */
    void written(List<Entry> entries, long[] offsets) {
        for (int i = 0; i < entries.size(); i++) {
            Entry e = entries.get(i);
            e.offset = offsets[i];
            e.end = offsets[i + 1];
            e.batch = null;
            inLog.add(e.instance);
        }
        List<Entry> all = new ArrayList<>(queue);
        queue.clear();
        for (Entry e : all) {
            queue(e);
        }
        version++;
    }

    /** A batch of an earlier run, found in the log at start (its fate unknown: sent again, recognised if applied). */
    void restore(PendingLog.Stored stored) {
        Batch b = stored.batch();
        Entry e = new Entry(b);
        e.offset = stored.offset();
        e.end = stored.next();
        e.batch = null;
        queue(e);
        inLog.add(e.instance);
        for (Map.Entry<String, Long> u : b.users().entrySet()) {
            addPending(u.getKey(), b.day(), u.getValue());
        }
        version++;
    }

    /** The oldest batch not confirmed (in memory, or the first of a run on disk), or null. */
    Entry head() {
        return queue.peekFirst();
    }

    /** Redis confirmed (or refused as expired) {@code b}, the first batch of the head entry. */
    void confirmed(Entry head, Batch b, long nextOffset) {
        if (queue.peekFirst() != head || head.first != b.seq()) {
            return;
        }
        if (head.first == head.last) {
            queue.pollFirst();
        } else {
            head.first++;
            head.site -= b.site();
            head.offset = nextOffset;
        }
        for (Map.Entry<String, Long> u : b.users().entrySet()) {
            long[] sums = pending.get(u.getKey());
            if (sums != null) {
                sums[0] = Math.max(0, sums[0] - u.getValue());
                if (sums[2] == b.day()) {
                    sums[1] = Math.max(0, sums[1] - u.getValue());
                }
                if (sums[0] == 0) {
                    pending.remove(u.getKey());
                }
            }
        }
        version++;
    }

    /**
     * The site's calls not in totals read with the marks {@code applied}: {total, on {@code today}}.
     * Counting and taken are never in Redis; a batch is when its number is at most its instance's mark.
     */
    long[] siteNotIn(Map<String, Long> applied, long today) {
        long[] sum = new long[2];
        for (Entry e : queue) {
            if (e.first > applied.getOrDefault(e.instance, 0L)) {
                add(sum, e.site, e.day == today);
            }
        }
        for (Map<Long, DayCounts> days : taken == null ? List.of(counting) : List.of(counting, taken)) {
            for (Map.Entry<Long, DayCounts> d : days.entrySet()) {
                add(sum, d.getValue().site, d.getKey() == today);
            }
        }
        return sum;
    }

    private static void add(long[] sum, long n, boolean today) {
        sum[0] += n;
        if (today) {
            sum[1] += n;
        }
    }

    /** The user's calls Redis has not confirmed: {total, on {@code today}}. */
    long[] userPending(String user, long today) {
        long[] sums = pending.getOrDefault(user, null);
        if (sums == null) {
            return new long[2];
        }
        return new long[] {sums[0], sums[2] == today ? sums[1] : 0};
    }

    /** An instance that had a batch in the log, found at start (its batches there may all be confirmed). */
    void inLog(String instance) {
        inLog.add(instance);
    }

    /** The log was removed: every batch it held is confirmed. */
    void logRemoved() {
        inLog.clear();
    }

    /**
     * The instances whose batches are outstanding or in the log, this one first: an answer must
     * report their marks.
     */
    Set<String> instances() {
        Set<String> all = new LinkedHashSet<>();
        all.add(instance);
        for (Entry e : queue) {
            all.add(e.instance);
        }
        all.addAll(inLog);
        return all;
    }

    boolean queueEmpty() {
        return queue.isEmpty();
    }

    boolean isEmpty() {
        return queue.isEmpty() && counting.isEmpty() && taken == null;
    }

    /** Changes with every call counted and every batch queued or confirmed. */
    long version() {
        return version;
    }

    /** Calls counted here and not confirmed in Redis. */
    long calls() {
        long n = 0;
        for (Entry e : queue) {
            n += e.site;
        }
        for (Map<Long, DayCounts> days : taken == null ? List.of(counting) : List.of(counting, taken)) {
            for (DayCounts d : days.values()) {
                n += d.site;
            }
        }
        return n;
    }

    /** Calls neither confirmed by Redis nor on disk: what a crash now would lose. */
    long onlyInMemory() {
        long n = 0;
        for (Entry e : queue) {
            if (!e.onDisk()) {
                n += e.site;
            }
        }
        for (Map<Long, DayCounts> days : taken == null ? List.of(counting) : List.of(counting, taken)) {
            for (DayCounts d : days.values()) {
                n += d.site;
            }
        }
        return n;
    }

    /** Users in the unconfirmed batches held in memory, and in counting: what memory holds of them. */
    int usersInMemory() {
        int n = countingUsers;
        for (Entry e : queue) {
            if (!e.onDisk()) {
                n += e.batch.users().size();
            }
        }
        return n;
    }

    @Override
    public String toString() {
        StringBuilder out = new StringBuilder("queue [");
        for (Entry e : queue) {
            out.append(' ').append(e.instance, 0, Math.min(8, e.instance.length())).append(':').append(e.first)
                    .append(e.first == e.last ? "" : ".." + e.last).append(" site ").append(e.site)
                    .append(e.onDisk() ? " @" + e.offset : " mem");
        }
        return out.append(" ], counting ").append(calls() - queueCalls()).append(" calls").toString();
    }

    private long queueCalls() {
        long n = 0;
        for (Entry e : queue) {
            n += e.site;
        }
        return n;
    }

    /** How many queue entries there are (runs count once): the metadata memory holds. */
    int entries() {
        return queue.size();
    }

    int pendingUsers() {
        return pending.size();
    }

    /** Calls whose per-user count was dropped since the last look (a flood faster than the disk). */
    long takeDroppedCalls() {
        long n = droppedCalls;
        droppedCalls = 0;
        return n;
    }

    /** Whether a user's pending sum was dropped since the last look (more than maxUsers users waiting). */
    boolean takePendingDropped() {
        boolean dropped = pendingDropped;
        pendingDropped = false;
        return dropped;
    }
}
