package pocketapi.counters;

import java.util.Arrays;

/**
 * The users' tallies in primitive arrays, keyed by a user's 64-bit keyed hash ({@link UserKeys}):
 * {@value #BYTES_PER_USER} bytes a user, nothing allocated per call, at most {@code max} users, the least recently seen
 * dropped first. Entries live in slots that never move while a user is kept (chained buckets, a list in the order of
 * last use), so a slot number is a stable handle, and each reader of changes has one bit a slot. The arrays grow by
 * doubling up to {@code max}. Not thread-safe: {@link LocalCounters} holds its lock around every call.
 */
final class UserTable {
    /**
     * Per user: key, total, daily 8 each; day, bucket chain, two list links 4 each; a bucket head; 3 bits (one for each
     * reader of changes, one for whether the day's calls include a person's).
     */
    static final int BYTES_PER_USER = 48;

    private static final int NONE = -1;

    private final int max;
    private int capacity;
    private long[] keys;
    private long[] totals;
    private long[] dailies;
    private int[] days;
    private int[] chain;
    private int[] older;
    private int[] newer;
    private int[] buckets;
    /** A bit a slot: the calls of its day include one that was no crawler's (the user is one of the day's visitors). */
    private long[] visitors;

    private final long[][] changed;
    private int size;
    private int free = NONE;
    private int unused;
    private int oldest = NONE;
    private int newest = NONE;

    UserTable(int max, int trackers) {
        this.max = max;
        this.changed = new long[trackers][];
        allocate(Math.min(max, 256));
    }

    private void allocate(int slots) {
        capacity = slots;
        keys = Arrays.copyOf(keys == null ? new long[0] : keys, slots);
        totals = Arrays.copyOf(totals == null ? new long[0] : totals, slots);
        dailies = Arrays.copyOf(dailies == null ? new long[0] : dailies, slots);
        days = Arrays.copyOf(days == null ? new int[0] : days, slots);
        chain = Arrays.copyOf(chain == null ? new int[0] : chain, slots);
        older = Arrays.copyOf(older == null ? new int[0] : older, slots);
        newer = Arrays.copyOf(newer == null ? new int[0] : newer, slots);
        visitors = Arrays.copyOf(visitors == null ? new long[0] : visitors, (slots + 63) >>> 6);
        for (int t = 0; t < changed.length; t++) {
            changed[t] = Arrays.copyOf(changed[t] == null ? new long[0] : changed[t], (slots + 63) >>> 6);
        }
        buckets = new int[Integer.highestOneBit(Math.max(slots, 2) - 1) << 1];
        Arrays.fill(buckets, NONE);
        for (int s = oldest; s != NONE; s = newer[s]) {
            int b = bucket(keys[s]);
            chain[s] = buckets[b];
            buckets[b] = s;
        }
    }

    private int bucket(long key) {
        long h = key * 0x9E3779B97F4A7C15L;
        return (int) (h >>> 40) & (buckets.length - 1);
    }

    int size() {
        return size;
    }

    /** The slot of {@code key}, or -1. */
    int find(long key) {
        for (int s = buckets[bucket(key)]; s != NONE; s = chain[s]) {
            if (keys[s] == key) {
                return s;
            }
        }
        return NONE;
    }

    /**
     * The slot of {@code key}, made the most recently seen; a new user with a zero tally, the least recently seen
     * dropped at the bound.
     */
    int use(long key) {
        int s = find(key);
        if (s == NONE) {
            return add(key);
        }
        unlink(s);
        link(s);
        return s;
    }

    /** Whether a user can be added without dropping another. */
    boolean hasRoom() {
        return size < max;
    }

    private int add(long key) {
        if (size == max) {
            remove(oldest);
        }
        if (free == NONE && unused == capacity) {
            allocate((int) Math.min(max, 2L * capacity));
        }
        int s;
        if (free != NONE) {
            s = free;
            free = chain[s];
        } else {
            s = unused++;
        }
        keys[s] = key;
        totals[s] = 0;
        dailies[s] = 0;
        days[s] = 0;
        visitors[s >>> 6] &= ~(1L << s);
        int b = bucket(key);
        chain[s] = buckets[b];
        buckets[b] = s;
        link(s);
        size++;
        return s;
    }

    /** Forgets a user: its slot is free, and no reader of changes is handed it. */
    void remove(int s) {
        int b = bucket(keys[s]);
        if (buckets[b] == s) {
            buckets[b] = chain[s];
        } else {
            int p = buckets[b];
            while (chain[p] != s) {
                p = chain[p];
            }
            chain[p] = chain[s];
        }
        unlink(s);
        for (long[] bits : changed) {
            bits[s >>> 6] &= ~(1L << s);
        }
        chain[s] = free;
        free = s;
        size--;
    }

    private void link(int s) {
        older[s] = newest;
        newer[s] = NONE;
        if (newest != NONE) {
            newer[newest] = s;
        } else {
            oldest = s;
        }
        newest = s;
    }

    private void unlink(int s) {
        if (older[s] != NONE) {
            newer[older[s]] = newer[s];
        } else {
            oldest = newer[s];
        }
        if (newer[s] != NONE) {
            older[newer[s]] = older[s];
        } else {
            newest = older[s];
        }
    }

    long key(int s) {
        return keys[s];
    }

    Tally tally(int s) {
        return new Tally(totals[s], dailies[s], days[s]);
    }

    /**
     * One more call on {@code today}, handed to each reader of changes; {@code bot}: a crawler's. True when it is the
     * first call of the day by this user that was no crawler's (a visitor of the day, new).
     */
    boolean count(int s, long today, boolean bot) {
        boolean sameDay = days[s] == today;
        boolean was = sameDay && visitor(s);
        dailies[s] = sameDay ? dailies[s] + 1 : 1;
        days[s] = (int) today;
        totals[s]++;
        visitor(s, was || !bot);
        for (long[] bits : changed) {
            bits[s >>> 6] |= 1L << s;
        }
        return !was && !bot;
    }

    /** Whether the calls of the slot's day include one that was no crawler's. */
    boolean visitor(int s) {
        return (visitors[s >>> 6] & 1L << s) != 0;
    }

    private void visitor(int s, boolean visitor) {
        if (visitor) {
            visitors[s >>> 6] |= 1L << s;
        } else {
            visitors[s >>> 6] &= ~(1L << s);
        }
    }

    long total(int s) {
        return totals[s];
    }

    /** The count of {@code day}: 0 when the slot's day is another. */
    long dailyOn(int s, long day) {
        return days[s] == day ? dailies[s] : 0;
    }

    /** Copies a slot's tally into place {@code i} of a snapshot. */
    void copy(int s, LocalCounters.Snapshot into, int i) {
        into.totals()[i] = totals[s];
        into.dailies()[i] = dailies[s];
        into.on()[i] = days[s];
        into.visitors().set(i, visitor(s));
    }

    /**
     * Sets a slot's tally, and whether its day's calls include a person's; true when it changed (each reader of changes
     * is then handed it).
     */
    boolean set(int s, Tally t, boolean visitor) {
        if (totals[s] == t.total() && dailies[s] == t.daily() && days[s] == t.day() && visitor(s) == visitor) {
            return false;
        }
        totals[s] = t.total();
        dailies[s] = t.daily();
        days[s] = (int) t.day();
        visitor(s, visitor);
        for (long[] bits : changed) {
            bits[s >>> 6] |= 1L << s;
        }
        return true;
    }

    /** The slot after {@code s} from the least recently seen on ({@code -1}: start), or -1 at the end. */
    int next(int s) {
        return s == NONE ? oldest : newer[s];
    }

    /** The first slot from {@code from} on that {@code tracker} has not taken since it changed, cleared; -1: none. */
    int takeChanged(int tracker, int from) {
        long[] bits = changed[tracker];
        for (int w = from >>> 6; w < bits.length; w++) {
            long word = bits[w] & (w == from >>> 6 ? -1L << from : -1L);
            if (word != 0) {
                int s = (w << 6) + Long.numberOfTrailingZeros(word);
                bits[w] &= ~(1L << s);
                return s;
            }
        }
        return NONE;
    }

    /** Nothing left for {@code tracker} to take (it is about to store everything). */
    void clearChanged(int tracker) {
        Arrays.fill(changed[tracker], 0);
    }

    /** Hands a slot to {@code tracker} again (a take it could not store). */
    void markChanged(int tracker, int s) {
        changed[tracker][s >>> 6] |= 1L << s;
    }

    /**
     * Removes the users last seen before {@code day} (an epoch day), from the least recently seen on until one seen
     * since: the order of last use is that of the days; how many went.
     */
    int forgetBefore(long day) {
        int n = 0;
        while (oldest != NONE && days[oldest] < day) {
            remove(oldest);
            n++;
        }
        return n;
    }
}
