package pocketapi.counters;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import pocketapi.LogCapture;
import pocketapi.RedisServer;
import pocketapi.TcpProxy;
import pocketapi.config.ConfigException;
import pocketapi.config.RedisTarget;
import pocketapi.counters.Counters.Report;
import pocketapi.web.Family;

/** Redis mode on a real redis-server: what instances, crashes, lost disks, outages and upgrades do to the counts. */
class RedisCountersTest {
    /** The system clock moved to noon (UTC+8) of today: no test's day changes under it at midnight. */
    private static final Clock CLOCK = pocketapi.MutableClock.noonOfToday();

    private static RedisServer redis;

    @TempDir
    Path dir;

    @BeforeAll
    static void startRedis() throws Exception {
        redis = RedisServer.start();
    }

    @AfterAll
    static void stopRedis() throws Exception {
        redis.close();
    }

    @BeforeEach
    void empty() {
        redis.command("FLUSHALL");
    }

    private RedisTesting.Instance start(String name) {
        return RedisTesting.start(redis.url(), dir.resolve(name + "/stats.json"), CLOCK, 100_000);
    }

    private static long total() {
        return redis.number("pocketapi:total");
    }

    /** A user's shared total: under its keyed hash, by the key Redis holds. */
    private static long user(String id) {
        String v = redis.command("HGET pocketapi:utotals " + RedisTesting.field(id));
        return v == null || v.equals("$-1") ? 0 : Long.parseLong(v);
    }

    private static void calls(RedisTesting.Instance instance, String user, int n) {
        for (int i = 0; i < n; i++) {
            instance.counters.count(user, Family.HOLIDAYS);
        }
    }

    @Test
    void instances_share_their_totals_and_each_answer_includes_its_own_call() throws Exception {
        try (RedisTesting.Instance a = start("a");
                RedisTesting.Instance b = start("b")) {
            calls(a, "u", 3);
            calls(b, "u", 2);
            RedisTesting.await(RedisCountersTest::total, 5);
            Report report = b.counters.countAndReport("u", Family.HOLIDAYS);
            assertThat(report.siteTotal()).isEqualTo(6);
            assertThat(report.userTotal()).isEqualTo(6);
            assertThat(report.userDaily()).isEqualTo(6);
            RedisTesting.await(() -> user("u"), 6);
        }
    }

    @Test
    void a_value_sent_twice_late_or_out_of_order_counts_once() {
        long today = pocketapi.common.Utc8.epochDay(CLOCK);
        long u = LocalCountersTest.KEYS.of("u");
        try (RedisClient client =
                new RedisClient(RedisTarget.parse(redis.url()), "pocketapi:", Duration.ofSeconds(1), 1)) {
            assertThat(client.sameKey(LocalCountersTest.KEYS)).isTrue();
            long now = System.currentTimeMillis();
            client.send("0000000000000001", today, changes(today, 5), 100, 0, 400, now);
            client.send("0000000000000001", today, changes(today, 5), 100, 0, 400, now);
            client.send("0000000000000001", today, changes(today, 3), 100, 0, 400, now);
            long[] last = client.send("0000000000000002", today, changes(today, 2), 100, 0, 400, now);
            assertThat(total()).isEqualTo(7);
            assertThat(user("u")).isEqualTo(7);
            assertThat(last).containsExactly(7, 7, 2, 2, 7, 7, 0, 0, 0, 0, 0, 2, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0);
            assertThat(client.read("0000000000000001", today, u)).containsExactly(7, 7, 5, 5, 7, 7, 5, 5, 0, 0, 0, 0);
            assertThat(client.history("0000000000000001", List.of(today)))
                    .containsExactly(7, 7, 0, 0, 0, 0, 0, 5, 5, 0, 0, 0, 0, 0, 0, 0);
        }
    }

    /** An instance's values: n calls by "u" today, all of holidays. */
    private static LocalCounters.Changes changes(long today, long n) {
        Tally t = new Tally(n, n, today);
        return new LocalCounters.Changes(
                t,
                null,
                Map.of(today, new long[] {n, n, 0, 0, 0, 0, 0}),
                List.of(new LocalCounters.Row(LocalCountersTest.KEYS.of("u"), t, false)),
                Map.of(),
                java.util.Set.of());
    }

    @Test
    void concurrent_calls_on_one_instance_report_every_count_exactly_once() throws Exception {
        try (RedisTesting.Instance a = start("a")) {
            ExecutorService pool = Executors.newFixedThreadPool(8);
            List<Future<List<Long>>> results = new ArrayList<>();
            for (int t = 0; t < 8; t++) {
                results.add(pool.submit(() -> {
                    List<Long> seen = new ArrayList<>();
                    for (int i = 0; i < 200; i++) {
                        seen.add(a.counters
                                .countAndReport("same", Family.HOLIDAYS)
                                .userTotal());
                    }
                    return seen;
                }));
            }
            List<Long> all = new ArrayList<>();
            for (Future<List<Long>> f : results) {
                all.addAll(f.get());
            }
            pool.shutdown();
            assertThat(all).hasSize(1600).doesNotHaveDuplicates().allMatch(n -> n >= 1 && n <= 1600);
            RedisTesting.await(RedisCountersTest::total, 1600);
        }
    }

    @Test
    void an_outage_fails_no_call_loses_nothing_and_info_never_goes_below_what_was_seen() throws Exception {
        try (TcpProxy proxy = new TcpProxy(redis.port());
                LogCapture log = new LogCapture();
                RedisTesting.Instance other = start("other");
                RedisTesting.Instance a =
                        RedisTesting.start(proxy.redisUrl(), dir.resolve("a/stats.json"), CLOCK, 100_000)) {
            calls(other, "u", 10);
            RedisTesting.await(RedisCountersTest::total, 10);
            assertThat(a.counters.countAndReport("u", Family.HOLIDAYS).userTotal())
                    .isEqualTo(11);
            proxy.cut();
            calls(a, "u", 5);
            assertThat(log.awaitLinesWith("is unreachable")).hasSize(1);
            calls(other, "u", 4);
            // Redis is away: the others' part as last seen, and this instance's own calls, exactly.
            assertThat(a.counters.countAndReport("u", Family.HOLIDAYS).userTotal())
                    .isEqualTo(17);
            proxy.heal();
            RedisTesting.await(RedisCountersTest::total, 21);
            assertThat(log.awaitLinesWith("is back after")).hasSize(1);
            assertThat(log.linesWith("is unreachable")).hasSize(1);
        }
    }

    @Test
    void a_crash_after_a_send_and_before_a_save_is_made_good_from_what_redis_holds() throws Exception {
        RedisTesting.Instance a = start("a");
        calls(a, "u", 10);
        RedisTesting.await(RedisCountersTest::total, 10);
        a.crash(); // kill -9: no save since the start
        try (RedisTesting.Instance again = start("a")) {
            assertThat(again.counters.countAndReport("u", Family.HOLIDAYS).userTotal())
                    .isEqualTo(11);
            RedisTesting.await(RedisCountersTest::total, 11);
        }
    }

    @Test
    void an_instance_whose_disk_is_lost_starts_anew_and_nothing_is_counted_twice() throws Exception {
        try (RedisTesting.Instance a = start("a")) {
            calls(a, "u", 10);
        }
        assertThat(total()).isEqualTo(10);
        try (var files = Files.list(dir.resolve("a"))) {
            for (Path f : files.toList()) {
                Files.delete(f);
            }
        }
        try (RedisTesting.Instance again = start("a")) {
            assertThat(again.counters.countAndReport("u", Family.HOLIDAYS).userTotal())
                    .isEqualTo(11);
            RedisTesting.await(RedisCountersTest::total, 11);
        }
        assertThat(redis.command("HLEN pocketapi:instances")).isEqualTo(":2");
    }

    @Test
    void the_file_stores_counters_are_the_instances_first_values_once() throws Exception {
        Files.createDirectories(dir.resolve("a"));
        Files.writeString(dir.resolve("a/stats.json"), """
                {"format":"pocketapi-stats/3","instance":"0123456789abcdef","site":[40,0,"2026-01-01"],"users":[
                ["u",30,0,"2026-01-01"]
                ]}
                """);
        for (int run = 0; run < 2; run++) {
            try (RedisTesting.Instance a = start("a")) {
                RedisTesting.await(RedisCountersTest::total, 40);
                assertThat(user("u")).isEqualTo(30);
            }
        }
    }

    @Test
    void a_redis_of_the_first_release_has_its_ids_hashed_once_and_keeps_every_count() throws Exception {
        String today = java.time.LocalDate.ofEpochDay(pocketapi.common.Utc8.epochDay(CLOCK))
                .toString();
        redis.command("SET pocketapi:total 100");
        redis.command("HSET pocketapi:utotals 203.0.113.7 60");
        redis.command("HSET pocketapi:udaily:" + today + " 203.0.113.7 4");
        redis.command("ZADD pocketapi:users 1 203.0.113.7");
        redis.command("HSET pocketapi:instances old 1");
        redis.command("HSET pocketapi:of:old 203.0.113.7 60");
        redis.command("HSET pocketapi:applied old 3");
        try (LogCapture log = new LogCapture()) {
            for (int run = 0; run < 2; run++) {
                try (RedisTesting.Instance a = start("a")) {
                    calls(a, "203.0.113.7", 1);
                    RedisTesting.await(RedisCountersTest::total, 101 + run);
                    assertThat(user("203.0.113.7")).isEqualTo(61 + run);
                }
            }
            assertThat(log.linesWith("held the users' ids as they came")).hasSize(1);
        }
        assertThat(redis.command("HGET pocketapi:of:old 203.0.113.7")).isEqualTo("$-1");
        assertThat(redis.command("HGET pocketapi:udaily:" + today + " 203.0.113.7"))
                .isEqualTo("$-1");
        assertThat(redis.command("ZSCORE pocketapi:users 203.0.113.7")).isEqualTo("$-1");
        assertThat(redis.command("EXISTS pocketapi:applied")).isEqualTo(":0");
    }

    @Test
    void instances_agree_on_the_key_users_are_hashed_with_and_their_history_adds_up() throws Exception {
        try (RedisTesting.Instance a = start("a");
                RedisTesting.Instance b = start("b")) {
            a.counters.count("u", Family.HOLIDAYS);
            b.counters.count("u", Family.PICTURES);
            b.counters.count("v", Family.INFO);
            RedisTesting.await(RedisCountersTest::total, 3);
            assertThat(user("u")).isEqualTo(2);
            Counters.DayCount todays = a.counters.history(1).get(0);
            assertThat(todays.counts()).containsExactly(3, 1, 1, 1, 0, 0, 0);
            Counters.Summary summary = a.counters.summary();
            assertThat(List.of(summary.total(), summary.today(), summary.days30()))
                    .containsExactly(3L, 3L, 3L);
        }
    }

    @Test
    void a_longer_history_asked_right_after_a_shorter_one_holds_the_days_the_shorter_did_not_read() {
        long today = pocketapi.common.Utc8.epochDay(CLOCK);
        try (RedisTesting.Instance a = start("a");
                RedisClient other =
                        new RedisClient(RedisTarget.parse(redis.url()), "pocketapi:", Duration.ofSeconds(1), 1)) {
            LocalCounters.Changes sixtyDaysAgo = new LocalCounters.Changes(
                    null,
                    null,
                    Map.of(today - 60, new long[] {5, 0, 5, 0, 0, 0, 0}),
                    List.of(),
                    Map.of(),
                    java.util.Set.of());
            other.send("00000000000000b2", today, sixtyDaysAgo, 100, 0, 400, System.currentTimeMillis());
            assertThat(a.counters.summary().days30()).as("the badge's 30 days").isZero();
            assertThat(a.counters.history(90).get(29).counts()).containsExactly(5, 0, 5, 0, 0, 0, 0);
        }
    }

    @Test
    void a_read_of_the_others_counts_that_fails_is_logged_once_and_answered_from_what_is_known() throws Exception {
        long today = pocketapi.common.Utc8.epochDay(CLOCK);
        redis.command("SET pocketapi:history:" + java.time.LocalDate.ofEpochDay(today - 60) + " oops");
        try (LogCapture log = new LogCapture();
                RedisTesting.Instance a = start("a")) {
            for (int days = 88; days <= 90; days++) {
                assertThat(a.counters.history(days)).hasSize(days).allMatch(d -> d.site() == 0);
            }
            assertThat(log.awaitLinesWith("cannot read the other instances' counts from Redis"))
                    .singleElement()
                    .asString()
                    .contains("WARN", "WRONGTYPE");
        }
    }

    @Test
    void an_error_redis_answers_is_logged_once_and_nothing_is_half_applied() throws Exception {
        redis.command("SET pocketapi:utotals oops");
        try (LogCapture log = new LogCapture();
                RedisTesting.Instance a = start("a")) {
            calls(a, "u", 3);
            assertThat(log.awaitLinesWith("refused the counters")).hasSize(1);
            redis.command("DEL pocketapi:utotals");
            RedisTesting.await(() -> user("u"), 3);
            assertThat(total()).isEqualTo(3);
            assertThat(log.linesWith("refused the counters")).hasSize(1);
        }
    }

    @Test
    void users_past_the_bound_are_forgotten_in_redis_too_and_daily_keys_expire() throws Exception {
        try (RedisTesting.Instance a = RedisTesting.start(redis.url(), dir.resolve("a/stats.json"), CLOCK, 3)) {
            for (int u = 1; u <= 5; u++) {
                calls(a, "u" + u, 1);
                RedisTesting.await(RedisCountersTest::total, u); // one send each, oldest first
            }
            assertThat(redis.command("ZCARD pocketapi:users")).isEqualTo(":3");
            assertThat(redis.command("HLEN pocketapi:utotals")).isEqualTo(":3");
            assertThat(user("u1")).isZero();
            assertThat(user("u5")).isEqualTo(1);
            String today = java.time.LocalDate.ofEpochDay(pocketapi.common.Utc8.epochDay(CLOCK))
                    .toString();
            for (String key : List.of("pocketapi:daily:" + today, "pocketapi:udaily:" + today)) {
                long ttl = Long.parseLong(redis.command("TTL " + key).substring(1));
                assertThat(ttl).as(key).isBetween(3_600L, 25 * 3_600L);
            }
        }
    }

    @Test
    void redis_holds_the_keys_fingerprint_never_the_key_and_an_instance_with_another_key_does_not_start()
            throws Exception {
        try (RedisTesting.Instance a = start("a")) {
            calls(a, "u", 1);
            RedisTesting.await(RedisCountersTest::total, 1);
        }
        assertThat(redis.command("GET pocketapi:keycheck"))
                .isEqualTo(LocalCountersTest.KEYS.check())
                .hasSize(16);
        assertThat(redis.raw("KEYS *")).doesNotContain("userkey").doesNotContain(LocalCountersTest.KEYS.text());
        Files.createDirectories(dir.resolve("b"));
        Files.writeString(dir.resolve("b/stats.key"), UserKeys.random().text());
        assertThatThrownBy(() -> start("b"))
                .hasCauseInstanceOf(ConfigException.class)
                .cause()
                .hasMessage("STATS_KEY_FILE "
                        + "(--stats-key-file): " + dir.resolve("b/stats.key")
                        + " is not the key the other instances on Redis at "
                        + RedisTarget.parse(redis.url())
                        + " (prefix pocketapi:) hash users with: give every instance that shares "
                        + "STATS_REDIS_URL the same key file (copy it from one of them)");
    }

    @Test
    void the_key_an_earlier_release_kept_in_redis_is_removed_once_an_instance_with_the_same_one_starts()
            throws Exception {
        redis.command("SET pocketapi:userkey " + LocalCountersTest.KEYS.text());
        try (RedisTesting.Instance a = start("a")) {
            calls(a, "u", 1);
            RedisTesting.await(RedisCountersTest::total, 1);
        }
        assertThat(redis.command("EXISTS pocketapi:userkey")).isEqualTo(":0");
        assertThat(redis.command("GET pocketapi:keycheck")).isEqualTo(LocalCountersTest.KEYS.check());
    }

    @Test
    void a_redis_still_loading_its_data_is_waited_for_with_a_warn_and_no_error() throws Exception {
        try (java.net.ServerSocket loading =
                        new java.net.ServerSocket(0, 50, java.net.InetAddress.getLoopbackAddress());
                LogCapture log = new LogCapture()) {
            Thread answering = new Thread(() -> answerLoading(loading), "loading-redis");
            answering.setDaemon(true);
            answering.start();
            try (RedisTesting.Instance a = RedisTesting.start(
                    "redis://127.0.0.1:" + loading.getLocalPort(), dir.resolve("a/stats.json"), CLOCK, 100)) {
                calls(a, "u", 1);
                assertThat(log.awaitLinesWith("is loading its data into memory"))
                        .singleElement()
                        .asString()
                        .contains(
                                "WARN",
                                "counting goes on in memory and in " + dir.resolve("a/stats.json"),
                                "sent as soon as it has loaded");
                assertThat(log.linesWith("ERROR")).isEmpty();
            }
        }
    }

    /** What a Redis that has just started answers to every command until its data is in memory. */
    private static void answerLoading(java.net.ServerSocket server) {
        while (!server.isClosed()) {
            try (java.net.Socket client = server.accept()) {
                java.io.InputStream in = client.getInputStream();
                java.io.OutputStream out = client.getOutputStream();
                for (int c; (c = in.read()) >= 0; ) {
                    if (c == '*') { // a command: an array of bulk strings, read whole before the answer
                        int args = Integer.parseInt(line(in));
                        for (int i = 0; i < args; i++) {
                            in.skipNBytes(Integer.parseInt(line(in).substring(1)) + 2L);
                        }
                        out.write("-LOADING Redis is loading the dataset in memory\r\n".getBytes());
                        out.flush();
                    }
                }
            } catch (java.io.IOException | RuntimeException e) {
                // the client hung up, or the test is over
            }
        }
    }

    private static String line(java.io.InputStream in) throws java.io.IOException {
        StringBuilder line = new StringBuilder();
        for (int c; (c = in.read()) >= 0 && c != '\n'; ) {
            if (c != '\r') {
                line.append((char) c);
            }
        }
        return line.toString();
    }

    @Test
    void the_visitors_of_two_instances_are_one_hyperloglog_equal_to_one_of_all_their_ids_and_crawlers_are_none()
            throws Exception {
        String today = java.time.LocalDate.ofEpochDay(pocketapi.common.Utc8.epochDay(CLOCK))
                .toString();
        try (RedisTesting.Instance a = start("a");
                RedisTesting.Instance b = start("b")) {
            for (int i = 0; i < 6_000; i++) {
                a.counters.count("id-" + i, Family.HOLIDAYS);
                b.counters.count("id-" + (4_000 + i), Family.PICTURES);
            }
            // Crawlers' calls: in every count, and never a visitor.
            for (int i = 0; i < 100; i++) {
                a.counters.count("crawler-" + i, true, Family.HOLIDAYS);
            }
            RedisTesting.await(RedisCountersTest::total, 12_100);
            RedisTesting.await(() -> redis.number("pocketapi:bots"), 100);
            long control = control("control", 10_000);
            // The users go to Redis 250 a batch after the site's total: the last batch makes the two equal.
            RedisTesting.await(() -> count("pocketapi:visitors:" + today), control);
            assertThat(control).isBetween(9_800L, 10_200L);
            // Each instance answers Redis's count, once it has read it; the crawlers are apart in the history.
            RedisTesting.await(() -> a.counters.summary().visitors().today(), control);
            RedisTesting.await(() -> b.counters.visitors(1), control);
            Counters.DayCount day = b.counters.history(1).get(0);
            assertThat(List.of(day.site(), day.bots(), day.visitors())).containsExactly(12_100L, 100L, control);
            assertThat(RedisTesting.everything(redis))
                    .contains("pocketapi:visitors:" + today, "HYLL")
                    .doesNotContain("id-")
                    .doesNotContain("crawler-");
            long ttl = number("TTL pocketapi:visitors:" + today);
            assertThat(ttl).as("kept the days the history is kept").isBetween(399 * 86_400L, 401 * 86_400L);
        }
    }

    @Test
    void redis_counts_100000_keyed_hashes_within_2_percent() {
        assertThat(control("control", 100_000)).isBetween(98_000L, 102_000L);
    }

    /** A HyperLogLog of the keyed hashes of id-0 … id-(n-1), made by Redis (1,000 a command); its count. */
    private static long control(String key, int n) {
        for (int from = 0; from < n; from += 1_000) {
            StringBuilder add = new StringBuilder("PFADD " + key);
            for (int i = from; i < from + 1_000; i++) {
                add.append(' ').append(RedisTesting.field("id-" + i));
            }
            assertThat(redis.command(add.toString())).startsWith(":");
        }
        return count(key);
    }

    private static long count(String key) {
        return number("PFCOUNT " + key);
    }

    /** The integer Redis answers to {@code command}. */
    private static long number(String command) {
        return Long.parseLong(redis.command(command).substring(1));
    }
}
