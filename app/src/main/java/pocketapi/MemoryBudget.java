package pocketapi;

import java.util.List;
import java.util.Locale;
import pocketapi.config.Config;
import pocketapi.config.ConfigException;
import pocketapi.counters.CounterSettings;
import pocketapi.counters.LocalCounters;
import pocketapi.counters.RedisCounters;
import pocketapi.hitokoto.HitokotoSettings;
import pocketapi.pictures.Picker;
import pocketapi.pictures.PictureSettings;

/**
 * What the bounded parts of the service may hold of the heap, so that no setting, folder or state can make it run out:
 * {@value #USABLE_PERCENT} % of the heap may hold what lives long (the rest is the young generation's room for each
 * request's garbage); of that, the service itself with every cache at its bound and {@code MAX_CONNECTIONS} open takes
 * {@link #BASE}, Redis mode {@link #REDIS} more, the counters {@link LocalCounters#BYTES_PER_USER} bytes a user of
 * {@code STATS_MAX_USERS} and (in the file store) a sketch of visitors for each day of {@code STATS_HISTORY_DAYS}
 * ({@link LocalCounters#visitorBytes}), and {@code IMAGE_NO_REPEAT}'s table what it allocates. What is left goes two
 * thirds to the picture pools and one third to the calendars of one's own, as they measure themselves; with
 * {@code HITOKOTO_DIR}, half to the pictures, a third to the sentences and a sixth to the calendars. A folder whose
 * content would not fit is refused (at start: exit 2; while running: kept as it was). The figures come from
 * {@code app/bench/memory.sh}. Immutable.
 */
public final class MemoryBudget {
    static final int USABLE_PERCENT = 60;
    /** The service at rest with every cache full and a thousand connections open (measured: 12 to 14 MB). */
    static final long BASE = 16L << 20;
    /** What is left at least for pictures and calendars: the bundled samples and a calendar or two. */
    static final long MIN_REST = 1L << 20;
    /** Redis mode: the others' part of {@value RedisCounters#OTHERS} users, when each was read, the connections. */
    static final long REDIS = 2L << 20;

    private final long heap;
    private final long pools;
    private final long calendars;
    private final long sentences;

    private MemoryBudget(long heap, long pools, long calendars, long sentences) {
        this.heap = heap;
        this.pools = pools;
        this.calendars = calendars;
        this.sentences = sentences;
    }

    /** The budget of {@code config} in a heap of {@code maxHeap} bytes, with only {@code served} taking their part. */
    public static MemoryBudget check(Config config, long maxHeap, List<String> served) throws ConfigException {
        boolean info = served.contains("info");
        boolean img = served.contains("img");
        long usable = maxHeap / 100 * USABLE_PERCENT;
        long fixed = BASE
                + (info && config.get(CounterSettings.STATS_REDIS_URL).isPresent() ? REDIS : 0)
                + (img
                        ? Picker.bytes(
                                config.get(PictureSettings.IMAGE_NO_REPEAT),
                                Math.min(config.get(CounterSettings.STATS_MAX_USERS), Picker.MAX_USERS))
                        : 0);
        long users = info ? (long) config.get(CounterSettings.STATS_MAX_USERS) * LocalCounters.BYTES_PER_USER : 0;
        // The file store keeps each day's visitors as a sketch (Redis mode: Redis does).
        int days = config.get(CounterSettings.STATS_HISTORY_DAYS);
        long sketches =
                info && config.get(CounterSettings.STATS_REDIS_URL).isEmpty() ? LocalCounters.visitorBytes(days) : 0;
        long rest = usable - fixed - users - sketches;
        if (rest < MIN_REST && usable - fixed - sketches >= MIN_REST) {
            long fits = Math.max(0, (usable - fixed - sketches - MIN_REST) / LocalCounters.BYTES_PER_USER);
            throw new ConfigException(CounterSettings.STATS_MAX_USERS.name() + " ("
                    + CounterSettings.STATS_MAX_USERS.flag() + "): "
                    + config.get(CounterSettings.STATS_MAX_USERS) + " users take " + mb(users) + " in a heap of "
                    + mb(maxHeap) + " (-Xmx), which "
                    + "holds at most " + fits + " beside the rest of the service; lower it or give Java a larger -Xmx");
        }
        if (rest < MIN_REST) {
            throw new ConfigException(CounterSettings.STATS_HISTORY_DAYS.name() + " ("
                    + CounterSettings.STATS_HISTORY_DAYS.flag() + "): " + days + " days of visitors take "
                    + mb(sketches) + " in a heap of " + mb(maxHeap) + " (-Xmx), which holds at most "
                    + LocalCounters.visitorDays(usable - fixed - users - MIN_REST) + " beside "
                    + config.get(CounterSettings.STATS_MAX_USERS) + " users and the rest of the service; lower it "
                    + "(or STATS_MAX_USERS), or give Java a larger -Xmx");
        }
        // The rest in shares: pictures 2 and calendars 1; with HITOKOTO_DIR, pictures 3, calendars 1 and sentences 2.
        boolean sentences = served.contains("hitokoto")
                && config.get(HitokotoSettings.HITOKOTO_DIR).isPresent();
        long p = img ? (sentences ? 3 : 2) : 0;
        long c = served.contains("holidays") ? 1 : 0;
        long t = sentences ? 2 : 0;
        long all = Math.max(1, p + c + t);
        return new MemoryBudget(maxHeap, rest * p / all, rest * c / all, rest * t / all);
    }

    /** What pictures may take (the pool files' and IMAGE_POOLS_DIR's together). */
    public long pools() {
        return pools;
    }

    /** What the calendars of one's own may take. */
    public long calendars() {
        return calendars;
    }

    /** What the sentences of HITOKOTO_DIR may take. */
    public long sentences() {
        return sentences;
    }

    /** For the start-up line. */
    @Override
    public String toString() {
        return "heap " + mb(heap) + ": " + mb(pools) + " for pictures, " + mb(calendars) + " for calendars"
                + (sentences > 0 ? ", " + mb(sentences) + " for sentences" : "");
    }

    private static String mb(long bytes) {
        return String.format(Locale.ROOT, "%.1f MB", bytes / 1048576.0);
    }
}
