package pocketapi.stats;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.ReentrantLock;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import pocketapi.stats.RedisStore.Batch;
import pocketapi.util.LogOnce;
import pocketapi.util.Ticker;
import pocketapi.util.Utc8;

/**
 * The sender, on one thread, every {@link RedisTimings#SEND_EVERY}:
 * <ol>
 *   <li><b>seals</b> what was counted into numbered batches of at most
 *       {@link RedisTimings#USERS_PER_CALL} users (taking the counting map is one swap under the
 *       lock; the batches are made outside it) — every round while Redis answers; while it does
 *       not, every {@code handOffEvery} (STATS_FLUSH_SECONDS), or at once when STATS_MAX_USERS
 *       users wait;</li>
 *   <li><b>hands off</b> to the {@link PendingLog} whatever has to survive a crash: while Redis is
 *       away or failing, the batches held in memory (exactly as they are: one may have been sent)
 *       and the new ones; while the log exists (catching up), every new batch before it is sent;
 *       and whatever memory holds past STATS_MAX_USERS users. Only new batches are written,
 *       appended: a hand-off writes what changed, never the backlog again;</li>
 *   <li><b>sends</b> the import (once), then the batches oldest first, each read from the log if
 *       it is there; Redis applies each once. The log goes when all of it is confirmed; then the
 *       marks of earlier runs whose batches it held are dropped ({@code forget}, retried until it
 *       succeeds), and once a day marks of instances gone for {@link RedisTimings#GONE} are swept.</li>
 * </ol>
 * Every {@code handOffEvery} the last totals go to the base file. A failure is logged once (an
 * outage once, each distinct error once) and retried after a pause that grows for errors.
 */
final class RedisSync {
    private static final Logger LOG = LoggerFactory.getLogger(RedisSync.class);

    private final RedisStore store;
    private final Ledger ledger;
    private Optional<RedisImport> importing;
    private final PendingLog log;
    private final Disk disk;
    private final Path baseFile;
    private final long handOffEvery;
    private final int maxUsers;
    private final Clock clock;
    private final Ticker ticker;
    private final ScheduledExecutorService timer;
    /** One round at a time: the timer's, or the stop's. */
    private final ReentrantLock rounds = new ReentrantLock();

    private volatile boolean failing;
    private volatile boolean stopping;
    private boolean catchingUp;
    private long failingSince;
    private long retryAt;
    private long retryPause;
    private long lastHandOff;
    private long lastSweep;
    private boolean swept;
    private long caughtUp;
    private long nextSeq;
    private SharedBase.Counts writtenSite;
    private final Set<String> forgettable = new HashSet<>();
    private final LogOnce problems = LogOnce.untilCleared();

    RedisSync(RedisStore store, Ledger ledger, Optional<RedisImport> importing, PendingLog log, Disk disk,
              Path baseFile, Duration handOffEvery, int maxUsers, Clock clock, Ticker ticker) {
        this.store = store;
        this.ledger = ledger;
        this.importing = importing;
        this.log = log;
        this.disk = disk;
        this.baseFile = baseFile;
        this.handOffEvery = handOffEvery.toNanos();
        this.maxUsers = maxUsers;
        this.clock = clock;
        this.ticker = ticker;
        this.lastHandOff = ticker.nanos();
        this.timer = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "stats-redis");
            t.setDaemon(true);  // the stop runs on the thread that stops the service
            return t;
        });
    }

    /** Batches of earlier runs found in the log at start: their instances' marks go once they are confirmed. */
    void earlierRun(String instance) {
        forgettable.add(instance);
    }

    void start() {
        long every = RedisTimings.SEND_EVERY.toMillis();
        timer.scheduleWithFixedDelay(() -> round(false), 0, every, TimeUnit.MILLISECONDS);
    }

    /** Whether the last exchange with Redis went well (reads on the request path are skipped otherwise). */
    boolean reachable() {
        return !failing;
    }

    /** One round now; {@code force}: without waiting for the retry pause (tests). */
    void round(boolean force) {
        rounds.lock();
        try {
            if (!stopping) {
                roundLocked(force);
            }
        } finally {
            rounds.unlock();
        }
    }

    private void roundLocked(boolean force) {
        long now = ticker.nanos();
        boolean due = now - lastHandOff >= handOffEvery;
        if (!failing || due || ledger.full()) {
            seal(failing || log.exists() || ledger.full() || ledger.usersInMemory() >= maxUsers);
        }
        if (force || !failing || now - retryAt >= 0) {
            try {
                exchange(now + RedisTimings.SEND_EVERY.toNanos() / 2, false);
                recovered();
            } catch (RedisStore.Unavailable e) {
                failed("Redis at " + store.describe() + " is unreachable (" + e.getMessage() + "); counting goes on "
                        + "in memory and on disk, and is written when it is back", false);
            } catch (RedisStore.Refused | RuntimeException e) {
                failed("Redis at " + store.describe() + " refused the counters (" + e.getMessage() + "); they are "
                        + "kept and sent again", true);
            }
        }
        if (failing && (due || ledger.full())) {
            handOff();  // what the failed exchange left in memory goes to disk now
        }
        if (due) {
            lastHandOff = now;
            writeBase(false);
        }
    }

    /**
     * Makes batches of what was counted and queues them; {@code toDisk}: first hands the batches
     * held in memory to the log, then appends the new ones, so the log keeps the order of numbers.
     */
    private void seal(boolean toDisk) {
        boolean onDisk = toDisk && handOff();
        TreeMap<Long, Outbox.DayCounts> taken = ledger.take();
        if (taken == null) {
            return;  // a round stuck at stop holds the last take
        }
        List<Batch> batches = batches(taken);
        long[] offsets = null;
        if (onDisk && !batches.isEmpty()) {
            try {
                offsets = log.append(batches);
            } catch (IOException e) {
                diskFailed(e);
            }
        }
        ledger.enqueue(batches, offsets);
    }

    /** Writes the batches held in memory to the log; false when that failed (they stay in memory). */
    private boolean handOff() {
        List<Outbox.Entry> entries = ledger.inMemory();
        if (entries.isEmpty()) {
            return true;
        }
        List<Batch> batches = new ArrayList<>(entries.size());
        for (Outbox.Entry e : entries) {
            batches.add(e.batch);
        }
        try {
            ledger.written(entries, log.append(batches));
            return true;
        } catch (IOException e) {
            diskFailed(e);
            return false;
        }
    }

    private void diskFailed(IOException e) {
        if (problems.first("disk " + e)) {
            LOG.error("cannot write {} ({}); {} counted calls are only in memory until it can be written",
                    log.file(), e.toString(), ledger.unconfirmedCalls());
        }
    }

    /** One day's counts as batches of at most USERS_PER_CALL users, oldest day first; the site's count rides in the first. */
    private List<Batch> batches(TreeMap<Long, Outbox.DayCounts> taken) {
        List<Batch> batches = new ArrayList<>();
        long sealed = clock.millis();
        for (Map.Entry<Long, Outbox.DayCounts> day : taken.entrySet()) {
            long site = day.getValue().site;
            Iterator<Map.Entry<String, long[]>> users = day.getValue().users.entrySet().iterator();
            do {
                Map<String, Long> chunk = new LinkedHashMap<>();
                while (users.hasNext() && chunk.size() < RedisTimings.USERS_PER_CALL) {
                    Map.Entry<String, long[]> u = users.next();
                    chunk.put(u.getKey(), u.getValue()[0]);
                }
                if (site > 0 || !chunk.isEmpty()) {
                    batches.add(new Batch(ledger.instance(), ++nextSeq, day.getKey(), site, chunk, sealed));
                }
                site = 0;
            } while (users.hasNext());
        }
        return batches;
    }

    /** The import, then the batches, until {@code until}; the log goes once all of it is confirmed. */
    private void exchange(long until, boolean draining) throws RedisStore.Unavailable, RedisStore.Refused {
        while (importing.isPresent()) {
            if (importing.get().step(store)) {
                importing = Optional.empty();
            } else if (ticker.nanos() - until > 0) {
                return;
            }
        }
        boolean sent = false;
        for (Outbox.Entry head = ledger.head(); head != null; head = ledger.head()) {
            Batch b;
            long next = -1;
            if (head.onDisk()) {
                PendingLog.Stored stored;
                try {
                    stored = log.read(head.offset);
                } catch (IOException e) {
                    throw new RedisStore.Refused("cannot read the batch at " + head.offset + " of " + log.file() + ": "
                            + e.getMessage(), e);
                }
                b = stored.batch();
                next = stored.next();
            } else {
                b = head.batch;
            }
            RedisStore.Totals totals = store.apply(b, List.copyOf(b.users().keySet()), ledger.instances());
            if (stopping && !draining) {
                return;  // the stop has written what it holds; this answer changes nothing on disk
            }
            ledger.confirmed(head, b, next, totals, ticker.nanos());
            if (totals.expired() && problems.first("expired " + b.instance())) {
                LOG.warn("Redis did not apply {} calls of a batch of {} from {}: that instance's mark was removed "
                        + "after {} days without news, so whether they were applied before cannot be told",
                        b.site(), b.instance(), java.time.Instant.ofEpochMilli(b.sealed()), RedisTimings.GONE.toDays());
            }
            caughtUp += b.site();
            sent = true;
            if (ticker.nanos() - until > 0) {
                break;
            }
        }
        if (ledger.queueEmpty()) {
            if (log.exists()) {
                try {
                    log.delete();
                    ledger.logRemoved();
                } catch (IOException e) {
                    LOG.error("cannot remove {} ({}); its batches are recognised if sent again", log.file(), e.toString());
                    return;
                }
            }
            forget();  // confirmed and off the disk: none of their batches can come again
        }
        if (!sent && ticker.nanos() - ledger.site().at() > RedisTimings.SEND_EVERY.toNanos()) {
            long today = Utc8.epochDay(clock);
            ledger.senderRead(store.apply(Batch.none(ledger.instance(), today), List.of(), ledger.instances()), today,
                    ticker.nanos());
        }
        if (!swept || ticker.nanos() - lastSweep > RedisTimings.SWEEP_EVERY.toNanos()) {
            sweep();
        }
    }

    /** Once a day: the marks of instances gone for GONE (their failure is logged, and does not stop sending). */
    private void sweep() throws RedisStore.Unavailable {
        swept = true;
        lastSweep = ticker.nanos();
        try {
            int removed = store.sweep(clock.millis(), RedisTimings.GONE.toMillis());
            if (removed > 0) {
                LOG.info("removed the marks of {} instance{} not heard from for {} days", removed,
                        removed == 1 ? "" : "s", RedisTimings.GONE.toDays());
            }
        } catch (RedisStore.Refused | RuntimeException e) {
            if (problems.first("sweep " + e.getMessage())) {
                LOG.error("Redis at {} refused the sweep of gone instances ({}); retried tomorrow", store.describe(),
                        e.getMessage());
            }
        }
    }

    private void forget() throws RedisStore.Unavailable, RedisStore.Refused {
        for (Iterator<String> it = forgettable.iterator(); it.hasNext(); ) {
            store.forget(it.next());
            it.remove();
        }
    }

    private void failed(String what, boolean error) {
        long now = ticker.nanos();
        if (!failing && !catchingUp) {
            failingSince = now;
            caughtUp = 0;
        }
        if (!failing) {
            retryPause = RedisTimings.RETRY_FIRST.toNanos();
        } else if (error) {
            retryPause = Math.min(retryPause * 2, RedisTimings.RETRY_MAX.toNanos());
        }
        failing = true;
        catchingUp = true;
        retryAt = now + retryPause;
        if (problems.first(error ? what : "unreachable")) {
            if (error) {
                LOG.error(what);
            } else {
                LOG.warn(what);
            }
        }
    }

    private void recovered() {
        failing = false;
        if (!catchingUp || !ledger.queueEmpty()) {
            return;  // "back" once the backlog of the outage is out
        }
        catchingUp = false;
        problems.clear();
        LOG.info("Redis at {} is back after {} s: {} counted call{} caught up", store.describe(),
                (ticker.nanos() - failingSince) / 1_000_000_000, caughtUp, caughtUp == 1 ? "" : "s");
        long dropped = ledger.takeDroppedCalls();
        if (dropped > 0) {
            LOG.warn("while Redis was away, per-user counts of {} calls were dropped (new users came faster than they "
                    + "could be written to disk); the site counts are exact", dropped);
        }
        if (ledger.takePendingDropped()) {
            LOG.info("while Redis was away, more than STATS_MAX_USERS users had calls it had not confirmed: /api/info "
                    + "left out those of the least recent until Redis confirmed them (none was lost)");
        }
    }

    /** The last totals read, to the base file, when they changed (or always, at stop). */
    private void writeBase(boolean always) {
        SharedBase.Counts site = ledger.site();
        if (site.at() != 0 && (always || !site.equals(writtenSite))) {
            try {
                BaseFile.write(disk, baseFile, site, ledger.savedUsers());
                writtenSite = site;
            } catch (IOException e) {
                if (problems.first("base " + e)) {
                    LOG.error("cannot write {} ({}); a restart without Redis would answer from older totals",
                            baseFile, e.toString());
                }
            }
        }
    }

    /**
     * Stops the sender. With time left before {@code deadline} (a {@link Ticker} value) and Redis
     * answering, sends what is left; then writes whatever is unconfirmed to the log, and the last
     * totals to theirs. A round stuck on a Redis that does not answer is not waited for past a
     * second: its batch is in memory or on disk, and is written as it is.
     *
     * @return whether every counted call is confirmed by Redis or on disk
     */
    boolean stop(long deadline) {
        stopping = true;
        timer.shutdown();
        boolean locked = false;
        try {
            long wait = Math.min(RedisTimings.STOP_WAIT.toNanos(), deadline - ticker.nanos());
            locked = rounds.tryLock(Math.max(0, wait), TimeUnit.NANOSECONDS);
            if (locked && !failing) {
                long progress = -1;
                while (!ledger.nothingPending() && ledger.version() != progress
                        && deadline - ticker.nanos() > RedisTimings.SEND_TIMEOUT.toNanos()) {
                    progress = ledger.version();
                    seal(log.exists());
                    exchange(deadline - RedisTimings.SEND_TIMEOUT.toNanos(), true);
                }
                if (ledger.nothingPending() && !log.exists()) {
                    store.forget(ledger.instance());  // nothing of this run can be sent again
                }
            }
        } catch (RedisStore.Unavailable | RedisStore.Refused | RuntimeException e) {
            LOG.warn("Redis at {} could not take the last counts at stop ({})", store.describe(), e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        try {
            long calls = ledger.unconfirmedCalls();
            if (!ledger.nothingPending()) {
                seal(true);
            }
            boolean saved = ledger.inMemory().isEmpty();
            if (calls > 0 && saved) {
                LOG.warn("{} counted calls could not be written to Redis; saved to {} and sent at the next start",
                        calls, log.file());
            } else if (!saved) {
                LOG.error("{} counted calls could not be written to Redis nor saved to {}: they are lost",
                        ledger.unconfirmedCalls(), log.file());
            }
            writeBase(true);
            return saved;
        } finally {
            if (locked) {
                rounds.unlock();
            }
            store.close();
        }
    }

    /** Whether the last round failed (tests). */
    boolean failing() {
        return failing;
    }
}
