package pocketapi.stats;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;

import org.apache.commons.pool2.impl.GenericObjectPoolConfig;

import pocketapi.RedisTarget;
import pocketapi.Resources;
import pocketapi.Utc8;
import redis.clients.jedis.ClientSetInfoConfig;
import redis.clients.jedis.Connection;
import redis.clients.jedis.DefaultJedisClientConfig;
import redis.clients.jedis.HostAndPort;
import redis.clients.jedis.JedisPooled;
import redis.clients.jedis.exceptions.JedisException;
import redis.clients.jedis.exceptions.JedisNoScriptException;

/**
 * {@link RedisStore} on Redis (or a compatible server such as Valkey) through Jedis. Every update
 * is one Lua script run with EVALSHA, loaded again after NOSCRIPT (a Redis restarted empty).
 * Keys, under the prefix: {@code total}, {@code daily:YYYY-MM-DD}, {@code utotals} (hash),
 * {@code udaily:YYYY-MM-DD} (hash), {@code users} (sorted set, last seen), {@code applied:<instance>},
 * {@code imported}. Daily keys expire an hour after their UTC+8 day. Thread-safe.
 */
public final class JedisStore implements RedisStore {
    private static final Script APPLY = new Script("redis/apply.lua");
    private static final Script IMPORT = new Script("redis/import.lua");
    /** Daily keys live this long past the end of their day (room for clocks a little apart). */
    private static final long EXPIRY_GRACE_SECONDS = 3600;

    private final JedisPooled jedis;
    private final String prefix;
    private final String where;

    /**
     * @param timeout for connecting and for each answer; a call never blocks longer (plus one
     *                connect when the pool has to open a connection)
     */
    public JedisStore(RedisTarget target, String prefix, Duration timeout, int connections) {
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

    private Object run(Script script, List<String> keys, List<String> args) throws Unavailable {
        try {
            try {
                return jedis.evalsha(script.sha, keys, args);
            } catch (JedisNoScriptException e) {
                jedis.scriptLoad(script.text);  // a Redis restarted, or flushed: load it once more
                return jedis.evalsha(script.sha, keys, args);
            }
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
    public Totals apply(Batch batch, List<String> report, int maxUsers) throws Unavailable {
        List<String> keys = List.of(prefix + "total", prefix + "daily:" + date(batch.day()), prefix + "utotals",
                prefix + "udaily:" + date(batch.day()), prefix + "users", prefix + "applied:" + batch.instance());
        List<String> args = new ArrayList<>(8 + 2 * batch.users().size() + report.size());
        args.add(Long.toString(batch.seq()));
        args.add(expiry(batch.day()));
        args.add(Integer.toString(maxUsers));
        args.add(Long.toString(System.currentTimeMillis()));
        args.add(Long.toString(batch.site()));
        args.add(Integer.toString(batch.users().size()));
        for (Map.Entry<String, Long> e : batch.users().entrySet()) {
            args.add(e.getKey());
            args.add(Long.toString(e.getValue()));
        }
        args.add(Integer.toString(report.size()));
        args.addAll(report);
        List<?> out = (List<?>) run(APPLY, keys, args);
        Map<String, long[]> users = new HashMap<>();
        for (int i = 0; i < report.size(); i++) {
            users.put(report.get(i), new long[] {number(out.get(2 + 2 * i)), number(out.get(3 + 2 * i))});
        }
        return new Totals(number(out.get(0)), number(out.get(1)), users);
    }

    private static long number(Object o) {
        return o instanceof Long l ? l : Long.parseLong(String.valueOf(o));
    }

    @Override
    public boolean importOnce(UsageCounters.Snapshot s, long today, int maxUsers) throws Unavailable {
        List<String> keys = List.of(prefix + "imported", prefix + "total", prefix + "daily:" + date(today),
                prefix + "utotals", prefix + "udaily:" + date(today), prefix + "users");
        int first = Math.max(0, s.users().length - maxUsers);  // the most recently seen are kept
        long now = System.currentTimeMillis();
        List<String> args = new ArrayList<>();
        args.add(Long.toString(s.site().total()));
        args.add(Long.toString(s.site().day() == today ? s.site().daily() : 0));
        args.add(expiry(today));
        args.add(java.time.Instant.now().toString());
        args.add(Integer.toString(s.users().length - first));
        for (int i = first; i < s.users().length; i++) {
            UsageCounters.Tally t = s.tallies()[i];
            args.add(s.users()[i]);
            args.add(Long.toString(t.total()));
            args.add(Long.toString(t.day() == today ? t.daily() : 0));
            args.add(Long.toString(now - (s.users().length - i)));  // keeps their order, least recent first
        }
        return number(run(IMPORT, keys, args)) == 1;
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
