package pocketapi;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

/**
 * The counters' promises on the packaged jar, at the unit's heap: a flood of invented ids, a
 * line cut short followed by a crash, a full disk at stop.
 */
class CountersIT {
    private static final ObjectMapper MAPPER = new ObjectMapper();
    /** STATS_MAX_USERS's default: the flood fills the counters to their bound. */
    private static final int USERS = 100_000;

    @TempDir
    Path dir;

    /** Request i of a flood: a counted call from an id of 128 characters (the longest kept) no one used before. */
    private static String newId(int i) {
        return "GET /api/holidays?type=pithy&y=2026&m=1&d=1 HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Forwarded-For: "
                + String.format("%0128d", i);
    }

    private static JsonNode info(JarProcess jar, String user) throws Exception {
        return MAPPER.readTree(jar.get("/api/info", "X-Forwarded-For", user).body());
    }

    @Test
    void a_flood_of_new_128_character_ids_at_the_units_heap_leaves_the_file_store_up_and_exact() throws Exception {
        Map<String, String> env = Map.of("STATS_FILE", dir.resolve("stats.json").toString(), "STATS_FLUSH_SECONDS", "1");
        List<String> unit = JarProcess.unitFlags();
        try (JarProcess jar = JarProcess.start(List.of(), unit, env)) {
            assertThat(Flood.send(jar.port(), USERS, 4, CountersIT::newId)).isEqualTo(USERS);
            assertThat(jar.get("/healthz").body()).isEqualTo("ok");
            assertThat(info(jar, "me").at("/site/totalRequests").longValue()).isEqualTo(USERS + 1);
            long heap = jar.heapAfterGc();
            System.out.printf("file store, %s, %,d ids of 128 characters: %.1f MB of heap in use after a full GC%n",
                    unit, USERS, heap / 1e6);
            jar.process().destroy();
            assertThat(jar.waitFor(Duration.ofSeconds(5))).isZero();
        }
        try (JarProcess again = JarProcess.start(List.of(), unit, env)) {
            JsonNode info = info(again, String.format("%0128d", 7));
            assertThat(info.at("/site/totalRequests").longValue()).isEqualTo(USERS + 2);
            assertThat(info.at("/requestUserStats/totalRequests").longValue()).isEqualTo(2);
        }
    }

    @Test
    void a_flood_of_new_128_character_ids_while_redis_is_unreachable_leaves_it_up_and_exact() throws Exception {
        int nobody;
        try (ServerSocket free = new ServerSocket(0)) {
            nobody = free.getLocalPort();  // closed again: connections there are refused
        }
        Map<String, String> env = Map.of("STATS_FILE", dir.resolve("stats.json").toString(), "STATS_FLUSH_SECONDS", "1",
                "STATS_REDIS_URL", "redis://127.0.0.1:" + nobody);
        List<String> unit = JarProcess.unitFlags();
        try (JarProcess jar = JarProcess.start(List.of(), unit, env)) {
            assertThat(Flood.send(jar.port(), USERS, 4, CountersIT::newId)).isEqualTo(USERS);
            assertThat(jar.get("/healthz").body()).isEqualTo("ok");
            JsonNode info = info(jar, String.format("%0128d", 7));
            assertThat(info.at("/site/totalRequests").longValue()).isEqualTo(USERS + 1);
            assertThat(info.at("/requestUserStats/totalRequests").longValue()).isEqualTo(2);
            long heap = jar.heapAfterGc();
            System.out.printf("Redis mode, Redis unreachable, %s, %,d ids of 128 characters: %.1f MB of heap in use "
                    + "after a full GC%n", unit, USERS, heap / 1e6);
            jar.process().destroy();
            assertThat(jar.waitFor(Duration.ofSeconds(5))).isZero();
            assertThat(jar.output()).contains("counts not yet in Redis at redis://127.0.0.1:" + nobody);
        }
        assertThat(CounterFiles.savedTotal(dir.resolve("stats.json"))).isEqualTo(USERS + 1);
    }

    @Test
    void a_line_cut_short_by_a_crash_is_dropped_and_nothing_saved_is_lost() throws Exception {
        Path stats = dir.resolve("stats.json");
        Map<String, String> env = Map.of("STATS_FILE", stats.toString(), "STATS_FLUSH_SECONDS", "1");
        try (JarProcess run1 = JarProcess.start(env)) {
            calls(run1, 20);
            CounterFiles.awaitSaved(stats, 20);
            calls(run1, 6);
            CounterFiles.awaitSaved(stats, 26);  // a line of the log
            run1.process().destroyForcibly();
            run1.process().waitFor();
        }
        // Run 1 ends with a line cut short (a power cut mid-write, or a full disk).
        Files.writeString(stats.resolveSibling("stats.json.log"), "{\"site\":[27,27,\"2026-",
                StandardOpenOption.APPEND);
        try (JarProcess run2 = JarProcess.start(env)) {
            calls(run2, 10);
            CounterFiles.awaitSaved(stats, 36);
            calls(run2, 4);
            CounterFiles.awaitSaved(stats, 40);
            run2.process().destroyForcibly();  // a crash before the next whole save
            run2.process().waitFor();
            assertThat(run2.output()).doesNotContain("WARN").doesNotContain("ERROR");
        }
        try (JarProcess run3 = JarProcess.start(env)) {
            assertThat(info(run3, "198.51.100.5").at("/site/totalRequests").longValue()).isEqualTo(41);
        }
    }

    @Test
    void a_full_disk_at_stop_exits_1_and_says_how_many_calls_are_lost() throws Exception {
        // RLIMIT_FSIZE of 32 KB: the final save of 3,000 users does not fit (a full disk to the process).
        List<String> small = List.of("bash", "-c", "ulimit -f 64 && exec \"$@\"", "bash");
        Map<String, String> env = Map.of("STATS_FILE", dir.resolve("stats.json").toString(),
                "STATS_FLUSH_SECONDS", "86400");  // no save before the stop
        try (JarProcess jar = JarProcess.start(small, List.of(), env)) {
            assertThat(Flood.send(jar.port(), 3_000, 2, CountersIT::newId)).isEqualTo(3_000);
            jar.process().destroy();
            assertThat(jar.waitFor(Duration.ofSeconds(5))).isEqualTo(1);
            assertThat(jar.output()).contains("the final save to " + dir.resolve("stats.json") + " failed",
                    "the last 3000 counted calls are lost").contains("stopped, with counters lost");
        }
    }

    private static void calls(JarProcess jar, int n) throws Exception {
        for (int i = 0; i < n; i++) {
            assertThat(jar.get("/api/holidays?type=alarm", "X-Forwarded-For", "198.51.100.5").statusCode()).isEqualTo(200);
        }
    }
}
