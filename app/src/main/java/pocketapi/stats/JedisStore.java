package pocketapi.stats;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Clock;
import java.time.Duration;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;

import org.apache.commons.pool2.impl.GenericObjectPoolConfig;

import pocketapi.util.Resources;
import pocketapi.util.Utc8;
import redis.clients.jedis.ClientSetInfoConfig;
import redis.clients.jedis.Connection;
import redis.clients.jedis.DefaultJedisClientConfig;
import redis.clients.jedis.HostAndPort;
import redis.clients.jedis.JedisPooled;
import redis.clients.jedis.exceptions.JedisDataException;
import redis.clients.jedis.exceptions.JedisException;
import redis.clients.jedis.exceptions.JedisNoScriptException;

/**
 * {@link RedisStore} on Redis (or a compatible server such as Valkey) through Jedis. Every call
 * is one Lua script run with EVALSHA, loaded again after NOSCRIPT (a Redis restarted empty).
 * Keys, under the prefix: {@code total}, {@code daily:YYYY-MM-DD}, {@code utotals} (hash),
 * {@code udaily:YYYY-MM-DD} (hash), {@code users} (sorted set, last seen), {@code applied}
 * (hash: instance -> last batch applied), {@code heard} (hash: instance -> when last heard from),
 * {@code sweep} (hash: the horizon of marks removed), {@code import} (hash: the import's id and progress).
 * Daily keys expire an hour after their UTC+8 day; nothing else expires. Thread-safe.
 */
public final class JedisStore implements RedisStore {
    private static final Script APPLY = new Script("redis/apply.lua");
    private static final Script IMPORT = new Script("redis/import.lua");
    private static final Script SWEEP = new Script("redis/sweep.lua");
    /** Daily keys live this long past the end of their day (room for clocks a little apart). */
    private static final long EXPIRY_GRACE_SECONDS = 3600;

    private final JedisPooled jedis;
    private final String prefix;
    private final int maxUsers;
    private final String where;
    private final Clock clock;

    /**
     * @param timeout  for connecting, for each answer and for a free connection: a call never blocks
     *                 longer than about twice this
     * @param maxUsers users kept at most in Redis; past that the least recently seen are dropped
     * @param clock    when users and instances were last seen, as Redis keeps it
     */
    public JedisStore(RedisTarget target, String prefix, Duration timeout, int connections, int maxUsers,
                      Clock clock) {
        this.clock = clock;
        DefaultJedisClientConfig.Builder client = DefaultJedisClientConfig.builder()
                .connectionTimeoutMillis((int) timeout.toMillis())
                .socketTimeoutMillis((int) timeout.toMillis())
                .database(target.database())
                .ssl(target.tls())
                .clientSetInfoConfig(ClientSetInfoConfig.DISABLED);
        target.user().ifPresent(client::user);
        target.password().ifPresent(client::password);
        GenericObjectPoolConfig<Connection> pool = new GenericObjectPoolConfig<>();
        pool.setMaxTotal(connections);
        pool.setMaxIdle(connections);
        pool.setMinIdle(0);
        pool.setMaxWait(timeout);
        pool.setJmxEnabled(false);
        this.jedis = new JedisPooled(new HostAndPort(target.host(), target.port()), client.build(), pool);
        this.prefix = prefix;
        this.maxUsers = maxUsers;
        this.where = target + " (prefix " + prefix + ")";
    }

    /** A Lua script and its SHA1, computed here so EVALSHA can be tried before any SCRIPT LOAD. */
    private static final class Script {
        final String text;
        final String sha;

        Script(String resource) {
            this.text = new String(Resources.read(resource)
                    .orElseThrow(() -> new IllegalStateException(resource + " is missing from the jar")),
                    StandardCharsets.UTF_8);
            try {
                this.sha = HexFormat.of().formatHex(MessageDigest.getInstance("SHA-1")
                        .digest(text.getBytes(StandardCharsets.UTF_8)));
            } catch (NoSuchAlgorithmException e) {
                throw new IllegalStateException(e);
            }
        }
    }

    private Object run(Script script, List<String> keys, List<String> args) throws Unavailable, Refused {
        try {
            try {
                return jedis.evalsha(script.sha, keys, args);
            } catch (JedisNoScriptException e) {
                jedis.scriptLoad(script.text);  // a Redis restarted, or flushed: load it once more
                return jedis.evalsha(script.sha, keys, args);
            }
        } catch (JedisDataException e) {
            throw new Refused(e.getMessage(), e);  // an error Redis answered: the script wrote nothing
        } catch (JedisException e) {
            throw new Unavailable(e.getClass().getSimpleName() + ": " + e.getMessage(), e);
        }
    }

    private static String date(long day) {
        return LocalDate.ofEpochDay(day).toString();
    }

    /** End of the UTC+8 day, plus the grace, in unix seconds. */
    private static String expiry(long day) {
        return Long.toString((day + 1) * 86_400 - Utc8.OFFSET.getTotalSeconds() + EXPIRY_GRACE_SECONDS);
    }

    @Override
    public Totals apply(Batch batch, List<String> report, Collection<String> instances) throws Unavailable, Refused {
        List<String> keys = List.of(prefix + "total", prefix + "daily:" + date(batch.day()), prefix + "utotals",
                prefix + "udaily:" + date(batch.day()), prefix + "users", prefix + "applied",
                prefix + "applied:" + batch.instance(), prefix + "heard", prefix + "sweep");
        List<String> args = new ArrayList<>(10 + 2 * batch.users().size() + report.size() + instances.size());
        args.add(batch.instance());
        args.add(Long.toString(batch.seq()));
        args.add(expiry(batch.day()));
        args.add(Integer.toString(maxUsers));
        args.add(Long.toString(clock.millis()));
        args.add(Long.toString(batch.site()));
        args.add(Integer.toString(batch.users().size()));
        for (Map.Entry<String, Long> e : batch.users().entrySet()) {
            args.add(e.getKey());
            args.add(Long.toString(e.getValue()));
        }
        args.add(Integer.toString(report.size()));
        args.addAll(report);
        List<String> asked = List.copyOf(instances);
        args.add(Integer.toString(asked.size()));
        args.addAll(asked);
        args.add(Long.toString(batch.sealed()));
        Object answer = run(APPLY, keys, args);
        try {
            List<?> out = (List<?>) answer;
            Map<String, long[]> users = new HashMap<>();
            for (int i = 0; i < report.size(); i++) {
                users.put(report.get(i), new long[] {number(out.get(2 + 2 * i)), number(out.get(3 + 2 * i))});
            }
            Map<String, Long> applied = new HashMap<>();
            for (int i = 0; i < asked.size(); i++) {
                applied.put(asked.get(i), number(out.get(2 + 2 * report.size() + i)));
            }
            return new Totals(number(out.get(0)), number(out.get(1)), users, applied,
                    number(out.get(2 + 2 * report.size() + asked.size())) == 1);
        } catch (RuntimeException e) {
            throw new Refused("an answer of an unexpected shape (" + e + ")", e);
        }
    }

    private static long number(Object o) {
        return o instanceof Long l ? l : Long.parseLong(String.valueOf(o));
    }

    @Override
    public int importChunk(ImportChunk chunk) throws Unavailable, Refused {
        List<String> keys = List.of(prefix + "import", prefix + "total", prefix + "daily:" + date(chunk.day()),
                prefix + "utotals", prefix + "udaily:" + date(chunk.day()), prefix + "users");
        List<String> args = new ArrayList<>(7 + 4 * chunk.users().size());
        args.add(chunk.id());
        args.add(Integer.toString(chunk.index()));
        args.add(Integer.toString(chunk.chunks()));
        args.add(Long.toString(chunk.siteTotal()));
        args.add(Long.toString(chunk.daily()));
        args.add(expiry(chunk.day()));
        args.add(Integer.toString(chunk.users().size()));
        for (ImportedUser u : chunk.users()) {
            args.add(u.id());
            args.add(Long.toString(u.total()));
            args.add(Long.toString(u.daily()));
            args.add(Long.toString(u.lastSeen()));
        }
        Object answer = run(IMPORT, keys, args);
        try {
            return (int) number(answer);
        } catch (RuntimeException e) {
            throw new Refused("an answer of an unexpected shape (" + e + ")", e);
        }
    }

    @Override
    public void forget(String instance) throws Unavailable, Refused {
        try {
            jedis.hdel(prefix + "applied", instance);
        } catch (JedisDataException e) {
            throw new Refused(e.getMessage(), e);
        } catch (JedisException e) {
            throw new Unavailable(e.getClass().getSimpleName() + ": " + e.getMessage(), e);
        }
    }

    @Override
    public int sweep(long nowMillis, long goneMillis) throws Unavailable, Refused {
        Object answer = run(SWEEP, List.of(prefix + "applied", prefix + "heard", prefix + "sweep"),
                List.of(Long.toString(nowMillis), Long.toString(goneMillis)));
        try {
            return (int) number(answer);
        } catch (RuntimeException e) {
            throw new Refused("an answer of an unexpected shape (" + e + ")", e);
        }
    }

    @Override
    public String describe() {
        return where;
    }

    @Override
    public void close() {
        jedis.close();
    }
}
