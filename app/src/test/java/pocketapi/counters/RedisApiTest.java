package pocketapi.counters;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import pocketapi.RedisServer;
import pocketapi.TestApps;
import pocketapi.counters.Counters.Report;
import pocketapi.web.Family;
import pocketapi.web.TestServer;

/** Two instances on one real redis-server, as behind a load balancer: /api/info over HTTP. */
class RedisApiTest {
    /** The system clock moved to noon (UTC+8) of today: no test's day changes under it at midnight. */
    private static final Clock CLOCK = pocketapi.MutableClock.noonOfToday();

    private static final ObjectMapper MAPPER = new ObjectMapper();

    @TempDir
    Path dir;

    private static JsonNode info(TestServer server, String user) throws Exception {
        return MAPPER.readTree(server.get("/api/info", "X-Forwarded-For", user).body());
    }

    /** The calls an instance counted, as the server saw them (a client may give up on a call the server counted). */
    private static final class Seen implements Counters {
        final Counters counters;
        final AtomicLong calls = new AtomicLong();

        Seen(Counters counters) {
            this.counters = counters;
        }

        @Override
        public void count(String user, boolean bot, Family family) {
            calls.incrementAndGet();
            counters.count(user, bot, family);
        }

        @Override
        public Report countAndReport(String user, boolean bot, Family family) {
            calls.incrementAndGet();
            return counters.countAndReport(user, bot, family);
        }

        @Override
        public List<DayCount> history(int days) {
            return counters.history(days);
        }

        @Override
        public long visitors(int days) {
            return counters.visitors(days);
        }

        @Override
        public Visitors visitors() {
            return counters.visitors();
        }

        @Override
        public Summary summary() {
            return counters.summary();
        }
    }

    private final List<Seen> seen = new ArrayList<>();

    /** Runs {@code body} with two started instances counting into {@code redis}. */
    private void twoInstances(RedisServer redis, TwoServers body) throws Exception {
        try (RedisTesting.Instance a = RedisTesting.start(redis.url(), dir.resolve("a.json"), CLOCK, 100_000);
                RedisTesting.Instance b = RedisTesting.start(redis.url(), dir.resolve("b.json"), CLOCK, 100_000)) {
            Seen sa = new Seen(a.counters);
            Seen sb = new Seen(b.counters);
            seen.addAll(List.of(sa, sb));
            TestServer.run(
                    TestApps.app(CLOCK, sa), ta -> TestServer.run(TestApps.app(CLOCK, sb), tb -> body.run(ta, tb)));
        }
    }

    private long counted() {
        return seen.stream().mapToLong(s -> s.calls.get()).sum();
    }

    private interface TwoServers {
        void run(TestServer a, TestServer b) throws Exception;
    }

    @Test
    void two_instances_with_concurrent_clients_end_with_exact_totals_and_each_sees_its_own_calls() throws Exception {
        try (RedisServer redis = RedisServer.start()) {
            twoInstances(redis, (a, b) -> {
                ExecutorService clients = Executors.newFixedThreadPool(8);
                List<Future<Long>> done = new ArrayList<>();
                List<String> wrong = Collections.synchronizedList(new ArrayList<>());
                for (int t = 0; t < 8; t++) {
                    TestServer server = t % 2 == 0 ? a : b;
                    String user = "user-" + t;
                    done.add(clients.submit(() -> {
                        long previous = 0;
                        for (int i = 0; i < 60; i++) {
                            if (i % 3 == 2) {
                                // Each instance's answer includes every call of this client before it.
                                long mine = info(server, user)
                                        .at("/requestUserStats/totalRequests")
                                        .longValue();
                                if (mine != i + 1 || mine <= previous) {
                                    wrong.add(user + " call " + (i + 1) + " saw " + mine);
                                }
                                previous = mine;
                            } else {
                                assertThat(server.get("/api/holidays?type=alarm", "X-Forwarded-For", user)
                                                .statusCode())
                                        .isEqualTo(200);
                            }
                        }
                        return 60L;
                    }));
                }
                long calls = 0;
                for (Future<Long> f : done) {
                    calls += f.get();
                }
                clients.shutdown();
                assertThat(wrong).isEmpty();
                RedisTesting.await(() -> redis.number("pocketapi:total"), calls);
                for (int t = 0; t < 8; t++) {
                    assertThat(redis.command("HGET pocketapi:utotals " + RedisTesting.field("user-" + t)))
                            .isEqualTo("60");
                }
                // No id as it came, in any key or value: the users', the visitors' HyperLogLog, the crawlers' counts.
                a.get("/api/holidays", "X-Forwarded-For", "user-crawler", "User-Agent", StatsApiTest.GOOGLEBOT);
                RedisTesting.await(() -> redis.number("pocketapi:bots"), 1);
                calls++;
                assertThat(RedisTesting.everything(redis))
                        .contains("pocketapi:visitors:", "pocketapi:bots", "pocketapi:utotals")
                        .doesNotContain("user-");
                // Both instances answer the same totals once b reads a's part again (every look is a call too).
                assertThat(info(a, "x").at("/site/totalRequests").longValue()).isEqualTo(calls + 1);
                long looks = 0;
                long shown = 0;
                long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
                while (shown != calls + 1 + looks && System.nanoTime() - deadline < 0) {
                    looks++;
                    shown = info(b, "x").at("/site/totalRequests").longValue();
                    assertThat(shown).isLessThanOrEqualTo(calls + 1 + looks);
                    Thread.sleep(20);
                }
                assertThat(shown).isEqualTo(calls + 1 + looks);
            });
        }
    }

    @Test
    void calls_answered_by_one_instance_show_up_on_the_others_info_once_sent() throws Exception {
        try (RedisServer redis = RedisServer.start()) {
            twoInstances(redis, (a, b) -> {
                assertThat(info(b, "203.0.113.5")
                                .at("/requestUserStats/totalRequests")
                                .longValue())
                        .isEqualTo(1);
                for (int i = 0; i < 10; i++) {
                    a.get("/img/url", "X-Forwarded-For", "203.0.113.5");
                }
                RedisTesting.await(() -> redis.number("pocketapi:total"), 11);
                // b reads Redis again once what it knows is older than half a second: every look is a
                // counted call too, so the count it shows is exactly 11 + its looks, never more.
                long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
                long shown = 0;
                long looks = 0;
                while (shown < 11 + looks && System.nanoTime() - deadline < 0) {
                    looks++;
                    shown = info(b, "203.0.113.5")
                            .at("/requestUserStats/totalRequests")
                            .longValue();
                    assertThat(shown).isLessThanOrEqualTo(11 + looks);
                    Thread.sleep(50);
                }
                assertThat(shown).isEqualTo(11 + looks); // the 10 calls on a, and every look on b
            });
        }
    }

    @Test
    void redis_paused_under_load_fails_no_request_and_loses_nothing() throws Exception {
        String[] report = {""};
        try (RedisServer redis = RedisServer.start()) {
            twoInstances(redis, (a, b) -> {
                AtomicBoolean running = new AtomicBoolean(true);
                AtomicLong answered = new AtomicLong();
                AtomicLong slowestPaused = new AtomicLong();
                AtomicBoolean paused = new AtomicBoolean();
                List<String> failures = Collections.synchronizedList(new ArrayList<>());
                ExecutorService clients = Executors.newFixedThreadPool(4);
                List<Future<?>> done = new ArrayList<>();
                for (int t = 0; t < 4; t++) {
                    TestServer server = t % 2 == 0 ? a : b;
                    String path = t < 2 ? "/api/info" : "/api/holidays?type=pithy";
                    String user = "load-" + t;
                    done.add(clients.submit(() -> {
                        while (running.get()) {
                            long start = System.nanoTime();
                            boolean duringPause = paused.get();
                            HttpResponse<String> response = server.get(path, "X-Forwarded-For", user);
                            if (duringPause && paused.get()) {
                                slowestPaused.accumulateAndGet(System.nanoTime() - start, Math::max);
                            }
                            answered.incrementAndGet();
                            if (response.statusCode() != 200) {
                                failures.add(response.statusCode() + " " + response.body());
                            }
                        }
                        return null;
                    }));
                }
                awaitAnswered(answered, 200);
                redis.pause(); // SIGSTOP: connections stay open, nothing answers
                paused.set(true);
                long beforePause = answered.get();
                awaitAnswered(answered, beforePause + 500); // the clients go on while Redis answers nothing
                long duringPause = answered.get() - beforePause;
                paused.set(false);
                redis.resume();
                awaitAnswered(answered, answered.get() + 200);
                running.set(false);
                for (Future<?> f : done) {
                    f.get(20, java.util.concurrent.TimeUnit.SECONDS); // a client that failed fails the test here
                }
                clients.shutdown();
                assertThat(failures).isEmpty();
                RedisTesting.await(() -> redis.number("pocketapi:total"), counted());
                // Every call the two servers counted is in Redis once; the clients saw each answered.
                assertThat(redis.number("pocketapi:total")).isEqualTo(counted());
                assertThat(answered.get()).isEqualTo(counted());
                report[0] = String.format(
                        "Redis paused under load: %d calls, %d during the pause, slowest answer "
                                + "during the pause %.1f ms; Redis total afterwards %d",
                        answered.get(), duringPause, slowestPaused.get() / 1e6, redis.number("pocketapi:total"));
            });
        }
        System.out.println(report[0]); // JavalinTest keeps what a server's lambda prints to itself
    }

    /** Waits (at most 30 s) until the clients have had {@code n} answers. */
    private static void awaitAnswered(AtomicLong answered, long n) throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
        while (answered.get() < n && System.nanoTime() - deadline < 0) {
            Thread.sleep(10);
        }
        assertThat(answered.get()).isGreaterThanOrEqualTo(n);
    }
}
