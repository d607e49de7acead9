package pocketapi;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The counters survive the ways a real process ends: SIGTERM, and a crash after a flush. The jar is ended; the next
 * start, which only reads what it left, is in this JVM through Main's own start ({@link InProcess}).
 */
class StatsIT {
    private static final ObjectMapper MAPPER = new ObjectMapper();
    private static final int N = 50;

    @TempDir
    Path dir;

    private Map<String, String> env() {
        return Map.of("STATS_FILE", dir.resolve("data/stats.json").toString(), "STATS_FLUSH_SECONDS", "1");
    }

    private static void call(JarProcess jar, int times) throws Exception {
        for (int i = 0; i < times; i++) {
            assertThat(jar.get(i % 2 == 0 ? "/api/holidays?type=alarm" : "/img/url", "CF-Connecting-IP", "198.51.100.5")
                            .statusCode())
                    .isEqualTo(200);
        }
    }

    private static JsonNode info(Answering jar) throws Exception {
        return MAPPER.readTree(
                jar.get("/api/info", "CF-Connecting-IP", "198.51.100.5").body());
    }

    @Test
    void counters_survive_sigterm_and_the_process_exits_0() throws Exception {
        try (JarProcess jar = JarProcess.start(env())) {
            call(jar, N);
            jar.process().destroy(); // SIGTERM: the contract's clean stop
            assertThat(jar.exitCode()).isEqualTo(0);
        }
        try (InProcess.Service again = InProcess.start(dir, env())) {
            JsonNode info = info(again);
            assertThat(info.at("/site/totalRequests").longValue()).isEqualTo(N + 1);
            assertThat(info.at("/requestUserStats/totalRequests").longValue()).isEqualTo(N + 1);
        }
    }

    @Test
    void a_sigterm_under_load_loses_no_counted_call() throws Exception {
        long answered;
        long failed;
        try (JarProcess jar = JarProcess.start(env())) {
            java.util.concurrent.atomic.AtomicLong ok = new java.util.concurrent.atomic.AtomicLong();
            java.util.concurrent.atomic.AtomicLong errors = new java.util.concurrent.atomic.AtomicLong();
            java.util.concurrent.ExecutorService clients = java.util.concurrent.Executors.newFixedThreadPool(4);
            for (int t = 0; t < 4; t++) {
                clients.submit(() -> {
                    while (!Thread.currentThread().isInterrupted() && errors.get() == 0) {
                        try {
                            if (jar.get("/api/holidays?type=pithy").statusCode() == 200) {
                                ok.incrementAndGet();
                            }
                        } catch (Exception e) {
                            errors.incrementAndGet(); // refused or cut: the service is stopping
                        }
                    }
                });
            }
            long deadline = System.nanoTime() + 30_000_000_000L;
            while (ok.get() < 300 && System.nanoTime() - deadline < 0) {
                Thread.sleep(10);
            }
            jar.process().destroy(); // SIGTERM while four clients are calling
            assertThat(jar.exitCode()).isEqualTo(0);
            clients.shutdown();
            assertThat(clients.awaitTermination(15, java.util.concurrent.TimeUnit.SECONDS))
                    .isTrue();
            answered = ok.get();
            failed = errors.get();
        }
        assertThat(answered).isPositive();
        try (InProcess.Service again = InProcess.start(dir, env())) {
            long saved = info(again).at("/site/totalRequests").longValue() - 1;
            // Every answered call was saved; at most the four calls in flight at the end were counted
            // without their answer reaching the client.
            assertThat(saved).isBetween(answered, answered + Math.min(failed, 4));
        }
    }

    @Test
    void counters_flushed_before_a_kill_9_survive_it() throws Exception {
        try (JarProcess jar = JarProcess.start(env())) {
            call(jar, N);
            CounterFiles.awaitSaved(dir.resolve("data/stats.json"), N); // the next 1 s flush interval saves them
            jar.process().destroyForcibly(); // SIGKILL: no shutdown hook runs
            jar.exitCode();
        }
        try (InProcess.Service again = InProcess.start(dir, env())) {
            assertThat(info(again).at("/site/totalRequests").longValue()).isEqualTo(N + 1);
            // The history too: yesterday and today (a run across UTC+8 midnight splits them), this call included.
            assertThat(history(again)).containsExactly(N + 2L, N / 2L, N / 2L, 2L, 0L);
        }
    }

    /** The last two days of /api/info/history added up: site, holidays, pictures, info, other. */
    static long[] history(Answering jar) throws Exception {
        long[] sum = new long[5];
        for (JsonNode day :
                MAPPER.readTree(jar.get("/api/info/history?days=2").body()).get("days")) {
            String[] columns = {"site", "holidays", "pictures", "info", "other"};
            for (int i = 0; i < sum.length; i++) {
                sum[i] += day.get(columns[i]).longValue();
            }
        }
        return sum;
    }
}
