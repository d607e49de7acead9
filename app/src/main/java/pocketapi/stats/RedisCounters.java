package pocketapi.stats;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import pocketapi.util.AtomicFiles;
import pocketapi.util.Utc8;

/**
 * Counters shared by several instances through Redis ({@code STATS_REDIS_URL}). The parts:
 * <ul>
 *   <li>{@link Ledger}: Redis's last totals and this instance's unconfirmed calls, under one lock;</li>
 *   <li>{@link RedisSync}: sends the calls, imports the file store once, hands what Redis has not
 *       confirmed to disk ({@code <stats>.redis-pending.json}) and the last totals too
 *       ({@code <stats>.redis-base.json});</li>
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
    private final Ledger ledger;
    private final RedisSync sync;
    private final Path pendingFile;
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
        this.reader = reader;
        this.clock = clock;
        Path stats = statsFile.toAbsolutePath();
        this.pendingFile = sibling(stats, ".redis-pending.json");
        Path baseFile = sibling(stats, ".redis-base.json");
        migrateOldPendingFile(stats);
        SharedBase base = new SharedBase(maxUsers);
        readBase(baseFile, base);
        this.ledger = new Ledger(new PendingCounts(UUID.randomUUID().toString(), maxUsers, readPending()), base);
        this.sync = new RedisSync(sender, ledger, RedisImport.of(stats, clock, maxUsers), pendingFile, baseFile,
                handOffEvery, clock);
        this.reads = new ThreadPoolExecutor(RedisTimings.READERS, RedisTimings.READERS, 30, TimeUnit.SECONDS,
                new LinkedBlockingQueue<>(1_000), r -> {
                    Thread t = new Thread(r, "stats-redis-read");
                    t.setDaemon(true);
                    return t;
                });
    }

    /** The counters on the Redis at {@code target}, as the service runs them: two connection pools. */
    public static RedisCounters connect(RedisTarget target, String prefix, Path statsFile, Duration handOffEvery,
                                        Clock clock, int maxUsers) {
        return new RedisCounters(new JedisStore(target, prefix, RedisTimings.SEND_TIMEOUT, 2, maxUsers),
                new JedisStore(target, prefix, RedisTimings.INFO_WAIT, RedisTimings.READERS, maxUsers),
                statsFile, handOffEvery, clock, maxUsers);
    }

    /** {@code data/stats.json} -> {@code data/stats.redis-pending.json}. */
    static Path sibling(Path statsFile, String suffix) {
        String name = statsFile.getFileName().toString();
        int dot = name.lastIndexOf('.');
        return statsFile.resolveSibling((dot > 0 ? name.substring(0, dot) : name) + suffix);
    }

    /** Versions before 1.1 left unsent batches in STATS_FILE itself: they move to the pending file. */
    private void migrateOldPendingFile(Path stats) {
        try {
            if (Files.exists(stats) && PendingFile.isPending(stats) && !Files.exists(pendingFile)) {
                AtomicFiles.move(stats, pendingFile);
                LOG.info("moved the unsent counts an earlier version left in {} to {}", stats, pendingFile);
            }
        } catch (IOException | RuntimeException e) {
            LOG.warn("cannot look into {} ({})", stats, e.toString());
        }
    }

    private List<RedisStore.Batch> readPending() {
        if (!Files.exists(pendingFile)) {
            return List.of();
        }
        try {
            List<RedisStore.Batch> batches = PendingFile.read(pendingFile);
            LOG.info("{} holds {} counted calls an earlier run could not write to Redis; sending them first",
                    pendingFile, batches.stream().mapToLong(RedisStore.Batch::site).sum());
            return batches;
        } catch (IOException | RuntimeException e) {
            setAside(pendingFile, e);
            return List.of();
        }
    }

    private void readBase(Path baseFile, SharedBase base) {
        if (Files.exists(baseFile)) {
            try {
                BaseFile.Saved saved = BaseFile.read(baseFile);
                base.restore(saved.site(), saved.users());
            } catch (IOException e) {
                setAside(baseFile, e);
            }
        }
    }

    private void setAside(Path file, Exception e) {
        try {
            LOG.warn("cannot read {} ({}); kept aside as {}", file, e.toString(), AtomicFiles.setAside(file, clock));
        } catch (IOException moveFailed) {
            LOG.error("cannot read {} ({}) nor move it aside ({})", file, e.toString(), moveFailed.toString());
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
        if (!ledger.fresh(user, today, System.nanoTime(), RedisTimings.FRESH.toNanos()) && readsWorthTrying()) {
            awaitRead(user, today);
        }
        return ledger.countAndReport(today, user);
    }

    private boolean readsWorthTrying() {
        return sync.reachable() && System.nanoTime() - readsFailedAt > RedisTimings.RETRY_FIRST.toNanos();
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
                return;
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
            ledger.read(totals, today, List.of(user), System.nanoTime());
        } catch (RedisStore.Unavailable | RedisStore.Refused | RuntimeException e) {
            readsFailedAt = System.nanoTime();  // the sender logs what is wrong; reads pause a second
        }
    }

    /**
     * Stops the sender, sends what it can within a second and saves what is left (see
     * {@link RedisSync#close}). Called once, when the service stops.
     */
    @Override
    public void close() {
        reads.shutdownNow();
        sync.close();
        reader.close();
    }

    /** For the startup line. */
    public String describe() {
        return "Redis at " + reader.describe() + ", calls not yet written kept in " + pendingFile;
    }

    /** One round of the sender now, whatever its retry pause (for tests). */
    void flushNow() {
        sync.round(true);
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
        return pendingFile;
    }
}
