package pocketapi;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The counters survive the ways a real process ends: SIGTERM, and a crash after a flush. */
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

    private static JsonNode info(JarProcess jar) throws Exception {
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
        try (JarProcess again = JarProcess.start(env())) {
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
        try (JarProcess again = JarProcess.start(env())) {
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
        try (JarProcess again = JarProcess.start(env())) {
            assertThat(info(again).at("/site/totalRequests").longValue()).isEqualTo(N + 1);
            // The history too: yesterday and today (a run across UTC+8 midnight splits them), this call included.
            assertThat(history(again)).containsExactly(N + 2L, N / 2L, N / 2L, 2L, 0L);
        }
    }

    /** The last two days of /api/info/history added up: site, holidays, pictures, info, other. */
    static long[] history(JarProcess jar) throws Exception {
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

    /** One case end to end; StatsStoreTest covers every kind of bad file (truncated, empty, wrong shape ...). */
    @Test
    void a_bad_stats_file_is_kept_aside_and_the_good_bak_is_used() throws Exception {
        String content = "¯\\_(ツ)_/¯ not JSON";
        Path data = Files.createDirectories(dir.resolve("data"));
        Files.writeString(data.resolve("stats.json"), content);
        // Seen yesterday: a user idle past STATS_USER_DAYS (90) would be forgotten at the first save, which may come
        // first.
        String yesterday = java.time.LocalDate.now(java.time.ZoneOffset.ofHours(8))
                .minusDays(1)
                .toString();
        Files.writeString(data.resolve("stats.json.bak"), """
                {"format":"pocketapi-stats/3","instance":"0123456789abcdef","site":[40,0,"%s"],"users":[
                ["198.51.100.5",30,0,"%s"]
                ]}
                """.formatted(yesterday, yesterday));
        try (JarProcess jar = JarProcess.start(env())) {
            JsonNode info = info(jar);
            assertThat(info.at("/site/totalRequests").longValue()).isEqualTo(41);
            assertThat(info.at("/site/dailyRequests").longValue()).isEqualTo(1);
            assertThat(info.at("/requestUserStats/totalRequests").longValue()).isEqualTo(31);
            assertThat(jar.output()).contains("cannot read the counters in " + data.resolve("stats.json"));
        }
        try (Stream<Path> files = Files.list(data)) {
            Path aside = files.filter(p -> p.getFileName().toString().startsWith("stats.json.corrupt-"))
                    .findFirst()
                    .orElseThrow();
            assertThat(Files.readString(aside)).isEqualTo(content);
        }
    }
}
