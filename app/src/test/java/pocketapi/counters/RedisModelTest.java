package pocketapi.counters;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;
import pocketapi.LogCapture;
import pocketapi.MutableClock;
import pocketapi.RedisServer;
import pocketapi.TcpProxy;
import pocketapi.config.RedisTarget;
import pocketapi.files.Disk;
import pocketapi.web.Family;

/**
 * Redis mode against a real redis-server, with three instances in seeded random walks of calls, sends, saves, crashes
 * (kill -9), lost disks, outages of one instance's network, restarts and clean stops. At the end of every walk, once
 * every instance left has sent all it holds: Redis's shared totals (the site's and each user's) are exactly the sum of
 * every instance's own values, and exactly the calls answered less those a crash took before they were saved or sent;
 * nothing is counted twice. Files are on an in-memory disk. A failure names its seed. 50 walks by default: each fault
 * these walks were seen to find (a failed send's counts not given back, its site or days not given back, a restart not
 * reading back its values or history from Redis) fails by the sixth walk; {@code -Dpocketapi.redisWalks=N} runs more
 * (the long run in the README: 300).
 */
class RedisModelTest {
    private static final int WALKS = Integer.getInteger("pocketapi.redisWalks", 50);
    private static final String[] USERS = {"u0", "u1", "u2", "u3"};
    private static final Path FILE = Path.of("/state/stats.json");

    /** One instance as Main builds it, driven by hand: no thread of its own. */
    private static final class Node {
        final LocalCounters own;
        final StatsFlusher flusher;
        final RedisClient client;
        final RedisSender sender;
        Map<String, Long> saved = new HashMap<>();

        Node(Disk disk, String url, MutableClock clock) {
            own = new LocalCounters(clock, LocalCountersTest.KEYS, 100, 400, 2);
            LocalCounters others = new LocalCounters(clock, LocalCountersTest.KEYS, 100, 400, 1);
            flusher = new StatsFlusher(disk, FILE, clock, Duration.ofSeconds(10), 90, own, others);
            client = new RedisClient(RedisTarget.parse(url), "pocketapi:", Duration.ofSeconds(1), 1);
            sender = new RedisSender(
                    own,
                    others,
                    client,
                    new RedisCounters.Settings(flusher.instance(), flusher::instanceSaved, 100, 90, 400),
                    FILE,
                    clock);
            sender.round();
            saved = totals();
        }

        Map<String, Long> totals() {
            Map<String, Long> t = new HashMap<>();
            t.put("", own.siteTally().total()); // "" is the site, as in Redis
            for (String u : USERS) {
                t.put(u, own.user(u).total());
            }
            return t;
        }
    }

    @Test
    void redis_ends_with_every_call_answered_less_those_a_crash_took_and_none_twice() throws Exception {
        try (RedisServer redis = RedisServer.start();
                LogCapture quiet = new LogCapture();
                TcpProxy p0 = new TcpProxy(redis.port());
                TcpProxy p1 = new TcpProxy(redis.port());
                TcpProxy p2 = new TcpProxy(redis.port())) {
            TcpProxy[] proxies = {p0, p1, p2};
            for (int walk = 0; walk < WALKS; walk++) {
                walk(20261124L + walk, redis, proxies);
            }
        }
    }

    private static long number(RedisServer redis, String command) {
        String v = redis.command(command);
        return v == null || v.equals("$-1") ? 0 : Long.parseLong(v.startsWith(":") ? v.substring(1) : v);
    }

    private void walk(long seed, RedisServer redis, TcpProxy[] proxies) throws Exception {
        Random random = new Random(seed);
        MutableClock clock = new MutableClock("2026-05-01T04:00:00Z");
        redis.command("FLUSHALL");
        Node[] nodes = new Node[proxies.length];
        CrashDisk[] disks = new CrashDisk[proxies.length];
        for (int i = 0; i < disks.length; i++) {
            disks[i] = new CrashDisk(random);
        }
        Map<String, Long> answered = new HashMap<>();
        Map<String, Long> lost = new HashMap<>();
        List<String> steps = new ArrayList<>();
        for (TcpProxy p : proxies) {
            p.heal();
        }
        for (int step = 0; step < 60; step++) {
            int i = random.nextInt(nodes.length);
            Node node = nodes[i];
            int what = random.nextInt(20);
            if (node == null) {
                proxies[i].heal();
                nodes[i] = new Node(disks[i], proxies[i].redisUrl(), clock);
                steps.add("start " + i);
            } else if (what < 9) {
                String user = USERS[random.nextInt(USERS.length)];
                node.own.countAndReport(user, Family.HOLIDAYS);
                answered.merge(user, 1L, Long::sum);
                answered.merge("", 1L, Long::sum);
                steps.add("call " + i);
            } else if (what < 12) {
                node.sender.round();
                steps.add("send " + i);
            } else if (what < 14) {
                if (node.flusher.save(random.nextBoolean())) {
                    node.saved = node.totals();
                }
                steps.add("save " + i);
            } else if (what < 16) {
                // kill -9: what was neither saved nor sent is gone (what Redis holds of it is read back at restart).
                boolean diskLost = random.nextInt(3) == 0;
                String instance = node.flusher.instance();
                for (Map.Entry<String, Long> e : node.totals().entrySet()) {
                    long inRedis = number(redis, "HGET pocketapi:of:" + instance + " " + field(e.getKey()));
                    long kept = Math.max(diskLost ? 0 : node.saved.getOrDefault(e.getKey(), 0L), inRedis);
                    lost.merge(e.getKey(), Math.max(0, e.getValue() - (diskLost ? inRedis : kept)), Long::sum);
                }
                node.client.close();
                nodes[i] = null;
                if (diskLost) {
                    disks[i] = new CrashDisk(random);
                }
                steps.add((diskLost ? "crash, disk lost " : "crash ") + i);
            } else if (what < 18) {
                if (random.nextBoolean()) {
                    proxies[i].cut();
                    steps.add("outage " + i);
                } else {
                    proxies[i].heal();
                    clock.advance(Duration.ofSeconds(61)); // past any pause before the next try
                    steps.add("heal " + i);
                }
            } else {
                node.sender.finish(Long.MAX_VALUE);
                if (node.flusher.stop()) {
                    node.saved = node.totals();
                }
                node.client.close();
                nodes[i] = null;
                steps.add("stop " + i);
            }
        }
        clock.advance(Duration.ofSeconds(61));
        for (int i = 0; i < nodes.length; i++) {
            proxies[i].heal();
            if (nodes[i] == null && disks[i].exists(FILE)) {
                nodes[i] = new Node(disks[i], proxies[i].redisUrl(), clock); // what it saved is sent once it is back
            }
            if (nodes[i] != null) {
                nodes[i].sender.round(); // may find the connection the outage cut, and fail once
                clock.advance(Duration.ofSeconds(61));
                nodes[i].sender.round();
                nodes[i].client.close();
            }
        }
        String why = "seed " + seed + ": " + steps + " answered " + answered + " lost " + lost;
        List<String> instances;
        try (redis.clients.jedis.JedisPooled jedis = new redis.clients.jedis.JedisPooled("127.0.0.1", redis.port())) {
            instances = List.copyOf(jedis.hkeys("pocketapi:instances"));
        }
        for (String key : new String[] {"", "u0", "u1", "u2", "u3"}) {
            long shared = key.isEmpty()
                    ? redis.number("pocketapi:total")
                    : number(redis, "HGET pocketapi:utotals " + field(key));
            long sum = 0;
            for (String instance : instances) {
                sum += number(redis, "HGET pocketapi:of:" + instance + " " + field(key));
            }
            assertThat(shared)
                    .as(why + " (the sum of the instances' values of '" + key + "')")
                    .isEqualTo(sum);
            assertThat(shared)
                    .as(why + " (answered less lost of '" + key + "')")
                    .isEqualTo(answered.getOrDefault(key, 0L) - lost.getOrDefault(key, 0L));
        }
        assertThat(number(redis, "HGET pocketapi:history:2026-05-01 site"))
                .as(why + " (the day's calls)")
                .isEqualTo(redis.number("pocketapi:total"));
    }

    /** A user's field in Redis (its keyed hash), or the site's. */
    private static String field(String user) {
        return user.isEmpty() ? "\"\"" : UserKeys.hex(LocalCountersTest.KEYS.of(user));
    }
}
