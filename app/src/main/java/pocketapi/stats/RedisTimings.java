package pocketapi.stats;

import java.time.Duration;

/**
 * Every time budget of the Redis counters, in one place. Only an {@code /api/info} call ever waits
 * for Redis, and at most {@link #INFO_WAIT}; every other request only adds to memory.
 */
final class RedisTimings {
    /**
     * How long {@code /api/info} may wait for Redis's totals: a round trip to Redis in another zone
     * (up to ~150 ms) plus its script. A read that takes longer still lands, for the next call.
     */
    static final Duration INFO_WAIT = Duration.ofMillis(250);
    /** Totals younger than this are shown without reading Redis again. */
    static final Duration FRESH = Duration.ofMillis(500);
    /** How often this instance's counts are sent. */
    static final Duration SEND_EVERY = Duration.ofMillis(200);
    /** How long the sender waits to connect, and for each answer (Redis far away, or busy). */
    static final Duration SEND_TIMEOUT = Duration.ofSeconds(2);
    /** After a failure: the first retry, and (for errors Redis answers) the longest wait between retries. */
    static final Duration RETRY_FIRST = Duration.ofSeconds(1);
    static final Duration RETRY_MAX = Duration.ofSeconds(60);
    /** How long the stop waits for a round under way (one stuck on a Redis that does not answer is left). */
    static final Duration STOP_WAIT = Duration.ofSeconds(1);
    /** An instance not heard from this long is gone: its mark is removed (see sweep.lua). */
    static final Duration GONE = Duration.ofDays(30);
    /** How often the sender sweeps the marks of gone instances. */
    static final Duration SWEEP_EVERY = Duration.ofDays(1);
    /**
     * Users per Redis call (a batch, or an import chunk): each call is one Lua script, and Redis runs
     * nothing else meanwhile. 250 users take about 2 ms (measured: 1,000 took 7-9 ms on a small VM).
     */
    static final int USERS_PER_CALL = 250;
    /** Reads of {@code /api/info} under way at once (one per user at most). */
    static final int READERS = 4;
    /** The users whose last totals are kept on disk for a restart without Redis (the most recent askers). */
    static final int SAVED_USERS = 10_000;

    private RedisTimings() {
    }
}
