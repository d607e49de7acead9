package pocketapi.counters;

import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.*;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import pocketapi.common.Jobs;
import pocketapi.common.Utc8;
import pocketapi.config.RedisTarget;
import pocketapi.logging.LogText;
import pocketapi.logging.Throttle;
import pocketapi.web.Family;

/**
 * Counters shared through Redis ({@code STATS_REDIS_URL}): each instance counts in its own {@link LocalCounters}, kept
 * in its own file, and its {@link RedisSender} writes those values to Redis as its own; Redis adds to the shared sums
 * only what an instance's values gain, so a value sent twice, late or after an outage counts once. {@code /api/info}
 * answers the others' part (the shared sums less this instance's values, as last read: kept and saved, so it never goes
 * down) plus this instance's own counts, exact. The asker's part is read again when older than {@value #FRESH_MILLIS}
 * ms, and so is the history of each number of days asked (the site's visitors after {@value #VISITORS_FRESH_MILLIS}
 * ms); each read waits at most {@value #READ_WAIT_MILLIS} ms, {@value #READERS} reads at once at most, none while Redis
 * is away; a read that fails is logged once for each kind of failure until one works. No other request ever waits on
 * Redis. Thread-safe.
 */
public final class RedisCounters implements Counters {
    /** What the sender needs besides Redis: see {@link RedisSender}. */
    public record Settings(
            String instance,
            java.util.function.BooleanSupplier instanceSaved,
            int maxUsers,
            int userDays,
            int historyDays) {}

    static final long FRESH_MILLIS = 500;
    /**
     * The visitors of today, the last 30 and all the days kept are read again when older than this: a union of 400
     * days' HyperLogLogs costs Redis some 9 ms, and the numbers are estimates that move slowly.
     */
    static final long VISITORS_FRESH_MILLIS = 5_000;

    static final long READ_WAIT_MILLIS = 250;
    static final int READERS = 4;
    /** How many users' part of the others is kept: those who asked last. */
    public static final int OTHERS = 10_000;
    /** The site's part among the reads, by its key (no user's key is 0). */
    private static final long SITE_READ = 0;
    /** The visitors of today, the last 30 days and the days kept, among the reads. */
    private static final Object VISITORS = new Object();

    private static final Logger LOG = LoggerFactory.getLogger(RedisCounters.class);

    private final LocalCounters mine;
    private final LocalCounters others;
    private final String instance;
    private final Clock clock;
    private final RedisClient redis;
    private final RedisSender sender;
    private final ThreadPoolExecutor readers =
            new ThreadPoolExecutor(0, READERS, 30, TimeUnit.SECONDS, new SynchronousQueue<>(), r -> {
                Thread t = new Thread(r, "stats-redis-read");
                t.setDaemon(true);
                return t;
            });
    /**
     * When each user's part (by its key; the site's: {@link #SITE_READ}) and each history (a {@link HistoryRead}) was
     * last read, those asked for last.
     */
    private final Map<Object, Long> readAt = new LinkedHashMap<>(16, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<Object, Long> eldest) {
            return size() > OTHERS;
        }
    };
    /** Each day's visitors as last read (Redis keeps them: a HyperLogLog a day), the days kept at most. */
    private final Map<Long, Long> dayVisitors = new java.util.concurrent.ConcurrentHashMap<>();
    /** The visitors of the last N days together, by N, as last read: {the day read, the visitors}. */
    private final Map<Integer, long[]> spanVisitors = new java.util.concurrent.ConcurrentHashMap<>();
    /** The visitors of today, the last 30 days and the days kept, as last read: {the day read, the three}. */
    private final java.util.concurrent.atomic.AtomicReference<long[]> windowVisitors =
            new java.util.concurrent.atomic.AtomicReference<>(new long[] {0, 0, 0, 0});

    private final int historyDays;
    /** The failures of reads told since the last read that worked. */
    private final Throttle readFailures = Throttle.untilCleared();

    private ScheduledFuture<?> sending;

    /**
     * Checks with Redis that the instances hash users with one key and merges in what it holds as this instance's
     * values, if it answers now.
     */
    public RedisCounters(
            RedisTarget target,
            String prefix,
            LocalCounters mine,
            LocalCounters others,
            Settings settings,
            java.nio.file.Path statsFile,
            Clock clock) {
        this.mine = mine;
        this.others = others;
        this.instance = settings.instance();
        this.historyDays = settings.historyDays();
        this.clock = clock;
        this.redis = new RedisClient(target, prefix, Duration.ofMillis(500), READERS + 1);
        this.sender = new RedisSender(mine, others, redis, settings, statsFile, clock);
        sender.round(); // this instance's values in Redis, before any call is counted
    }

    /** Whether the last exchange with Redis went well (for /metrics). */
    public boolean reachable() {
        return sender.healthy();
    }

    /** The calls this instance counted that are not yet in Redis (for /metrics). */
    public long backlog() {
        return sender.backlog();
    }

    /** Whether Redis said at start that the other instances hash users with another key (nothing is sent then). */
    public boolean keyMismatch() {
        return sender.keyMismatch();
    }

    /** Sends every {@value RedisSender#EVERY_MILLIS} ms, on {@code scheduler}. */
    public void start(ScheduledExecutorService scheduler) {
        Duration every = Duration.ofMillis(RedisSender.EVERY_MILLIS);
        sending = Jobs.every(scheduler, "the sends to Redis", every, every, sender::round);
    }

    @Override
    public void count(String user, boolean bot, Family family) {
        mine.count(user, bot, family);
    }

    @Override
    public Report countAndReport(String user, boolean bot, Family family) {
        long key = mine.keys().of(user);
        Report r = mine.record(key, user, bot, family);
        long today = r.date().toEpochDay();
        readOthers(key, today);
        Tally site = others.siteTally();
        Tally them = others.user(key);
        return new Report(
                r.date(),
                user,
                site.total() + r.siteTotal(),
                site.dailyOn(today) + r.siteDaily(),
                them.total() + r.userTotal(),
                them.dailyOn(today) + r.userDaily());
    }

    /**
     * Reads the others' part of the site's and a user's counts (the site's alone: {@link #SITE_READ}) when it is old.
     */
    private void readOthers(long key, long today) {
        fresh(key, () -> {
            long[] n = redis.read(instance, today, key);
            others.merge(
                    LocalCounters.SITE, new Tally(Math.max(0, n[0] - n[2]), Math.max(0, n[1] - n[3]), today), true);
            others.merge(
                    LocalCounters.BOTS, new Tally(Math.max(0, n[8] - n[10]), Math.max(0, n[9] - n[11]), today), true);
            if (key != SITE_READ) {
                others.merge(key, new Tally(Math.max(0, n[4] - n[6]), Math.max(0, n[5] - n[7]), today), true);
            }
        });
    }

    @Override
    public List<DayCount> history(int days) {
        long today = Utc8.epochDay(clock);
        readHistory(today, days);
        List<DayCount> all = new ArrayList<>(days);
        for (long day = today - days + 1; day <= today; day++) {
            all.add(DayCount.of(day, sum(day), dayVisitors.getOrDefault(day, 0L)));
        }
        return all;
    }

    @Override
    public long visitors(int days) {
        long today = Utc8.epochDay(clock);
        readHistory(today, days);
        long[] read = spanVisitors.get(days);
        return read != null && read[0] == today ? read[1] : 0;
    }

    @Override
    public Summary summary() {
        long today = Utc8.epochDay(clock);
        long last30 = 0;
        long bots30 = 0;
        Visitors v = null;
        if (historyDays > 0) {
            readHistory(today, Math.min(30, historyDays));
            for (long day = today - 29; day <= today; day++) {
                long[] counts = sum(day);
                last30 += counts[0];
                bots30 += counts[LocalCounters.BOTS_COLUMN];
            }
            v = visitors();
        }
        readOthers(SITE_READ, today);
        Tally site = others.siteTally();
        Tally bots = others.botsTally();
        Tally ownSite = mine.siteTally();
        Tally ownBots = mine.botsTally();
        return new Summary(
                site.total() + ownSite.total(),
                site.dailyOn(today) + ownSite.dailyOn(today),
                last30,
                bots.total() + ownBots.total(),
                bots.dailyOn(today) + ownBots.dailyOn(today),
                bots30,
                v);
    }

    @Override
    public Visitors visitors() {
        if (historyDays == 0) {
            return null;
        }
        long today = Utc8.epochDay(clock);
        fresh(VISITORS, VISITORS_FRESH_MILLIS, () -> {
            long[] n = redis.visitors(today, historyDays);
            windowVisitors.accumulateAndGet(new long[] {today, n[0], n[1], n[2]}, RedisCounters::later);
        });
        long[] w = windowVisitors.get();
        return w[0] == today ? new Visitors(w[1], w[2], w[3]) : new Visitors(0, 0, 0);
    }

    /** Of two reads of the visitors ({@code day, numbers...}), the later day's, then the larger numbers. */
    private static long[] later(long[] a, long[] b) {
        if (a[0] != b[0]) {
            return a[0] > b[0] ? a : b;
        }
        long[] max = a.clone();
        for (int i = 1; i < max.length; i++) {
            max[i] = Math.max(a[i], b[i]);
        }
        return max;
    }

    /** A history's place among the reads: its number of days (a longer one holds days a shorter one never read). */
    private record HistoryRead(int days) {}

    /** The others' part of the last {@code days} days, read again when that history is old. */
    private void readHistory(long today, int days) {
        fresh(new HistoryRead(days), () -> {
            List<Long> dates = new ArrayList<>();
            for (long day = today - days + 1; day <= today; day++) {
                dates.add(day);
            }
            long[] n = redis.history(instance, dates);
            int c = LocalCounters.COLUMNS;
            int stride = RedisClient.HISTORY_DAY;
            for (int d = 0; d < dates.size(); d++) {
                long[] theirs = new long[c];
                for (int i = 0; i < c; i++) {
                    theirs[i] = Math.max(0, n[stride * d + i] - n[stride * d + c + i]);
                }
                others.mergeDay(dates.get(d), theirs);
                dayVisitors.merge(dates.get(d), n[stride * d + 2 * c], Math::max);
            }
            spanVisitors.merge(days, new long[] {today, n[n.length - 1]}, RedisCounters::later);
            dayVisitors.keySet().removeIf(day -> day <= today - Math.max(historyDays, days));
        });
    }

    /** A day's counts: this instance's own and the others' part, as last read. */
    private long[] sum(long day) {
        long[] sum = mine.dayCounts(day);
        long[] theirs = others.dayCounts(day);
        for (int i = 0; i < sum.length; i++) {
            sum[i] += theirs[i];
        }
        return sum;
    }

    /** Runs {@code read} (a read of the others' part, {@code key}'s) when the last is old, waiting a little at most. */
    private void fresh(Object key, Runnable read) {
        fresh(key, FRESH_MILLIS, read);
    }

    /** Runs {@code read} when the last of {@code key} is older than {@code millis}, waiting a little at most. */
    private void fresh(Object key, long millis, Runnable read) {
        long now = System.nanoTime();
        synchronized (readAt) {
            Long at = readAt.get(key);
            if (!sender.healthy() || at != null && now - at < millis * 1_000_000) {
                return;
            }
            readAt.put(key, now);
        }
        try {
            readers.submit(() -> readOrTell(read)).get(READ_WAIT_MILLIS, TimeUnit.MILLISECONDS);
        } catch (TimeoutException e) {
            // Quiet: the read goes on and lands for the next call (it says itself if it fails); this one answers from
            // what is known.
        } catch (RejectedExecutionException e) {
            synchronized (readAt) {
                readAt.remove(key); // every reader is busy: answer from what is known
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (ExecutionException e) {
            throw new IllegalStateException("a read failed past what readOrTell handles", e.getCause());
        }
    }

    /** Runs a read; one that fails leaves the known part as it is, and is logged once a kind until a read works. */
    private void readOrTell(Runnable read) {
        try {
            read.run();
            readFailures.clear();
        } catch (RuntimeException e) {
            String why = e.getClass().getSimpleName() + ": " + e.getMessage();
            if (readFailures.first(why)) {
                LOG.warn(
                        "cannot read the other instances' counts from {} ({}); /api/info and the history answer "
                                + "with those last read until a read works",
                        redis,
                        LogText.safe(why, LogText.LINE));
            }
        }
    }

    /**
     * Stops sending, and sends what is left while Redis answers (a second at most); the file store saves it all then.
     */
    public void stop() {
        if (sending != null) {
            sending.cancel(false);
        }
        readers.shutdownNow();
        sender.finish(System.nanoTime() + 1_000_000_000L);
        redis.close();
    }

    /** For the start-up line. */
    public String describe() {
        return "in " + redis + " as instance " + instance;
    }
}
