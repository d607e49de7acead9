package pocketapi.stats;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.BiConsumer;

import org.apache.commons.pool2.impl.GenericObjectPoolConfig;

import pocketapi.config.RedisTarget;
import pocketapi.util.Resources;
import pocketapi.util.Utc8;
import redis.clients.jedis.*;
import redis.clients.jedis.params.ScanParams;
import redis.clients.jedis.resps.ScanResult;

/**
 * The counters' keys in Redis (or Valkey), under the prefix: the shared sums {@code total} (the
 * site), {@code daily:YYYY-MM-DD}, {@code utotals} and {@code udaily:YYYY-MM-DD} (hashes by user),
 * {@code users} (sorted set: last seen); each instance's own values {@code of:<instance>} and
 * {@code of:<instance>:YYYY-MM-DD} (hashes, {@code ""} the site) and {@code instances} (hash: last
 * heard). Daily keys expire an hour after their UTC+8 day. Writes are Lua scripts; every call may
 * throw a {@code JedisException}. Thread-safe.
 */
final class RedisClient implements AutoCloseable {
    private static final String SEND = script("redis/send.lua");
    private static final String READ = script("redis/read.lua");
    private static final String LEGACY = script("redis/legacy.lua");

    private final JedisPooled jedis;
    private final String prefix;
    private final String where;

    /** @param timeout for connecting, for each answer and for a free one of {@code connections} */
    RedisClient(RedisTarget target, String prefix, Duration timeout, int connections) {
        int ms = (int) timeout.toMillis();
        DefaultJedisClientConfig.Builder client = DefaultJedisClientConfig.builder().connectionTimeoutMillis(ms)
                .socketTimeoutMillis(ms).database(target.database()).ssl(target.tls())
                .clientSetInfoConfig(ClientSetInfoConfig.DISABLED);
        target.user().ifPresent(client::user);
        target.password().ifPresent(client::password);
        GenericObjectPoolConfig<Connection> pool = new GenericObjectPoolConfig<>();
        pool.setMaxTotal(connections);
        pool.setMaxWait(timeout);
        pool.setJmxEnabled(false);
        this.jedis = new JedisPooled(new HostAndPort(target.host(), target.port()), client.build(), pool);
        this.prefix = prefix;
        this.where = "Redis at " + target + " (prefix " + prefix + ")";
    }

    @Override
    public String toString() {
        return where;
    }

    private static String script(String resource) {
        return new String(Resources.read(resource).orElseThrow(), StandardCharsets.UTF_8);
    }

    /** Runs a script (Redis keeps it compiled by its digest); its answer as numbers. */
    private long[] run(String script, List<String> keys, List<String> args) {
        Object answer = jedis.eval(script, keys, args);
        List<?> list = answer instanceof List<?> l ? l : List.of(answer);
        long[] numbers = new long[list.size()];
        for (int i = 0; i < numbers.length; i++) {
            numbers[i] = (Long) list.get(i);
        }
        return numbers;
    }

    private List<String> keys(String instance, long day) {
        String d = LocalDate.ofEpochDay(day).toString();
        return List.of(prefix + "total", prefix + "daily:" + d, prefix + "utotals", prefix + "udaily:" + d,
                prefix + "users", prefix + "instances", prefix + "of:" + instance, prefix + "of:" + instance + ":" + d);
    }

    /** An hour after the end of the UTC+8 day, in unix seconds: when its daily keys expire. */
    private static String expireAt(long day) {
        return Long.toString((day + 1) * 86_400 - Utc8.OFFSET.getTotalSeconds() + 3_600);
    }

    /**
     * Raises {@code instance}'s values to those given ({@code ""}: the site's): see {@code send.lua}.
     *
     * @return the site's shared total and daily count, and this instance's part of each
     */
    long[] send(String instance, long today, Map<String, Tally> tallies, int maxUsers, long nowMillis) {
        List<String> args = new ArrayList<>(List.of(instance, prefix, LocalDate.ofEpochDay(today).toString(),
                expireAt(today), Integer.toString(maxUsers), Long.toString(nowMillis)));
        tallies.forEach((id, t) -> args.addAll(List.of(id, Long.toString(t.total()),
                Long.toString(t.day() == today ? t.daily() : -1))));
        return run(SEND, keys(instance, today), args);
    }

    /** The site's and {@code user}'s shared total and daily count, each followed by this instance's part: 8 numbers. */
    long[] read(String instance, long today, String user) {
        List<String> k = keys(instance, today);
        return run(READ, List.of(k.get(0), k.get(1), k.get(2), k.get(3), k.get(6), k.get(7)), List.of(user));
    }

    /** Hands {@code into} what Redis holds as {@code instance}'s values, {@code ""} the site's (a crash after a send, before a save). */
    void readBack(String instance, long today, BiConsumer<String, Tally> into) {
        List<String> k = keys(instance, today);
        Map<String, String> daily = jedis.hgetAll(k.get(7));
        String cursor = ScanParams.SCAN_POINTER_START;
        do {
            ScanResult<Map.Entry<String, String>> page = jedis.hscan(k.get(6), cursor, new ScanParams().count(1000));
            for (Map.Entry<String, String> e : page.getResult()) {
                into.accept(e.getKey(), new Tally(Long.parseLong(e.getValue()),
                        Long.parseLong(daily.getOrDefault(e.getKey(), "0")), today));
            }
            cursor = page.getCursor();
        } while (!cursor.equals(ScanParams.SCAN_POINTER_START));
    }

    /** Applies a batch an earlier version left unsent, unless its marks say it was: see {@code legacy.lua}. */
    void applyLegacy(LegacyPending.Batch b) {
        List<String> k = keys("", b.day());
        List<String> args = new ArrayList<>(List.of(b.instance(), Long.toString(b.seq()), expireAt(b.day()),
                Long.toString(b.site())));
        b.users().forEach((user, n) -> args.addAll(List.of(user, Long.toString(n))));
        run(LEGACY, List.of(k.get(0), k.get(1), k.get(2), k.get(3), prefix + "applied"), args);
    }

    /** Throws unless Redis answers. */
    void ping() {
        jedis.ping();
    }

    @Override
    public void close() {
        jedis.close();
    }
}
