package pocketapi.counters;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.datasketches.hll.HllSketch;
import org.apache.datasketches.hll.TgtHllType;
import org.apache.datasketches.hll.Union;

/**
 * The distinct visitors of each UTC+8 day in the file store, as a HyperLogLog sketch of their keyed hashes
 * ({@link UserKeys}: never an id) per day, kept as long as the history: Apache DataSketches' HLL with 2<sup>14</sup>
 * registers of 4 bits (standard error 0.81 %, 8 KB at most a day; a day of few visitors holds a short list instead). A
 * sketch only grows, and two copies merge by a union (the larger of each register), in any order and however often: the
 * grow-only rule of every count, so the files and their log merge sketches as they merge counts. What changed since the
 * file's last take is kept apart ({@link #take}), so that a save writes only that. The distinct visitors of the last 30
 * days and of all the days kept are kept up to date as visitors come (one union each, rebuilt when a day goes); those
 * of any other span are a union of its days ({@link #span}), made outside the counters' lock. A sketch of a past day is
 * never changed in place (a merge replaces it), so a span can read it unlocked. Not thread-safe: {@link LocalCounters}
 * holds its lock around every call but {@link Span#count}.
 */
final class VisitorSketches {
    /** 2<sup>14</sup> registers, as Redis's own HyperLogLog: the same standard error, 1.04 / 128 = 0.81 %. */
    static final int LG_K = 14;

    static final TgtHllType TYPE = TgtHllType.HLL_4;
    /** A day's sketch on the heap at most: its registers and exceptions, and the objects around them. */
    static final int BYTES_PER_DAY = HllSketch.getMaxUpdatableSerializationBytes(LG_K, TYPE) + 512;
    /** A sketch as a file holds it, at most (a longer one is refused before it is decoded). */
    static final int MAX_BYTES = HllSketch.getMaxUpdatableSerializationBytes(LG_K, TgtHllType.HLL_8);

    private final int kept;
    /** Whether what each day gains is kept apart for a reader of changes (the file). */
    private final boolean tracked;

    private final TreeMap<Long, HllSketch> days = new TreeMap<>();
    /** Per day, the visitors added since the file's last take. */
    private final TreeMap<Long, HllSketch> fresh = new TreeMap<>();
    /** The last 30 days' and all the kept days' visitors, as of {@link #windowsDay}; rebuilt when it is not today. */
    private Union days30;

    private Union all;
    private long windowsDay = Long.MIN_VALUE;
    /**
     * The estimates of {@link #days30} and {@link #all} as of their last change, -1 when they changed since; and each
     * day's own, dropped when its sketch changes. An estimate reads every register of a dense sketch: made once per
     * change, not for every answer that shows it (the history asks 30 days' on every call, under the counters' lock).
     */
    private long estimated30 = -1;

    private long estimatedAll = -1;
    private final Map<Long, Long> estimates = new HashMap<>();

    /**
     * @param kept days kept (STATS_HISTORY_DAYS, at least 1)
     * @param tracked whether a reader (the file) takes what changed
     */
    VisitorSketches(int kept, boolean tracked) {
        this.kept = kept;
        this.tracked = tracked;
    }

    /** What the heap holds at most for {@code kept} days: a sketch a day, the day's changes, the two spans. */
    static long bytes(int kept) {
        return kept == 0 ? 0 : (kept + 2L) * BYTES_PER_DAY + 2L * MAX_BYTES;
    }

    /** How many days kept {@code bytes} of the heap hold at least: the inverse of {@link #bytes}. */
    static long days(long bytes) {
        return Math.max(0, (bytes - 2L * MAX_BYTES) / BYTES_PER_DAY - 2);
    }

    /** One visitor, by its keyed hash, on {@code today}. */
    void add(long today, long key) {
        days.computeIfAbsent(today, d -> new HllSketch(LG_K, TYPE)).update(key);
        estimates.remove(today);
        if (tracked) {
            fresh.computeIfAbsent(today, d -> new HllSketch(LG_K, TYPE)).update(key);
        }
        windows(today);
        days30.update(key);
        all.update(key);
        estimated30 = -1;
        estimatedAll = -1;
    }

    /** Merges a copy of {@code day}'s sketch (from a file); a day not kept is ignored. */
    void merge(long day, HllSketch sketch, long today) {
        if (day <= today - kept) {
            return;
        }
        Union u = new Union(LG_K);
        HllSketch had = days.get(day);
        if (had != null) {
            u.update(had);
        }
        u.update(sketch);
        days.put(day, u.getResult(TYPE)); // a new object: a span may be reading the one it replaces
        estimates.remove(day);
        if (windowsDay == today) {
            if (day > today - 30) {
                days30.update(sketch);
                estimated30 = -1;
            }
            all.update(sketch);
            estimatedAll = -1;
        }
    }

    /** Drops the days before {@code day}; the spans are made anew at their next use. */
    void dropBefore(long day) {
        if (!days.isEmpty() && days.firstKey() < day) {
            days.headMap(day).clear();
            fresh.headMap(day).clear();
            estimates.keySet().removeIf(d -> d < day);
            windowsDay = Long.MIN_VALUE;
        }
    }

    /** The spans of {@code today}, made anew from the days when the day has changed since. */
    private void windows(long today) {
        if (windowsDay == today) {
            return;
        }
        days30 = new Union(LG_K);
        all = new Union(LG_K);
        for (Map.Entry<Long, HllSketch> d : days.tailMap(today - kept, false).entrySet()) {
            if (d.getKey() <= today) {
                all.update(d.getValue());
                if (d.getKey() > today - 30) {
                    days30.update(d.getValue());
                }
            }
        }
        windowsDay = today;
        estimated30 = -1;
        estimatedAll = -1;
    }

    /** The visitors of {@code day}, estimated. */
    long count(long day) {
        HllSketch s = days.get(day);
        return s == null ? 0 : estimates.computeIfAbsent(day, d -> Math.round(s.getCompositeEstimate()));
    }

    /** The visitors of the last 30 days and of all the days kept, to {@code today}, estimated. */
    long[] windowCounts(long today) {
        windows(today);
        if (estimated30 < 0) {
            estimated30 = Math.round(days30.getCompositeEstimate());
        }
        if (estimatedAll < 0) {
            estimatedAll = Math.round(all.getCompositeEstimate());
        }
        return new long[] {estimated30, estimatedAll};
    }

    /** The sketches of the days from {@code from} to {@code today}, to be counted unlocked: today's copied. */
    Span span(long from, long today) {
        List<HllSketch> parts = new ArrayList<>();
        for (Map.Entry<Long, HllSketch> d : days.subMap(from, true, today, true).entrySet()) {
            parts.add(d.getKey() == today ? d.getValue().copy() : d.getValue());
        }
        return new Span(parts);
    }

    /** Sketches of some days, each one no one changes any more. */
    static final class Span {
        private final List<HllSketch> parts;

        private Span(List<HllSketch> parts) {
            this.parts = parts;
        }

        /** The visitors of the days together, estimated (a union of their sketches). */
        long count() {
            Union u = new Union(LG_K);
            parts.forEach(u::update);
            return Math.round(u.getCompositeEstimate());
        }
    }

    /** What was added since the last take, by day, as compact sketches; forgotten here. */
    Map<Long, byte[]> take() {
        Map<Long, byte[]> out = new TreeMap<>();
        fresh.forEach((day, s) -> out.put(day, s.toCompactByteArray()));
        fresh.clear();
        return out;
    }

    /** Hands back what a take got and could not store: it is taken again next time, with what came since. */
    void giveBack(Map<Long, byte[]> taken) {
        taken.forEach((day, bytes) -> {
            Union u = new Union(LG_K);
            u.update(HllSketch.heapify(bytes));
            HllSketch since = fresh.get(day);
            if (since != null) {
                u.update(since);
            }
            fresh.put(day, u.getResult(TYPE));
        });
    }

    /** Every day's sketch, compact, and nothing left to take: what a whole save writes. */
    Map<Long, byte[]> snapshot() {
        fresh.clear();
        Map<Long, byte[]> out = new TreeMap<>();
        days.forEach((day, s) -> out.put(day, s.toCompactByteArray()));
        return out;
    }

    /** A sketch as a file holds it: one of this size and kind, else an exception saying why. */
    static HllSketch read(byte[] bytes) {
        if (bytes.length > MAX_BYTES) {
            throw new IllegalArgumentException("a sketch of " + bytes.length + " bytes, more than any of ours");
        }
        HllSketch s = HllSketch.heapify(bytes);
        if (s.getLgConfigK() != LG_K) {
            throw new IllegalArgumentException("a sketch of 2^" + s.getLgConfigK() + " registers, not 2^" + LG_K);
        }
        return s;
    }
}
