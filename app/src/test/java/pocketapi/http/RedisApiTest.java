package pocketapi.http;

import static org.assertj.core.api.Assertions.assertThat;

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

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import pocketapi.RedisServer;
import pocketapi.stats.RedisCounters;
import pocketapi.stats.RedisTesting;

/** Two instances on one real redis-server, as behind a load balancer: /api/info over HTTP. */
class RedisApiTest {
    private static final ObjectMapper MAPPER = new ObjectMapper();

    @TempDir
    Path dir;

    private static JsonNode info(TestServer server, String user) throws Exception {
        return MAPPER.readTree(server.get("/api/info", "X-Forwarded-For", user).body());
    }

    /** Runs {@code body} with two started instances counting into {@code redis}. */
    private void twoInstances(RedisServer redis, TwoServers body) throws Exception {
        RedisCounters a = RedisTesting.counters(redis, dir.resolve("a.json"), Clock.systemUTC(), 100_000);
        RedisCounters b = RedisTesting.counters(redis, dir.resolve("b.json"), Clock.systemUTC(), 100_000);
        a.start();
        b.start();
        try {
            TestServer.run(TestApps.app(Clock.systemUTC(), a), sa ->
                    TestServer.run(TestApps.app(Clock.systemUTC(), b), sb -> body.run(sa, sb, a, b)));
        } finally {
            a.close();
            b.close();
        }
    }

    private interface TwoServers {
        void run(TestServer a, TestServer b, RedisCounters ca, RedisCounters cb) throws Exception;
    }

    @Test
    void two_instances_with_concurrent_clients_end_with_exact_totals_and_each_sees_its_own_calls()
            throws Exception {
        try (RedisServer redis = RedisServer.start()) {
            twoInstances(redis, (a, b, ca, cb) -> {
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
                                long mine = info(server, user).at("/requestUserStats/totalRequests").longValue();
                                if (mine != i + 1 || mine <= previous) {
                                    wrong.add(user + " call " + (i + 1) + " saw " + mine);
                                }
                                previous = mine;
                            } else {
                                assertThat(server.get("/api/holidays?type=alarm", "X-Forwarded-For", user)
                                        .statusCode()).isEqualTo(200);
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
                Thread.sleep(1_000);  // at rest
                RedisTesting.awaitWritten(ca);
                RedisTesting.awaitWritten(cb);
                assertThat(redis.number("pocketapi:total")).isEqualTo(calls);
                for (int t = 0; t < 8; t++) {
                    assertThat(redis.command("HGET pocketapi:utotals user-" + t)).isEqualTo("60");
                }
                // Both instances answer the same totals now (each look is a counted call too).
                assertThat(info(a, "x").at("/site/totalRequests").longValue()).isEqualTo(calls + 1);
                RedisTesting.awaitWritten(ca);
                assertThat(info(b, "x").at("/site/totalRequests").longValue()).isEqualTo(calls + 2);
            });
        }
    }

    @Test
    void calls_answered_by_one_instance_show_up_on_the_other_within_a_second() throws Exception {
        try (RedisServer redis = RedisServer.start()) {
            twoInstances(redis, (a, b, ca, cb) -> {
                assertThat(info(b, "203.0.113.5").at("/requestUserStats/totalRequests").longValue()).isEqualTo(1);
                for (int i = 0; i < 10; i++) {
                    a.get("/img/url", "X-Forwarded-For", "203.0.113.5");
                }
                long answered = System.nanoTime();
                long seen = 0;
                long looks = 0;
                while (System.nanoTime() - answered < Duration.ofSeconds(1).toNanos()) {
                    looks++;
                    seen = info(b, "203.0.113.5").at("/requestUserStats/totalRequests").longValue();
                    if (seen >= 11 + looks) {
                        break;
                    }
                    Thread.sleep(50);
                }
                assertThat(seen).isEqualTo(11 + looks);  // the 10 calls on a, and every look on b
            });
        }
    }

    @Test
    void redis_paused_under_load_fails_no_request_keeps_latency_bounded_and_loses_nothing() throws Exception {
        String[] report = {""};
        try (RedisServer redis = RedisServer.start()) {
            twoInstances(redis, (a, b, ca, cb) -> {
                AtomicBoolean running = new AtomicBoolean(true);
                AtomicLong calls = new AtomicLong();
                AtomicLong slowest = new AtomicLong();
                AtomicLong slowestPaused = new AtomicLong();
                AtomicBoolean paused = new AtomicBoolean();
                List<String> failures = Collections.synchronizedList(new ArrayList<>());
                ExecutorService clients = Executors.newFixedThreadPool(4);
                for (int t = 0; t < 4; t++) {
                    TestServer server = t % 2 == 0 ? a : b;
                    String path = t < 2 ? "/api/info" : "/api/holidays?type=pithy";
                    String user = "load-" + t;
                    clients.submit(() -> {
                        while (running.get()) {
                            long start = System.nanoTime();
                            boolean duringPause = paused.get();
                            HttpResponse<String> response = server.get(path, "X-Forwarded-For", user);
                            slowest.accumulateAndGet(System.nanoTime() - start, Math::max);
                            if (duringPause && paused.get()) {
                                slowestPaused.accumulateAndGet(System.nanoTime() - start, Math::max);
                            }
                            calls.incrementAndGet();
                            if (response.statusCode() != 200) {
                                failures.add(response.statusCode() + " " + response.body());
                            }
                        }
                        return null;
                    });
                }
                Thread.sleep(500);
                redis.pause();  // SIGSTOP: connections stay open, nothing answers
                paused.set(true);
                long beforePause = calls.get();
                Thread.sleep(2_000);
                long duringPause = calls.get() - beforePause;
                paused.set(false);
                redis.resume();
                Thread.sleep(500);
                running.set(false);
                clients.shutdown();
                assertThat(clients.awaitTermination(10, java.util.concurrent.TimeUnit.SECONDS)).isTrue();
                assertThat(failures).isEmpty();
                assertThat(duringPause).isGreaterThan(100);
                // The sender's two-second time-out was never a request's: only /api/info waits for Redis, at
                // most 250 ms (RedisTimings.INFO_WAIT), and only until the sender finds Redis gone; the rest of
                // the margin is the HTTP round trip on a busy two-core machine.
                assertThat(Duration.ofNanos(slowestPaused.get())).isLessThan(Duration.ofMillis(250 + 250));
                assertThat(Duration.ofNanos(slowest.get())).isLessThan(Duration.ofMillis(1_000));
                RedisTesting.awaitWritten(ca);
                RedisTesting.awaitWritten(cb);
                assertThat(redis.number("pocketapi:total")).isEqualTo(calls.get());
                report[0] = String.format("Redis paused 2 s under load: %d calls, %d during the pause, slowest "
                        + "answer %.1f ms (during the pause %.1f ms); Redis total afterwards %d", calls.get(), duringPause,
                        slowest.get() / 1e6, slowestPaused.get() / 1e6, redis.number("pocketapi:total"));
            });
        }
        System.out.println(report[0]);  // JavalinTest keeps what a server's lambda prints to itself
    }
}
