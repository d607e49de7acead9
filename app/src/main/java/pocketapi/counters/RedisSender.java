package pocketapi.counters;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Clock;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import pocketapi.common.Utc8;
import redis.clients.jedis.exceptions.JedisConnectionException;

/**
 * Sends this instance's changed counts to Redis as its own values, {@value #BATCH} users a call. First it makes sure
 * this instance's id is on disk (a crash never makes it a second instance), that the instances hash users with one key
 * (Redis keeps its fingerprint, never the key: sending stops for good on another), moves a first-release Redis to keyed
 * hashes, and merges in what Redis holds as its values (a crash after a send, before a save) where there is room. A
 * failed send gives its counts back; while Redis is away it is tried every second, after an error it answered after 1,
 * 2, 4 … 60 s; an outage, each distinct error and the recovery are logged once. One round at a time; nothing it holds
 * grows with the users.
 */
final class RedisSender {
    private static final Logger LOG = LoggerFactory.getLogger(RedisSender.class);
    static final long EVERY_MILLIS = 200;
    static final int BATCH = 250;
    /** The sender's tracker of {@link LocalCounters}. */
    static final int REDIS = 1;

    private final LocalCounters own;
    private final LocalCounters others;
    private final RedisClient redis;
    private final RedisCounters.Settings s;
    private final Path file;
    private final Clock clock;
    private volatile boolean healthy = true;
    private volatile boolean keyMismatch;
    /** This instance's site total as last wholly sent to Redis: its backlog is what it counted since. */
    private volatile long sentTotal;

    private boolean ready;
    private String problem;
    private long downSince;
    private long retryAt;
    private long pause;

    /** @param file STATS_FILE, where this instance's counts are kept */
    RedisSender(
            LocalCounters own,
            LocalCounters others,
            RedisClient redis,
            RedisCounters.Settings settings,
            Path file,
            Clock clock) {
        this.own = own;
        this.others = others;
        this.redis = redis;
        this.s = settings;
        this.file = file;
        this.clock = clock;
    }

    /** Whether Redis holds the fingerprint of another key than this instance's: nothing is sent, for good. */
    boolean keyMismatch() {
        return keyMismatch;
    }

    /** The calls this instance counted that are not yet in Redis. */
    long backlog() {
        return Math.max(0, own.siteTally().total() - sentTotal);
    }

    /** Whether the last exchange with Redis went well ({@code /api/info} reads nothing otherwise). */
    boolean healthy() {
        return healthy && !keyMismatch;
    }

    /** One round: sends what changed, unless waiting to try again. */
    synchronized void round() {
        if (!keyMismatch && (healthy || clock.millis() >= retryAt)) {
            exchange(Long.MAX_VALUE);
        }
    }

    /** The last round, at stop: what Redis does not take by {@code deadline} is in the file, sent at the next start. */
    synchronized void finish(long deadline) {
        int left = healthy ? exchange(deadline) : -1;
        if (left != 0) {
            LOG.info("the counts not yet in {} are kept in {} and sent at the next start", redis, file);
        }
    }

    /** @return 0 when everything was sent, 1 when the deadline came first, -1 when the round failed */
    private int exchange(long deadline) {
        long today = Utc8.epochDay(clock);
        try {
            if (!healthy) {
                redis.ping(); // nothing is taken to be sent while Redis is away
            }
            if (!ready && !prepare(today)) {
                return -1;
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

    /**
     * The steps before the first send; false while this instance's id is not on disk (the saver said why), and for good
     * when the instances do not hash users with one key (said once, as an ERROR: their counts by user would never
     * meet).
     */
    private boolean prepare(long today) throws IOException {
        if (!s.instanceSaved().getAsBoolean()) {
            return false;
        }
        if (!redis.sameKey(own.keys())) {
            keyMismatch = true;
            LOG.error(
                    "{} is shared by instances that hash users with another key than this one's: nothing is sent to "
                            + "it; give every instance the same STATS_KEY_FILE (copy it from one of them) and restart",
                    redis);
            return false;
        }
        if (redis.rekey(own.keys(), today)) {
            LOG.info("{} held the users' ids as they came; each is now its keyed hash", redis);
        }
        redis.readBack(s.instance(), today, own);
        ready = true;
        return true;
    }

    private int send(long today, long deadline) {
        long forgetBefore = (today - s.userDays()) * 86_400_000L - Utc8.OFFSET.getTotalSeconds() * 1_000L;
        while (System.nanoTime() - deadline < 0) {
            long total = own.siteTally().total();
            LocalCounters.Changes batch = own.take(REDIS, BATCH);
            if (batch.isEmpty()) {
                sentTotal = Math.max(sentTotal, total);
                return 0;
            }
            long[] r;
            try {
                r = redis.send(s.instance(), today, batch, s.maxUsers(), forgetBefore, s.historyDays(), clock.millis());
            } catch (RuntimeException e) {
                own.giveBack(REDIS, batch); // what was applied may be sent again: it changes nothing
                throw e;
            }
            int columns = LocalCounters.COLUMNS;
            others.merge(
                    LocalCounters.SITE, new Tally(Math.max(0, r[0] - r[2]), Math.max(0, r[1] - r[3]), today), true);
            int b = 4 + 2 * columns;
            others.merge(
                    LocalCounters.BOTS,
                    new Tally(Math.max(0, r[b] - r[b + 2]), Math.max(0, r[b + 1] - r[b + 3]), today),
                    true);
            long[] theirs = new long[columns];
            for (int c = 0; c < columns; c++) {
                theirs[c] = Math.max(0, r[4 + c] - r[4 + columns + c]);
            }
            others.mergeDay(today, theirs);
        }
        return 1;
    }

    private void failed(Exception e) {
        // A Redis that has just started answers LOADING until its data is in memory: it is away for a while, no error.
        boolean loading = String.valueOf(e.getMessage()).startsWith("LOADING");
        boolean away = e instanceof JedisConnectionException || loading;
        String why = e.getClass().getSimpleName() + ": " + e.getMessage();
        if (healthy) {
            downSince = clock.millis();
        }
        healthy = false;
        pause = away ? 1_000 : Math.min(60_000, Math.max(1_000, pause * 2));
        retryAt = clock.millis() + pause;
        if (!why.equals(problem)) {
            problem = why;
            if (loading) {
                LOG.warn(
                        "{} is loading its data into memory; counting goes on in memory and in {}, and is "
                                + "sent as soon as "
                                + "it has loaded (tried every second)",
                        redis,
                        file);
            } else if (away) {
                LOG.warn(
                        "{} is unreachable ({}); counting goes on in memory and in {}, and is sent when it is back",
                        redis,
                        why,
                        file);
            } else {
                LOG.error("{} refused the counters ({}); they are kept and sent again", redis, why);
            }
        }
    }
}
