package pocketapi.stats;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.LocalDate;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.UUID;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.ReentrantLock;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import pocketapi.AtomicFiles;
import pocketapi.Utc8;

/**
 * Counters shared by several instances through Redis ({@code STATS_REDIS_URL}).
 *
 * <p>A call never waits for Redis to be counted: it is added to this instance's pending counts, and
 * a background flusher sends them every {@value #FLUSH_MILLIS} ms as one numbered batch, applied in
 * Redis by one Lua script at most once (a batch resent after a lost answer is recognised). The
 * answer tells the flusher Redis's totals, kept as a <em>base</em>. {@code /api/info} reports
 * base + this instance's counts not yet in it, so it includes the current call and every call this
 * instance counted before, exactly; calls of other instances arrive with the next base (a base
 * older than {@value #FRESH_MILLIS} ms is read again first, waiting at most about
 * {@value #ASK_MILLIS} ms).
 *
 * <p>While Redis is away, counting goes on in memory (the site exactly; per day at most
 * {@code maxUsers} users, the least recently seen dropped first) and is sent once Redis is back.
 * On {@link #close} what could not be sent is saved to STATS_FILE and sent at the next start.
 * A STATS_FILE of the file store is imported once, into a Redis that holds no counters yet.
 * Thread-safe.
 */
public final class RedisCounters implements Counters, AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(RedisCounters.class);
    static final long FLUSH_MILLIS = 200;
    static final long FRESH_MILLIS = 500;
    static final long ASK_MILLIS = 50;
    static final long RETRY_MILLIS = 1_000;
    static final long DRAIN_MILLIS = 1_000;
    static final int BATCH_USERS = 10_000;

    /** Redis's counters as an answer gave them, for one UTC+8 day, and when ({@link System#nanoTime}). */
    private record Base(long total, long daily, long day, long at) {
    }

    /** One day's counts not sent yet: the site's, and at most maxUsers users'. */
    private static final class DayCounts {
        long site;
        final LinkedHashMap<String, Long> users;

        DayCounts(int maxUsers, long[] dropped) {
            users = new LinkedHashMap<>(16, 0.75f, true) {
                @Override
                protected boolean removeEldestEntry(Map.Entry<String, Long> eldest) {
                    if (size() > maxUsers) {
                        dropped[0] += eldest.getValue();
                        return true;
                    }
                    return false;
                }
            };
        }
    }

    private final RedisStore store;
    private final RedisStore quick;
    private final Path file;
    private final Clock clock;
    private final int maxUsers;
    private final String instance = UUID.randomUUID().toString();
    /** One exchange with Redis at a time, so every base matches the batches known to be in it. */
    private final ReentrantLock exchange = new ReentrantLock();
    private final ScheduledExecutorService timer;

    // Guarded by this.
    private final TreeMap<Long, DayCounts> pending = new TreeMap<>();
    private final long[] dropped = {0};
    private RedisStore.Batch inFlight;
    private final ArrayDeque<RedisStore.Batch> earlier = new ArrayDeque<>();
    private UsageCounters.Snapshot toImport;
    private Base site;
    private final LinkedHashMap<String, Base> bases;
    private long lastSeq;

    // The flusher's (one thread at a time, under the exchange lock).
    private volatile boolean away;
    private long awaySince;
    private long lastAttempt = System.nanoTime() - TimeUnit.MILLISECONDS.toNanos(RETRY_MILLIS);
    private long caughtUp;
    private boolean catchingUp;

    /**
     * @param store the flusher's connection (a time-out of a second or so)
     * @param quick the request path's connection (a time-out of a few tens of milliseconds)
     * @param file  STATS_FILE: counts left by an earlier run, or a file store's counters to import
     */
    public RedisCounters(RedisStore store, RedisStore quick, Path file, Clock clock, int maxUsers) {
        this.store = store;
        this.quick = quick;
        this.file = file.toAbsolutePath();
        this.clock = clock;
        this.maxUsers = maxUsers;
        this.bases = new LinkedHashMap<>(16, 0.75f, true) {
            @Override
            protected boolean removeEldestEntry(Map.Entry<String, Base> eldest) {
                return size() > RedisCounters.this.maxUsers;
            }
        };
        this.timer = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "stats-redis");
            t.setDaemon(true);  // the final send runs in close(), on the thread that stops the service
            return t;
        });
        readFile();
    }

    /** What STATS_FILE holds: counts an earlier run could not send, a file store's counters, or nothing usable. */
    private void readFile() {
        if (!Files.exists(file)) {
            return;
        }
        try {
            if (PendingFile.isPending(file)) {
                earlier.addAll(PendingFile.read(file));
                LOG.info("{} holds {} counted calls an earlier run could not write to Redis; sending them first",
                        file, earlier.stream().mapToLong(RedisStore.Batch::site).sum());
            } else {
                toImport = StatsStore.read(file);
                LOG.info("{} holds the file store's counters (site total {}); importing them into Redis if it "
                        + "holds no counters yet", file, toImport.site().total());
            }
        } catch (IOException | RuntimeException e) {
            try {
                LOG.warn("cannot read {} ({}); kept aside as {}", file, e.toString(), AtomicFiles.setAside(file, clock));
            } catch (IOException moveFailed) {
                LOG.error("cannot read {} ({}) nor move it aside ({})", file, e.toString(), moveFailed.toString());
            }
        }
    }

    /** Starts the flusher. */
    public void start() {
        timer.scheduleWithFixedDelay(() -> flush(false), 0, FLUSH_MILLIS, TimeUnit.MILLISECONDS);
    }

    @Override
    public void count(String user) {
        long today = Utc8.epochDay(clock);
        synchronized (this) {
            add(today, user);
        }
    }

    @Override
    public Report countAndReport(String user) {
        long today = Utc8.epochDay(clock);
        if (stale(user, today)) {
            refresh(user, today);
        }
        synchronized (this) {
            add(today, user);
            return view(user, today);
        }
    }

    private void add(long today, String user) {
        DayCounts day = pending.computeIfAbsent(today, d -> new DayCounts(maxUsers, dropped));
        day.site++;
        day.users.merge(user, 1L, Long::sum);
    }

    private synchronized boolean stale(String user, long today) {
        long old = System.nanoTime() - TimeUnit.MILLISECONDS.toNanos(FRESH_MILLIS);
        Base b = bases.get(user);
        return !away && (site == null || site.at < old || site.day != today || b == null || b.at < old);
    }

    /**
     * Reads the caller's and the site's counters from Redis, unless that would take long (the
     * flusher is in an exchange) or be ambiguous (a batch whose fate is unknown is outstanding).
     */
    private void refresh(String user, long today) {
        try {
            if (!exchange.tryLock(ASK_MILLIS / 5, TimeUnit.MILLISECONDS)) {
                return;
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return;
        }
        try {
            synchronized (this) {
                if (inFlight != null || !earlier.isEmpty() || toImport != null) {
                    return;
                }
            }
            RedisStore.Totals totals = quick.apply(RedisStore.Batch.none(instance, today), List.of(user), maxUsers);
            synchronized (this) {
                install(totals, today, List.of(user));
            }
        } catch (RedisStore.Unavailable e) {
            // This answer uses the numbers at hand; the flusher notices an outage and says so.
        } finally {
            exchange.unlock();
        }
    }

    /** Base + every count of this instance not in it yet (guarded by this). */
    private Report view(String user, long today) {
        long siteTotal = site == null ? 0 : site.total;
        long siteDaily = site != null && site.day == today ? site.daily : 0;
        Base b = bases.get(user);
        long userTotal = b == null ? 0 : b.total;
        long userDaily = b != null && b.day == today ? b.daily : 0;
        List<RedisStore.Batch> outstanding = new ArrayList<>(earlier);
        if (inFlight != null) {
            outstanding.add(inFlight);
        }
        for (RedisStore.Batch batch : outstanding) {
            long n = batch.users().getOrDefault(user, 0L);
            siteTotal += batch.site();
            userTotal += n;
            if (batch.day() == today) {
                siteDaily += batch.site();
                userDaily += n;
            }
        }
        for (Map.Entry<Long, DayCounts> e : pending.entrySet()) {
            DayCounts day = e.getValue();
            long mine = day.users.getOrDefault(user, 0L);
            siteTotal += day.site;
            userTotal += mine;
            if (e.getKey() == today) {
                siteDaily += day.site;
                userDaily += mine;
            }
        }
        return new Report(LocalDate.ofEpochDay(today), user, siteTotal, siteDaily, userTotal, userDaily);
    }

    /** Takes Redis's answer as the new base of the site and of the users asked for (guarded by this). */
    private void install(RedisStore.Totals totals, long day, Collection<String> users) {
        long now = System.nanoTime();
        site = new Base(totals.siteTotal(), totals.siteDaily(), day, now);
        for (String user : users) {
            long[] t = totals.users().get(user);
            if (t != null) {
                bases.put(user, new Base(t[0], t[1], day, now));
            }
        }
    }

    /** The oldest day's pending counts (at most BATCH_USERS users) as the next numbered batch, or null. */
    private RedisStore.Batch take() {
        Iterator<Map.Entry<Long, DayCounts>> days = pending.entrySet().iterator();
        while (days.hasNext()) {
            Map.Entry<Long, DayCounts> e = days.next();
            DayCounts day = e.getValue();
            Map<String, Long> users = new LinkedHashMap<>();
            Iterator<Map.Entry<String, Long>> it = day.users.entrySet().iterator();
            while (it.hasNext() && users.size() < BATCH_USERS) {
                Map.Entry<String, Long> u = it.next();
                users.put(u.getKey(), u.getValue());
                it.remove();
            }
            long site = day.site;
            day.site = 0;
            if (day.users.isEmpty()) {
                days.remove();
            }
            if (site > 0 || !users.isEmpty()) {
                return new RedisStore.Batch(instance, ++lastSeq, e.getKey(), site, users);
            }
        }
        return null;
    }

    /** One round of the flusher now, without waiting for the retry interval (for tests). */
    void flushNow() {
        flush(true);
    }

    /** One round of the flusher: send what there is, or refresh the site's numbers. */
    private void flush(boolean force) {
        long now = System.nanoTime();
        if (away && !force && now - lastAttempt < TimeUnit.MILLISECONDS.toNanos(RETRY_MILLIS)) {
            return;
        }
        lastAttempt = now;
        exchange.lock();
        try {
            long until = now + TimeUnit.MILLISECONDS.toNanos(FLUSH_MILLIS / 2);
            while (send(true) && System.nanoTime() < until) {
                // a backlog goes out in several batches
            }
            if (away) {
                away = false;
                catchingUp = true;
            }
            reportCaughtUp();
        } catch (RedisStore.Unavailable e) {
            if (!away) {
                away = true;
                awaySince = now;
                caughtUp = 0;
                LOG.warn("Redis at {} is unreachable ({}); counting goes on in memory and is written when it is "
                        + "back", store.describe(), e.getMessage());
            }
        } catch (RuntimeException e) {
            LOG.error("counting in Redis failed unexpectedly", e);
        } finally {
            exchange.unlock();
        }
    }

    private void reportCaughtUp() {
        if (!catchingUp) {
            return;
        }
        synchronized (this) {
            if (inFlight != null || !earlier.isEmpty() || pending.values().stream().anyMatch(d -> d.site > 0)) {
                return;
            }
        }
        catchingUp = false;
        LOG.info("Redis at {} is back after {} s: {} counted call{} caught up", store.describe(),
                (System.nanoTime() - awaySince) / 1_000_000_000, caughtUp, caughtUp == 1 ? "" : "s");
        if (dropped[0] > 0) {
            LOG.warn("while Redis was away, per-user counts of {} calls were dropped (more than STATS_MAX_USERS={} "
                    + "users in a day); the site counts are exact", dropped[0], maxUsers);
            dropped[0] = 0;
        }
    }

    /**
     * One exchange: the import, else a batch of an earlier run, else this instance's next batch,
     * else (when {@code refreshSite}) a read of the site's counters. Called under the exchange lock.
     *
     * @return true when something was sent and more may be waiting
     */
    private boolean send(boolean refreshSite) throws RedisStore.Unavailable {
        long today = Utc8.epochDay(clock);
        UsageCounters.Snapshot snapshot;
        RedisStore.Batch earliest;
        RedisStore.Batch batch;
        synchronized (this) {
            snapshot = toImport;
            earliest = earlier.peekFirst();
            if (snapshot == null && earliest == null && inFlight == null) {
                inFlight = take();
            }
            batch = inFlight;
        }
        if (snapshot != null) {
            boolean imported = store.importOnce(snapshot, today, maxUsers);
            synchronized (this) {
                toImport = null;
            }
            keepImportedFile(imported, snapshot);
            return true;
        }
        if (earliest != null) {
            RedisStore.Totals totals = store.apply(earliest, List.copyOf(earliest.users().keySet()), maxUsers);
            boolean last;
            synchronized (this) {
                earlier.pollFirst();
                install(totals, earliest.day(), earliest.users().keySet());
                last = earlier.isEmpty();
            }
            caughtUp += earliest.site();
            if (last) {
                deleteFile();
            }
            return true;
        }
        if (batch != null) {
            RedisStore.Totals totals = store.apply(batch, List.copyOf(batch.users().keySet()), maxUsers);
            synchronized (this) {
                inFlight = null;
                install(totals, batch.day(), batch.users().keySet());
            }
            caughtUp += batch.site();
            return true;
        }
        if (refreshSite) {
            boolean old;
            synchronized (this) {
                old = site == null || site.day != today
                        || System.nanoTime() - site.at > TimeUnit.MILLISECONDS.toNanos(FLUSH_MILLIS);
            }
            if (old) {
                RedisStore.Totals totals = store.apply(RedisStore.Batch.none(instance, today), List.of(), maxUsers);
                synchronized (this) {
                    install(totals, today, List.of());
                }
            }
        }
        return false;
    }

    private void keepImportedFile(boolean imported, UsageCounters.Snapshot snapshot) {
        try {
            Path kept = file.resolveSibling(file.getFileName() + (imported ? ".imported" : ".not-imported"));
            AtomicFiles.move(file, kept);
            if (imported) {
                LOG.info("imported the file store's counters into Redis (site total {}, {} users); {} kept as {}",
                        snapshot.site().total(), snapshot.users().length, file, kept);
            } else {
                LOG.warn("did not import {}: Redis already holds pocketapi counters (another instance imported them, "
                        + "or counted first); the file is kept as {}", file, kept);
            }
        } catch (IOException e) {
            LOG.error("cannot move {} aside after the import ({}); it would be offered again at the next start",
                    file, e.toString());
        }
    }

    private void deleteFile() {
        try {
            Files.deleteIfExists(file);
            LOG.info("the counted calls of {} are in Redis now; file removed", file);
        } catch (IOException e) {
            LOG.error("cannot remove {} ({}); its batches are recognised if sent again", file, e.toString());
        }
    }

    /**
     * Stops the flusher and sends what is left, for at most {@value #DRAIN_MILLIS} ms; what could not
     * be sent is saved to STATS_FILE, to be sent at the next start. Called once, when the service stops.
     */
    @Override
    public void close() {
        timer.shutdown();
        try {
            timer.awaitTermination(2, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        long until = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(DRAIN_MILLIS);
        exchange.lock();
        try {
            while (System.nanoTime() < until && send(false)) {
                // send everything left, batch after batch
            }
        } catch (RedisStore.Unavailable e) {
            LOG.warn("Redis at {} is unreachable at stop ({})", store.describe(), e.getMessage());
        } finally {
            exchange.unlock();
        }
        saveWhatIsLeft();
        store.close();
        quick.close();
    }

    private void saveWhatIsLeft() {
        List<RedisStore.Batch> left = new ArrayList<>();
        UsageCounters.Snapshot snapshot;
        synchronized (this) {
            snapshot = toImport;
            left.addAll(earlier);
            if (inFlight != null) {
                left.add(inFlight);
            }
            for (RedisStore.Batch b = take(); b != null; b = take()) {
                left.add(b);
            }
        }
        long calls = left.stream().mapToLong(RedisStore.Batch::site).sum();
        try {
            if (snapshot != null) {
                // Nothing was sent: the import comes first. The file store's counters and this run's
                // calls go back into the file together, to be imported at the next start.
                UsageCounters merged = new UsageCounters(clock, maxUsers, snapshot);
                for (RedisStore.Batch b : left) {
                    merged.add(b);
                }
                new StatsStore(file, clock).save(merged.snapshot());
                LOG.warn("Redis was never reached: {} counted calls added to {}, which is imported at the next start",
                        calls, file);
            } else if (!left.isEmpty()) {
                PendingFile.write(file, left);
                LOG.warn("{} counted calls could not be written to Redis; saved to {} and sent at the next start",
                        calls, file);
            }
        } catch (IOException | RuntimeException e) {
            LOG.error("cannot save {} counted calls to {} ({}): they are lost", calls, file, e.toString());
        }
    }

    /** For the startup line. */
    public String describe() {
        return "Redis at " + store.describe();
    }

    /** How many calls are counted here but not confirmed in Redis (for tests and the log). */
    synchronized long unsent() {
        long n = pending.values().stream().mapToLong(d -> d.site).sum();
        n += earlier.stream().mapToLong(RedisStore.Batch::site).sum();
        return n + (inFlight == null ? 0 : inFlight.site());
    }

    /** Whether the flusher found Redis unreachable at its last try. */
    boolean away() {
        return away;
    }
}
