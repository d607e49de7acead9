package pocketapi.stats;

import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.concurrent.*;
import java.util.function.BooleanSupplier;

import pocketapi.config.RedisTarget;
import pocketapi.util.BoundedLru;
import pocketapi.util.Daemons;
import pocketapi.util.Disk;

/**
 * Counters shared through Redis ({@code STATS_REDIS_URL}): each instance counts in its own {@link
 * UsageCounters}, kept in its own file, and its {@link RedisSender} writes those values to Redis as
 * its own; Redis adds to the shared sums only what an instance's values gain, so a value sent twice,
 * late or after an outage counts once. {@code /api/info} answers the others' part (the shared sums
 * less this instance's values, as last read: kept and saved, so it never goes down) plus this
 * instance's own counts, exact. The asker's part is read again when older than {@value #FRESH_MILLIS}
 * ms, waiting at most {@value #READ_WAIT_MILLIS} ms, {@value #READERS} reads at once at most, none
 * while Redis is away; no other request ever waits on Redis. Thread-safe.
 */
public final class RedisCounters implements Counters {
    static final long FRESH_MILLIS = 500;
    static final long READ_WAIT_MILLIS = 250;
    static final int READERS = 4;
    /** How many users' part of the others is kept: those who asked last. */
    public static final int OTHERS = 10_000;

    private final UsageCounters mine;
    private final UsageCounters others;
    private final String instance;
    private final RedisClient redis;
    private final RedisSender sender;
    private final ThreadPoolExecutor readers = new ThreadPoolExecutor(0, READERS, 30, TimeUnit.SECONDS,
            new SynchronousQueue<>(), Daemons.named("stats-redis-read"));
    private final BoundedLru<String, Long> readAt = new BoundedLru<>(OTHERS);
    private ScheduledFuture<?> sending;

    /**
     * Merges in what Redis holds as this instance's values, if it answers now.
     *
     * @param mine          kept in the file too (2 trackers: the file's, the sender's)
     * @param others        kept in the file too ({@link #OTHERS} users, 1 tracker)
     * @param instanceSaved whether this instance's id is on disk, saving it when new
     */
    public RedisCounters(RedisTarget target, String prefix, UsageCounters mine, UsageCounters others, String instance,
                         BooleanSupplier instanceSaved, Disk disk, Path statsFile, int maxUsers, Clock clock) {
        this.mine = mine;
        this.others = others;
        this.instance = instance;
        this.redis = new RedisClient(target, prefix, Duration.ofMillis(500), READERS + 1);
        this.sender = new RedisSender(mine, others, redis, instance, instanceSaved, statsFile, disk, maxUsers, clock);
        sender.round();  // this instance's values in Redis, before any call is counted
    }

    /** Sends every {@value RedisSender#EVERY_MILLIS} ms, on {@code scheduler}. */
    public void start(ScheduledExecutorService scheduler) {
        sending = scheduler.scheduleWithFixedDelay(sender::round, RedisSender.EVERY_MILLIS, RedisSender.EVERY_MILLIS,
                TimeUnit.MILLISECONDS);
    }

    @Override
    public void count(String user) {
        mine.record(user);
    }

    @Override
    public Report countAndReport(String user) {
        Report r = mine.record(user);
        long today = r.date().toEpochDay();
        refresh(user, today);
        Tally site = others.site();
        Tally them = others.user(user);
        return new Report(r.date(), user, site.total() + r.siteTotal(), site.dailyOn(today) + r.siteDaily(),
                them.total() + r.userTotal(), them.dailyOn(today) + r.userDaily());
    }

    /** Reads the others' part of the site's and {@code user}'s counts when it is old, waiting a little at most. */
    private void refresh(String user, long today) {
        long now = System.nanoTime();
        synchronized (readAt) {
            Long at = readAt.get(user);
            if (!sender.healthy() || at != null && now - at < FRESH_MILLIS * 1_000_000) {
                return;
            }
            readAt.put(user, now);
        }
        try {
            readers.submit(() -> {
                long[] r = redis.read(instance, today, user);
                others.merge(UsageCounters.SITE, new Tally(Math.max(0, r[0] - r[2]), Math.max(0, r[1] - r[3]), today));
                others.merge(user, new Tally(Math.max(0, r[4] - r[6]), Math.max(0, r[5] - r[7]), today));
            }).get(READ_WAIT_MILLIS, TimeUnit.MILLISECONDS);  // one that takes longer lands for the next call
        } catch (RejectedExecutionException e) {
            synchronized (readAt) {
                readAt.remove(user);  // every reader is busy: answer from what is known
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (Exception e) {
            // unanswered or failed: the known part it is; the sender notices an outage and says so
        }
    }

    /** Stops sending, and sends what is left while Redis answers (a second at most); the file store saves it all then. */
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
