package pocketapi.stats;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import pocketapi.util.Utc8;
import pocketapi.stats.RedisStore.Batch;

/**
 * The sender: every {@link RedisTimings#SEND_EVERY} it sends what the {@link Ledger} holds to
 * Redis (first the import, if any; then the batches, oldest first), and hands what Redis has not
 * confirmed to disk:
 * <ul>
 *   <li>while Redis is away or failing, every {@code handOffEvery} (STATS_FLUSH_SECONDS) the
 *       unconfirmed batches are written to the pending file, atomically; a crash loses at most the
 *       calls since. Once that file exists, every batch is on disk exactly as it is sent before it
 *       is sent, so a batch is never sent under two numbers: resent after any outage or restart,
 *       Redis applies it once. The file goes when everything in it is confirmed;</li>
 *   <li>every {@code handOffEvery}, the last totals read are written to the base file when they changed.</li>
 * </ul>
 * A failure is logged once (an outage once, an error Redis answers once per distinct message) and
 * retried after a pause that grows for errors; nothing counted is dropped. One thread.
 */
final class RedisSync implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(RedisSync.class);

    private final RedisStore store;
    private final Ledger ledger;
    private Optional<RedisImport> importing;
    private final Path pendingFile;
    private final Path baseFile;
    private final long handOffEvery;
    private final Clock clock;
    private final ScheduledExecutorService timer;

    private volatile boolean failing;
    private boolean catchingUp;
    private long failingSince;
    private long retryAt;
    private long retryPause;
    private final Set<String> logged = new HashSet<>();
    private long caughtUp;
    private long lastHandOff = System.nanoTime();
    private long writtenVersion = -1;
    private SharedBase.Counts writtenSite;
    private final Set<String> forgettable = new HashSet<>();

    RedisSync(RedisStore store, Ledger ledger, Optional<RedisImport> importing, Path pendingFile, Path baseFile,
              Duration handOffEvery, Clock clock) {
        this.store = store;
        this.ledger = ledger;
        this.importing = importing;
        this.pendingFile = pendingFile;
        this.baseFile = baseFile;
        this.handOffEvery = handOffEvery.toNanos();
        this.clock = clock;
        this.timer = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "stats-redis");
            t.setDaemon(true);  // the final send runs in close(), on the thread that stops the service
            return t;
        });
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
        long now = System.nanoTime();
        if (force || !failing || now - retryAt >= 0) {
            try {
                exchange(now + RedisTimings.SEND_EVERY.toNanos() / 2);
                recovered();
            } catch (RedisStore.Unavailable e) {
                failed("Redis at " + store.describe() + " is unreachable (" + e.getMessage() + "); counting goes on "
                        + "in memory and on disk, and is written when it is back", false);
            } catch (RedisStore.Refused | RuntimeException e) {
                failed("Redis at " + store.describe() + " refused the counters (" + e.getMessage() + "); they are "
                        + "kept and sent again", true);
            }
        }
        if (System.nanoTime() - lastHandOff >= handOffEvery) {
            lastHandOff = System.nanoTime();
            if (failing || Files.exists(pendingFile)) {
                writePending();
            }
            writeBase(false);
        }
    }

    /** The import, then the batches, until {@code until}; the pending file goes once its backlog is confirmed. */
    private void exchange(long until) throws RedisStore.Unavailable, RedisStore.Refused {
        while (importing.isPresent()) {
            if (importing.get().step(store)) {
                importing = Optional.empty();
            } else if (System.nanoTime() - until > 0) {
                return;
            }
        }
        if (Files.exists(pendingFile)) {
            writePending();  // what goes out next is on disk first, exactly as it goes out
        }
        boolean sent = false;
        for (Batch b = ledger.next(); b != null; b = ledger.next()) {
            RedisStore.Totals totals = store.apply(b, List.copyOf(b.users().keySet()), ledger.instances());
            ledger.acknowledged(b, totals, System.nanoTime());
            caughtUp += b.site();
            sent = true;
            if (!b.instance().equals(ledger.instance())) {
                forgettable.add(b.instance());
            }
            if (System.nanoTime() - until > 0) {
                break;
            }
        }
        if (ledger.backlogEmpty()) {
            if (Files.exists(pendingFile) && deletePending()) {
                for (String instance : Set.copyOf(forgettable)) {
                    store.forget(instance);  // confirmed and off the disk: none of its batches can come again
                    forgettable.remove(instance);
                }
            }
        }
        if (!sent && System.nanoTime() - ledger.site().at() > RedisTimings.SEND_EVERY.toNanos()) {
            long today = Utc8.epochDay(clock);
            ledger.read(store.apply(Batch.none(ledger.instance(), today), List.of(), ledger.instances()), today,
                    List.of(), System.nanoTime());
        }
    }

    private void failed(String what, boolean error) {
        long now = System.nanoTime();
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
        // One line per outage, or per distinct error: never one per attempt.
        if (logged.add(error ? what : "unreachable")) {
            if (error) {
                LOG.error(what);
            } else {
                LOG.warn(what);
            }
        }
    }

    private void recovered() {
        failing = false;
        if (!catchingUp || !ledger.backlogEmpty()) {
            return;  // "back" once the backlog of the outage is out
        }
        catchingUp = false;
        logged.clear();
        LOG.info("Redis at {} is back after {} s: {} counted call{} caught up", store.describe(),
                (System.nanoTime() - failingSince) / 1_000_000_000, caughtUp, caughtUp == 1 ? "" : "s");
        long dropped = ledger.takeDropped();
        if (dropped > 0) {
            LOG.warn("while Redis was away, per-user counts of {} calls were dropped (more than STATS_MAX_USERS users "
                    + "in a day); the site counts are exact", dropped);
        }
    }

    /** Writes every unconfirmed batch to the pending file (or removes it when there is none), if changed. */
    private void writePending() {
        long version = ledger.version();
        if (version == writtenVersion) {
            return;
        }
        List<Batch> all = ledger.sealAll();
        try {
            if (all.isEmpty()) {
                Files.deleteIfExists(pendingFile);
            } else {
                PendingFile.write(pendingFile, all);
            }
            writtenVersion = version;
        } catch (IOException e) {
            LOG.error("cannot write {} ({}); {} counted calls are only in memory", pendingFile, e.toString(),
                    ledger.unconfirmedCalls());
        }
    }

    private boolean deletePending() {
        try {
            Files.deleteIfExists(pendingFile);
            writtenVersion = -1;
            return true;
        } catch (IOException e) {
            LOG.error("cannot remove {} ({}); its batches are recognised if sent again", pendingFile, e.toString());
            return false;
        }
    }

    /** The last totals read, to the base file, when they changed (or always, at stop). */
    private void writeBase(boolean always) {
        SharedBase.Counts site = ledger.site();
        if (site.at() != 0 && (always || !site.equals(writtenSite))) {
            try {
                BaseFile.write(baseFile, site, ledger.savedUsers());
                writtenSite = site;
            } catch (IOException e) {
                LOG.error("cannot write {} ({}); a restart without Redis would answer from older totals", baseFile,
                        e.toString());
            }
        }
    }

    /**
     * Stops the sender, tries to send what is left for at most {@link RedisTimings#DRAIN_AT_STOP},
     * writes what is still unconfirmed to the pending file, and the last totals to theirs.
     */
    @Override
    public void close() {
        timer.shutdown();
        try {
            timer.awaitTermination(RedisTimings.SEND_TIMEOUT.toMillis() + 500, TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        try {
            long until = System.nanoTime() + RedisTimings.DRAIN_AT_STOP.toNanos();
            while (!ledger.nothingPending() && System.nanoTime() - until < 0) {
                exchange(until);
            }
            if (ledger.nothingPending() && !Files.exists(pendingFile)) {
                store.forget(ledger.instance());  // nothing of this run can be sent again
            }
        } catch (RedisStore.Unavailable | RedisStore.Refused | RuntimeException e) {
            LOG.warn("Redis at {} could not take the last counts at stop ({})", store.describe(), e.getMessage());
        } finally {
            long calls = ledger.unconfirmedCalls();
            writtenVersion = -1;
            writePending();
            if (calls > 0) {
                if (Files.exists(pendingFile)) {
                    LOG.warn("{} counted calls could not be written to Redis; saved to {} and sent at the next start",
                            calls, pendingFile);
                } else {
                    LOG.error("{} counted calls could not be written to Redis nor saved to {}: they are lost", calls,
                            pendingFile);
                }
            }
            writeBase(true);
            store.close();
        }
    }

    /** Whether the last round failed (tests). */
    boolean failing() {
        return failing;
    }
}
