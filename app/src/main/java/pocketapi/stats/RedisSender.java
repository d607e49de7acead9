package pocketapi.stats;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.BooleanSupplier;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import pocketapi.util.Disk;
import pocketapi.util.Utc8;
import redis.clients.jedis.exceptions.JedisConnectionException;

/**
 * Sends this instance's changed tallies to Redis as its own values, {@value #BATCH} users a call.
 * First it makes sure this instance's id is on disk (a crash never makes it a second instance),
 * merges in what Redis holds as its values (a crash after a send, before a save), and applies what
 * an earlier version left unsent. A failed send gives its tallies back; while Redis is away it is
 * tried every second, after an error it answered after 1, 2, 4 … 60 s; an outage, each distinct
 * error and the recovery are logged once. One round at a time.
 */
final class RedisSender {
    private static final Logger LOG = LoggerFactory.getLogger(RedisSender.class);
    static final long EVERY_MILLIS = 200;
    static final int BATCH = 250;
    /** The sender's tracker of {@link UsageCounters}. */
    static final int REDIS = 1;

    private final UsageCounters own;
    private final UsageCounters others;
    private final RedisClient redis;
    private final String instance;
    private final BooleanSupplier instanceSaved;
    private final Path file;
    private final Disk disk;
    private final int maxUsers;
    private final Clock clock;
    private volatile boolean healthy = true;
    private boolean ready;
    private String problem;
    private long downSince;
    private long retryAt;
    private long pause;

    /**
     * @param instance      this instance's id: its values in Redis are its own
     * @param instanceSaved whether the id is on disk (saving it when new): nothing is sent before
     * @param file          STATS_FILE, where this instance's counts are kept (earlier versions' unsent calls beside it)
     */
    RedisSender(UsageCounters own, UsageCounters others, RedisClient redis, String instance, BooleanSupplier instanceSaved,
                Path file, Disk disk, int maxUsers, Clock clock) {
        this.own = own;
        this.others = others;
        this.redis = redis;
        this.instance = instance;
        this.instanceSaved = instanceSaved;
        this.file = file;
        this.disk = disk;
        this.maxUsers = maxUsers;
        this.clock = clock;
    }

    /** Whether the last exchange with Redis went well ({@code /api/info} reads nothing otherwise). */
    boolean healthy() {
        return healthy;
    }

    /** One round: sends what changed, unless waiting to try again. */
    synchronized void round() {
        if (healthy || clock.millis() >= retryAt) {
            exchange(Long.MAX_VALUE);
        }
    }

    /** The last round, at stop: what Redis does not take by {@code deadline} is in the file, sent at the next start. */
    synchronized void finish(long deadline) {
        int left = healthy ? exchange(deadline) : -1;
        if (left != 0) {
            LOG.info("{} counts not yet in {} are kept in {} and sent at the next start", left < 0 ? "the" : left + " users'",
                    redis, file);
        }
    }

    /** @return how many users' tallies are left unsent (the deadline came), -1 when the round failed */
    private int exchange(long deadline) {
        long today = Utc8.epochDay(clock);
        try {
            if (!healthy) {
                redis.ping();  // nothing is taken to be sent while Redis is away
            }
            if (!ready) {
                if (!instanceSaved.getAsBoolean()) {
                    return -1;  // its id must be on disk before anything is sent under it (the saver said why)
                }
                redis.readBack(instance, today, own::merge);
                ready = true;
            }
            Path pending = file.resolveSibling(file.getFileName().toString().replaceFirst("(\\.json)?$", ".redis-pending.json"));
            if (disk.exists(pending)) {
                for (LegacyPending.Batch b : LegacyPending.read(disk, pending)) {
                    redis.applyLegacy(b);
                }
                disk.delete(pending);
                LOG.info("{} has the calls an earlier version left in {}, each applied once", redis, pending);
            }
            int left = send(today, deadline);
            if (!healthy) {
                LOG.info("{} is back after {} s", redis, (clock.millis() - downSince) / 1_000);
            }
            healthy = true;
            problem = null;
            pause = 0;
            return left;
        } catch (RuntimeException | IOException e) {
            failed(e);
            return -1;
        }
    }

    private int send(long today, long deadline) {
        Map<String, Tally> changed = own.take(REDIS);
        List<Map.Entry<String, Tally>> tallies = new ArrayList<>(changed.entrySet());
        int sent = 0;
        try {
            while (sent < tallies.size() && System.nanoTime() - deadline < 0) {
                Map<String, Tally> batch = new LinkedHashMap<>();
                tallies.subList(sent, Math.min(tallies.size(), sent + BATCH)).forEach(e -> batch.put(e.getKey(), e.getValue()));
                long[] r = redis.send(instance, today, batch, maxUsers, clock.millis());
                others.merge(UsageCounters.SITE, new Tally(Math.max(0, r[0] - r[2]), Math.max(0, r[1] - r[3]), today));
                sent += batch.size();
            }
        } catch (RuntimeException e) {
            own.giveBack(REDIS, changed);  // what was applied may be sent again: it changes nothing
            throw e;
        }
        if (sent < tallies.size()) {
            own.giveBack(REDIS, changed);
        }
        return tallies.size() - sent;
    }

    private void failed(Exception e) {
        boolean away = e instanceof JedisConnectionException;
        String why = e.getClass().getSimpleName() + ": " + e.getMessage();
        if (healthy) {
            downSince = clock.millis();
        }
        healthy = false;
        pause = away ? 1_000 : Math.min(60_000, Math.max(1_000, pause * 2));
        retryAt = clock.millis() + pause;
        if (!why.equals(problem)) {
            problem = why;
            if (away) {
                LOG.warn("{} is unreachable ({}); counting goes on in memory and in {}, and is sent when it is back",
                        redis, why, file);
            } else {
                LOG.error("{} refused the counters ({}); they are kept and sent again", redis, why);
            }
        }
    }
}
