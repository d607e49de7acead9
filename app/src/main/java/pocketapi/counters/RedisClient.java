package pocketapi.counters;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.BiConsumer;
import org.apache.commons.pool2.impl.GenericObjectPoolConfig;
import pocketapi.common.Utc8;
import pocketapi.config.RedisTarget;
import pocketapi.files.Resources;
import redis.clients.jedis.*;
import redis.clients.jedis.params.ScanParams;
import redis.clients.jedis.params.SetParams;
import redis.clients.jedis.resps.ScanResult;
import redis.clients.jedis.resps.Tuple;

/**
 * The counters' keys in Redis (or Valkey), under the prefix: the shared sums {@code total} (the site),
 * {@code daily:YYYY-MM-DD}, {@code bots} and {@code botsdaily:YYYY-MM-DD} (the crawlers' part), {@code utotals} and
 * {@code udaily:YYYY-MM-DD} (hashes by user key), {@code history:YYYY-MM-DD} (hash by family, with {@code bots} and
 * {@code imported}), {@code visitors:YYYY-MM-DD} (a HyperLogLog of the keyed hashes of the day's visitors),
 * {@code users} (sorted set: last seen); each instance's own values {@code of:<instance>},
 * {@code of:<instance>:YYYY-MM-DD} and {@code of:<instance>:history:YYYY-MM-DD} (hashes, {@code ""} the site,
 * {@code bots} the crawlers) and {@code instances} (hash: last heard); {@code imports} (hash: the imports applied, by
 * their content's hash); {@code keycheck}, the fingerprint of the key users are hashed with (never the key), and
 * {@code format}. Daily keys expire an hour after their UTC+8 day, days of the history and their visitors after the
 * days kept. Writes are Lua scripts; every call may throw a {@code JedisException}. Thread-safe.
 */
final class RedisClient implements AutoCloseable {
    private static final String SEND = script("redis/send.lua");
    private static final String READ = script("redis/read.lua");
    private static final String HISTORY = script("redis/history.lua");
    private static final String REKEY = script("redis/rekey.lua");
    private static final String VISITORS = script("redis/visitors.lua");
    private static final String IMPORT = script("redis/import.lua");
    /** What {@code format} holds once every user is a keyed hash. */
    static final String FORMAT = "4";

    private final JedisPooled jedis;
    private final String prefix;
    private final String where;

    /** @param timeout for connecting, for each answer and for a free one of {@code connections} */
    RedisClient(RedisTarget target, String prefix, Duration timeout, int connections) {
        int ms = (int) timeout.toMillis();
        DefaultJedisClientConfig.Builder client = DefaultJedisClientConfig.builder()
                .connectionTimeoutMillis(ms)
                .socketTimeoutMillis(ms)
                .database(target.database())
                .ssl(target.tls())
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
        return List.of(
                prefix + "total",
                prefix + "daily:" + d,
                prefix + "utotals",
                prefix + "udaily:" + d,
                prefix + "users",
                prefix + "instances",
                prefix + "of:" + instance,
                prefix + "of:" + instance + ":" + d,
                prefix + "bots",
                prefix + "botsdaily:" + d);
    }

    /** An hour after the end of UTC+8 day {@code day}, in unix seconds. */
    private static long expireAt(long day) {
        return (day + 1) * 86_400 - Utc8.OFFSET.getTotalSeconds() + 3_600;
    }

    /** When the keys of a day kept {@code historyDays} days expire: an hour after the last of them. */
    static long expireKept(long day, int historyDays) {
        return expireAt(day + historyDays);
    }

    /** Raises {@code instance}'s values to those given: see {@code send.lua}. */
    long[] send(
            String instance,
            long today,
            LocalCounters.Changes changes,
            int maxUsers,
            long forgetBefore,
            int historyDays,
            long nowMillis) {
        List<String> args = new ArrayList<>(List.of(
                instance,
                prefix,
                LocalDate.ofEpochDay(today).toString(),
                Long.toString(expireAt(today)),
                Integer.toString(maxUsers),
                Long.toString(nowMillis),
                Long.toString(forgetBefore),
                Integer.toString(changes.days().size())));
        changes.days().forEach((day, counts) -> {
            args.add(LocalDate.ofEpochDay(day).toString());
            args.add(Long.toString(expireKept(day, historyDays)));
            for (long c : counts) {
                args.add(Long.toString(c));
            }
        });
        for (String id : List.of("", "bots")) {
            Tally t = id.isEmpty() ? changes.site() : changes.bots();
            if (t != null) {
                args.addAll(List.of(
                        id, Long.toString(t.total()), Long.toString(t.day() == today ? t.daily() : -1), "", "0"));
            }
        }
        for (LocalCounters.Row row : changes.users()) {
            Tally t = row.tally();
            // A visitor of a day the history still keeps is added to that day's HyperLogLog.
            boolean visitor = row.visitor() && historyDays > 0 && t.day() > today - historyDays;
            args.addAll(List.of(
                    UserKeys.hex(row.key()),
                    Long.toString(t.total()),
                    Long.toString(t.day() == today ? t.daily() : -1),
                    visitor ? LocalDate.ofEpochDay(t.day()).toString() : "",
                    Long.toString(visitor ? expireKept(t.day(), historyDays) : 0)));
        }
        return run(SEND, keys(instance, today), args);
    }

    /**
     * The site's, a user's and the crawlers' shared total and daily count, each followed by this instance's part: 12
     * numbers.
     */
    long[] read(String instance, long today, long user) {
        List<String> k = keys(instance, today);
        return run(
                READ,
                List.of(k.get(0), k.get(1), k.get(2), k.get(3), k.get(6), k.get(7), k.get(8), k.get(9)),
                List.of(UserKeys.hex(user)));
    }

    /** The numbers a day of the history reads: the shared columns, this instance's part of them, the visitors. */
    static final int HISTORY_DAY = 2 * LocalCounters.COLUMNS + 1;

    /**
     * Per day given: the shared counts (site first), then this instance's part of them, then the day's visitors
     * ({@link #HISTORY_DAY} numbers a day); at the end, the visitors of all those days together.
     */
    long[] history(String instance, List<Long> days) {
        List<String> args = new ArrayList<>(List.of(prefix, instance));
        days.forEach(day -> args.add(LocalDate.ofEpochDay(day).toString()));
        return run(HISTORY, List.of(), args);
    }

    /** The visitors of today, of the last 30 days and of the {@code kept} days to today: 3 numbers. */
    long[] visitors(long today, int kept) {
        List<String> args = new ArrayList<>(List.of(prefix));
        for (long day = today; day > today - kept; day--) {
            args.add(LocalDate.ofEpochDay(day).toString());
        }
        return run(VISITORS, List.of(), args);
    }

    /**
     * Adds an import to the shared sums unless one of the same {@code id} was: see {@code import.lua}. True when it was
     * added now.
     *
     * @param byDay per day kept: calls, crawlers' calls
     */
    boolean importCalls(
            String id, String record, long today, long total, long bots, Map<Long, long[]> byDay, int historyDays) {
        List<String> args = new ArrayList<>(List.of(
                prefix,
                id,
                record,
                Long.toString(expireAt(today)),
                Long.toString(total),
                Long.toString(byDay.getOrDefault(today, new long[2])[0]),
                Long.toString(bots),
                Long.toString(byDay.getOrDefault(today, new long[2])[1])));
        byDay.forEach((day, c) -> {
            if (historyDays > 0 && day > today - historyDays && day <= today) {
                args.addAll(List.of(
                        LocalDate.ofEpochDay(day).toString(),
                        Long.toString(expireKept(day, historyDays)),
                        Long.toString(c[0]),
                        Long.toString(c[1])));
            }
        });
        String d = LocalDate.ofEpochDay(today).toString();
        return run(
                        IMPORT,
                        List.of(
                                prefix + "imports",
                                prefix + "total",
                                prefix + "daily:" + d,
                                prefix + "bots",
                                prefix + "botsdaily:" + d),
                        args)[0]
                == 1;
    }

    /**
     * Merges into {@code into} what Redis holds as {@code instance}'s values (a crash after a send, before a save): the
     * totals (as seen today: a total alone says not when), today's counts, and the days of yesterday and today; a user
     * only where there is room.
     */
    void readBack(String instance, long today, LocalCounters into) {
        List<String> k = keys(instance, today);
        scan(k.get(6), (key, v) -> into.merge(key, new Tally(v, 0, today), false));
        scan(k.get(7), (key, v) -> into.merge(key, new Tally(0, v, today), false));
        long[] days = history(instance, List.of(today - 1, today));
        int c = LocalCounters.COLUMNS;
        for (int d = 0; d < 2; d++) {
            int at = HISTORY_DAY * d + c;
            into.mergeDay(today - 1 + d, java.util.Arrays.copyOfRange(days, at, at + c));
        }
    }

    /** Each field of an instance's hash: the site's ({@code ""}), the crawlers' ({@code bots}) or a user's, by key. */
    private void scan(String hash, BiConsumer<Long, Long> each) {
        String cursor = ScanParams.SCAN_POINTER_START;
        do {
            ScanResult<Map.Entry<String, String>> page = jedis.hscan(hash, cursor, new ScanParams().count(500));
            for (Map.Entry<String, String> e : page.getResult()) {
                String field = e.getKey();
                long key = field.isEmpty()
                        ? LocalCounters.SITE
                        : field.equals("bots") ? LocalCounters.BOTS : UserKeys.parse(field);
                if (key != 0 || field.isEmpty()) {
                    each.accept(key, Long.parseLong(e.getValue()));
                }
            }
            cursor = page.getCursor();
        } while (!cursor.equals(ScanParams.SCAN_POINTER_START));
    }

    /**
     * Whether the instances on this Redis hash users with {@code keys}: Redis keeps the fingerprint of the first one's
     * key ({@code keycheck}), never the key. A key a release before this one kept in Redis ({@code userkey}) is removed
     * once this instance's is found to be the same.
     */
    boolean sameKey(UserKeys keys) {
        String legacy = jedis.get(prefix + "userkey");
        if (legacy != null && !legacy.equals(keys.text())) {
            return false;
        }
        jedis.set(prefix + "keycheck", keys.check(), SetParams.setParams().nx());
        boolean same = keys.check().equals(jedis.get(prefix + "keycheck"));
        if (same && legacy != null) {
            jedis.del(prefix + "userkey");
        }
        return same;
    }

    /**
     * Once for a Redis of the first release's counters: every user id becomes its keyed hash, in the shared sums, the
     * last-seen set and each instance's values (today's dailies too; older ones expire).
     */
    boolean rekey(UserKeys keys, long today) {
        if (FORMAT.equals(jedis.get(prefix + "format"))) {
            return false;
        }
        String day = LocalDate.ofEpochDay(today).toString();
        boolean moved = rekey(prefix + "utotals", "sum", keys)
                | rekey(prefix + "udaily:" + day, "sum", keys)
                | rekey(prefix + "users", "zset", keys);
        for (String instance : jedis.hkeys(prefix + "instances")) {
            moved |= rekey(prefix + "of:" + instance, "max", keys)
                    | rekey(prefix + "of:" + instance + ":" + day, "max", keys);
        }
        jedis.del(prefix + "applied"); // the marks of a version before 1.0.0
        jedis.set(prefix + "format", FORMAT);
        return moved;
    }

    private boolean rekey(String key, String mode, UserKeys keys) {
        boolean moved = false;
        String cursor = ScanParams.SCAN_POINTER_START;
        do {
            List<String> ids = new ArrayList<>();
            if (mode.equals("zset")) {
                ScanResult<Tuple> page = jedis.zscan(key, cursor, new ScanParams().count(500));
                page.getResult().forEach(t -> ids.add(t.getElement()));
                cursor = page.getCursor();
            } else {
                ScanResult<Map.Entry<String, String>> page = jedis.hscan(key, cursor, new ScanParams().count(500));
                page.getResult().forEach(e -> ids.add(e.getKey()));
                cursor = page.getCursor();
            }
            List<String> args = new ArrayList<>(List.of(mode));
            for (String id : ids) {
                if (!id.isEmpty() && UserKeys.parse(id) == 0) {
                    args.addAll(List.of(id, UserKeys.hex(keys.of(id))));
                }
            }
            if (args.size() > 1) {
                run(REKEY, List.of(key), args);
                moved = true;
            }
        } while (!cursor.equals(ScanParams.SCAN_POINTER_START));
        return moved;
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
