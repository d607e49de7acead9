package pocketapi.stats;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.SynchronousQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import pocketapi.util.Ticker;
import pocketapi.util.Utc8;

/**
 * Counters shared by several instances through Redis ({@code STATS_REDIS_URL}). The parts:
 * <ul>
 *   <li>{@link Ledger}: Redis's last totals and this instance's unconfirmed calls ({@link Outbox}),
 *       under one lock;</li>
 *   <li>{@link RedisSync}: sends the calls, imports the file store once, hands what Redis has not
 *       confirmed to disk ({@link PendingLog}, {@code <stats>.redis-pending.json}) and the last totals
 *       too ({@link BaseFile}, {@code <stats>.redis-base.json});</li>
 *   <li>this class: counting (never waits for Redis) and {@code /api/info}, which reads Redis's
 *       totals first when the known ones are older than {@link RedisTimings#FRESH}, waiting at most
 *       {@link RedisTimings#INFO_WAIT}.</li>
 * </ul>
 * What {@code /api/info} reports is Redis's totals as last read plus every call of this instance
 * they do not include: never lower than what this instance last saw plus its own calls since,
 * exactly including the current call. Thread-safe.
 */
public final class RedisCounters implements Counters, AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(RedisCounters.class);

    private final RedisStore reader;
    private final Clock clock;
    private final Ticker ticker;
    private final Ledger ledger;
    private final RedisSync sync;
    private final PendingLog log;
    private final ExecutorService reads;
    private final Map<String, CompletableFuture<Void>> underWay = new ConcurrentHashMap<>();
    private volatile long readsFailedAt;

    /**
     * @param sender       the sender's connection (a time-out of seconds)
     * @param reader       {@code /api/info}'s connection (a time-out of {@link RedisTimings#INFO_WAIT})
     * @param statsFile    STATS_FILE: the file store's counters, imported once; the pending and base
     *                     files are named after it
     * @param handOffEvery STATS_FLUSH_SECONDS: how often unconfirmed calls go to disk while Redis is away
     */
    public RedisCounters(RedisStore sender, RedisStore reader, Path statsFile, Duration handOffEvery, Clock clock,
                         int maxUsers) {
        this(sender, reader, statsFile, handOffEvery, clock, maxUsers, LocalDisk.INSTANCE, Ticker.SYSTEM, readers());
    }

    /** @param reads runs {@code /api/info}'s reads; it must refuse a read when it cannot start it at once */
    RedisCounters(RedisStore sender, RedisStore reader, Path statsFile, Duration handOffEvery, Clock clock,
                  int maxUsers, Disk disk, Ticker ticker, ExecutorService reads) {
        this.reader = reader;
        this.clock = clock;
        this.ticker = ticker;
        Path stats = statsFile.toAbsolutePath();
        this.log = new PendingLog(disk, sibling(stats, ".redis-pending.json"));
        Path baseFile = sibling(stats, ".redis-base.json");
        migrateOldPendingFile(disk, stats);
        SharedBase base = new SharedBase(maxUsers);
        readBase(disk, baseFile, base);
        this.ledger = new Ledger(new Outbox(UUID.randomUUID().toString(), maxUsers), base);
        this.sync = new RedisSync(sender, ledger, RedisImport.of(stats, clock, maxUsers), log, disk, baseFile,
                handOffEvery, maxUsers, clock, ticker);
        readPending(base.site().applied());
        this.readsFailedAt = ticker.nanos() - RedisTimings.RETRY_FIRST.toNanos() - 1;
        this.reads = reads;
    }

    /**
     * No queue: a read starts only on an idle reader, so however many new ids arrive at once, at most
     * READERS requests wait (each at most INFO_WAIT); the others answer at once from what is known.
     */
    private static ExecutorService readers() {
        ThreadPoolExecutor pool = new ThreadPoolExecutor(RedisTimings.READERS, RedisTimings.READERS, 30,
                TimeUnit.SECONDS, new SynchronousQueue<>(), r -> {
                    Thread t = new Thread(r, "stats-redis-read");
                    t.setDaemon(true);
                    return t;
                });
        pool.allowCoreThreadTimeOut(true);
        return pool;
    }

    /** The counters on the Redis at {@code target}, as the service runs them: two connection pools. */
    public static RedisCounters connect(RedisTarget target, String prefix, Path statsFile, Duration handOffEvery,
                                        Clock clock, int maxUsers) {
        return new RedisCounters(new JedisStore(target, prefix, RedisTimings.SEND_TIMEOUT, 2, maxUsers, clock),
                new JedisStore(target, prefix, RedisTimings.INFO_WAIT, RedisTimings.READERS, maxUsers, clock),
                statsFile, handOffEvery, clock, maxUsers);
    }

    /** {@code data/stats.json} -> {@code data/stats.redis-pending.json}. */
    static Path sibling(Path statsFile, String suffix) {
        String name = statsFile.getFileName().toString();
        int dot = name.lastIndexOf('.');
        return statsFile.resolveSibling((dot > 0 ? name.substring(0, dot) : name) + suffix);
    }

    /** Version 1.0 left unsent batches in STATS_FILE itself: they move to the pending log. */
    private void migrateOldPendingFile(Disk disk, Path stats) {
        try {
            if (disk.exists(stats) && !log.exists()) {
                boolean pending;
                try (InputStream in = disk.read(stats)) {
                    pending = OldPendingFile.isPending(in);
                }
                if (pending) {
                    disk.rename(stats, log.file());
                    LOG.info("moved the unsent counts an earlier version left in {} to {}", stats, log.file());
                }
            }
        } catch (IOException | RuntimeException e) {
            LOG.warn("cannot look into {} ({})", stats, e.toString());
        }
    }

    /** The batches an earlier run left in the log, but those the saved totals show applied. */
    private void readPending(Map<String, Long> applied) {
        if (!log.exists()) {
            return;
        }
        long[] calls = {0};
        Set<String> instances = new HashSet<>();
        // A hand-off whose sync failed is written again by the next: a batch may be in the log twice.
        Map<String, Long> last = new HashMap<>(applied);
        try {
            int skipped = log.readAll(stored -> {
                RedisStore.Batch b = stored.batch();
                instances.add(b.instance());
                if (b.seq() > last.getOrDefault(b.instance(), 0L)) {
                    last.put(b.instance(), b.seq());
                    ledger.restore(stored);
                    calls[0] += b.site();
                }
            });
            instances.forEach(sync::earlierRun);
            instances.forEach(ledger::inLog);
            LOG.info("{} holds {} counted calls an earlier run could not write to Redis; sending them first{}",
                    log.file(), calls[0], skipped == 0 ? "" : " (" + skipped + " record" + (skipped == 1 ? "" : "s")
                    + " cut short by a crash or damaged were left out)");
        } catch (IOException | RuntimeException e) {
            LOG.error("cannot read {} ({}); its calls are not sent", log.file(), e.toString());
        }
    }

    private void readBase(Disk disk, Path baseFile, SharedBase base) {
        if (disk.exists(baseFile)) {
            try {
                Optional<BaseFile.Saved> saved = BaseFile.read(disk, baseFile);
                saved.ifPresent(s -> base.restore(s.site(), s.users()));
                if (saved.isEmpty()) {
                    LOG.info("{} is of an older version: the totals come from Redis's first answer", baseFile);
                }
            } catch (IOException | RuntimeException e) {
                LOG.warn("cannot read {} ({}); the totals come from Redis's first answer", baseFile, e.toString());
            }
        }
    }

    /** Starts the sender. */
    public void start() {
        sync.start();
    }

    @Override
    public void count(String user) {
        ledger.count(Utc8.epochDay(clock), user);
    }

    @Override
    public Report countAndReport(String user) {
        long today = Utc8.epochDay(clock);
        if (!ledger.fresh(user, today, ticker.nanos(), RedisTimings.FRESH.toNanos()) && readsWorthTrying()) {
            awaitRead(user, today);
        }
        return ledger.countAndReport(today, user);
    }

    private boolean readsWorthTrying() {
        return sync.reachable() && ticker.nanos() - readsFailedAt > RedisTimings.RETRY_FIRST.toNanos();
    }

    /** Reads the site's and the user's totals, waiting at most INFO_WAIT; a later answer still lands. */
    private void awaitRead(String user, long today) {
        CompletableFuture<Void> read = new CompletableFuture<>();
        CompletableFuture<Void> running = underWay.putIfAbsent(user, read);
        if (running == null) {
            running = read;
            try {
                reads.execute(() -> {
                    try {
                        readNow(user, today);
                    } finally {
                        underWay.remove(user, read);
                        read.complete(null);
                    }
                });
            } catch (RejectedExecutionException e) {
                underWay.remove(user, read);
                return;  // every reader is busy: answer from what is known, at once
            }
        }
        try {
            running.get(RedisTimings.INFO_WAIT.toNanos(), TimeUnit.NANOSECONDS);
        } catch (TimeoutException | ExecutionException e) {
            // answered from the totals at hand; the read lands for the next call
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private void readNow(String user, long today) {
        try {
            RedisStore.Totals totals = reader.apply(RedisStore.Batch.none(ledger.instance(), today), List.of(user),
                    ledger.instances());
            ledger.read(totals, today, List.of(user), ticker.nanos());
        } catch (RedisStore.Unavailable | RedisStore.Refused | RuntimeException e) {
            readsFailedAt = ticker.nanos();  // the sender logs what is wrong; reads pause a second
        }
    }

    /**
     * Stops the sender, sends what it can before {@code deadline} (a {@link Ticker} value) and
     * saves what is left (see {@link RedisSync#stop}). Called once, when the service stops.
     *
     * @return whether every counted call is in Redis or on disk
     */
    public boolean stop(long deadline) {
        reads.shutdownNow();
        try {
            return sync.stop(deadline);
        } finally {
            reader.close();
        }
    }

    /** {@link #stop} with the service's budget for the counters' part of a stop. */
    @Override
    public void close() {
        stop(ticker.nanos() + RedisTimings.SEND_TIMEOUT.toNanos() + RedisTimings.STOP_WAIT.toNanos());
    }

    /** For the startup line. */
    public String describe() {
        return "Redis at " + reader.describe() + ", calls not yet written kept in " + log.file();
    }

    /** One round of the sender now, whatever its retry pause (for tests). */
    void flushNow() {
        sync.round(true);
    }

    /** One round of the sender as its timer would run it (for tests that move the ticker). */
    void round() {
        sync.round(false);
    }

    /** How many calls are counted here but not confirmed in Redis (tests). */
    long unsent() {
        return ledger.unconfirmedCalls();
    }

    /** Whether the sender found Redis unreachable, or failing, at its last try. */
    boolean away() {
        return sync.failing();
    }

    Path pendingFile() {
        return log.file();
    }

    Ledger ledger() {
        return ledger;
    }

    /** What a crash leaves of this instance (tests): nothing runs on, nothing is saved. */
    void crashed() {
        reads.shutdownNow();
    }
}
