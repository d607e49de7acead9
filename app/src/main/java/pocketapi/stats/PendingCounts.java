package pocketapi.stats;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

import pocketapi.stats.RedisStore.Batch;
import pocketapi.util.BoundedLru;

/**
 * The calls this instance counted that Redis has not confirmed, in three states, each sent in
 * order of its batch number:
 * <ol>
 *   <li><b>sent</b>: batches handed to Redis at least once, whose fate is unknown until an answer
 *       comes; resent exactly as they are (Redis recognises one it applied before), oldest first.
 *       Batches read from disk at start-up are here too, with the instance that numbered them;</li>
 *   <li><b>sealed</b>: batches written to disk and never sent; as nobody has seen their numbers,
 *       they may still be merged and numbered again ({@link #sealAll});</li>
 *   <li><b>counting</b>: counts per UTC+8 day not in any batch yet.</li>
 * </ol>
 * Memory stays bounded however long Redis is away: per day at most {@code maxUsers} users (the
 * least recently seen dropped first, their calls still in the site count), and at most one set
 * of sealed batches per day. Not thread-safe: {@link Ledger} guards it.
 */
final class PendingCounts {
    /** One day's counts not in a batch: the site's, and at most maxUsers users'. */
    private static final class DayCounts {
        long site;
        final BoundedLru<String, Long> users;

        DayCounts(int maxUsers, long[] dropped) {
            users = new BoundedLru<>(maxUsers, (user, calls) -> dropped[0] += calls);
        }
    }

    private final String instance;
    private final int maxUsers;
    private final ArrayDeque<Batch> sent = new ArrayDeque<>();
    private final ArrayDeque<Batch> sealed = new ArrayDeque<>();
    private final TreeMap<Long, DayCounts> counting = new TreeMap<>();
    private final long[] dropped = {0};
    private long lastSeq;
    /** Changes with every call counted or batch acknowledged: tells whether the disk copy is current. */
    private long version;

    /** @param fromDisk batches an earlier run left, of unknown fate: they go first */
    PendingCounts(String instance, int maxUsers, List<Batch> fromDisk) {
        this.instance = instance;
        this.maxUsers = maxUsers;
        sent.addAll(fromDisk);
    }

    void add(long day, String user) {
        DayCounts counts = counting.computeIfAbsent(day, d -> new DayCounts(maxUsers, dropped));
        counts.site++;
        counts.users.merge(user, 1L, Long::sum);
        version++;
    }

    /** The batch to send now (it counts as sent from here on), or null when nothing waits. */
    Batch next() {
        if (sent.isEmpty()) {
            if (sealed.isEmpty()) {
                sealOldestDay(sealed);
            }
            if (!sealed.isEmpty()) {
                sent.add(sealed.poll());
            }
        }
        return sent.peekFirst();
    }

    /** Redis confirmed {@code batch} (the head of the sent ones). */
    void acknowledged(Batch batch) {
        if (sent.peekFirst() == batch) {
            sent.pollFirst();
            version++;
        }
    }

    /**
     * Everything not confirmed, as batches to write to disk: the sent ones as they are, and every
     * count not sent yet merged per day and sealed into freshly numbered batches.
     */
    List<Batch> sealAll() {
        for (Batch b : sealed) {
            DayCounts counts = counting.computeIfAbsent(b.day(), d -> new DayCounts(maxUsers, dropped));
            counts.site += b.site();
            b.users().forEach((user, n) -> counts.users.merge(user, n, Long::sum));
        }
        sealed.clear();
        while (sealOldestDay(sealed)) {
            // one batch of at most USERS_PER_CALL users at a time
        }
        List<Batch> all = new ArrayList<>(sent);
        all.addAll(sealed);
        return all;
    }

    /** Seals up to USERS_PER_CALL users of the oldest day into a new batch; false when nothing is counting. */
    private boolean sealOldestDay(ArrayDeque<Batch> into) {
        Iterator<Map.Entry<Long, DayCounts>> days = counting.entrySet().iterator();
        while (days.hasNext()) {
            Map.Entry<Long, DayCounts> e = days.next();
            DayCounts counts = e.getValue();
            Map<String, Long> users = new LinkedHashMap<>();
            Iterator<Map.Entry<String, Long>> it = counts.users.entrySet().iterator();
            while (it.hasNext() && users.size() < RedisTimings.USERS_PER_CALL) {
                Map.Entry<String, Long> u = it.next();
                users.put(u.getKey(), u.getValue());
                it.remove();
            }
            long site = counts.site;
            counts.site = 0;
            if (counts.users.isEmpty()) {
                days.remove();
            }
            if (site > 0 || !users.isEmpty()) {
                into.add(new Batch(instance, ++lastSeq, e.getKey(), site, users));
                return true;
            }
        }
        return false;
    }

    String instance() {
        return instance;
    }

    boolean backlogEmpty() {
        return sent.isEmpty() && sealed.isEmpty();
    }

    boolean isEmpty() {
        return sent.isEmpty() && sealed.isEmpty() && counting.isEmpty();
    }

    long version() {
        return version;
    }

    /** The instances whose batches are outstanding, this one first: a read must report their marks. */
    Set<String> instances() {
        Set<String> all = new LinkedHashSet<>();
        all.add(instance);
        for (Batch b : sent) {
            all.add(b.instance());
        }
        return all;
    }

    /**
     * What is not in totals read from Redis with the marks {@code applied}: for {@code user}, on
     * {@code today}: {siteTotal, siteDaily, userTotal, userDaily}.
     */
    long[] notIn(Map<String, Long> applied, String user, long today) {
        long[] sum = new long[4];
        for (Batch b : sent) {
            if (b.seq() > applied.getOrDefault(b.instance(), 0L)) {
                add(sum, b.site(), b.users().getOrDefault(user, 0L), b.day() == today);
            }
        }
        for (Batch b : sealed) {
            add(sum, b.site(), b.users().getOrDefault(user, 0L), b.day() == today);
        }
        for (Map.Entry<Long, DayCounts> e : counting.entrySet()) {
            add(sum, e.getValue().site, e.getValue().users.getOrDefault(user, 0L), e.getKey() == today);
        }
        return sum;
    }

    private static void add(long[] sum, long site, long user, boolean today) {
        sum[0] += site;
        sum[2] += user;
        if (today) {
            sum[1] += site;
            sum[3] += user;
        }
    }

    /** Calls counted here and not confirmed in Redis. */
    long calls() {
        long n = 0;
        for (Batch b : sent) {
            n += b.site();
        }
        for (Batch b : sealed) {
            n += b.site();
        }
        for (DayCounts d : counting.values()) {
            n += d.site;
        }
        return n;
    }

    /** Calls whose per-user counts were dropped since the last look (more than maxUsers users in a day). */
    long takeDropped() {
        long n = dropped[0];
        dropped[0] = 0;
        return n;
    }
}
