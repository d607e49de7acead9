package pocketapi;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import pocketapi.counters.Counting;

/**
 * The counters' promises on the packaged jar, at the unit's heap: a file of more users than the bound (and than the
 * heap holds), a line cut short followed by a crash, a full disk at stop. A flood of new ids at the unit's heap, in
 * Redis mode through an outage and a restart: RedisIT.
 */
class CountersIT {
    private static final ObjectMapper MAPPER = new ObjectMapper();

    @TempDir
    Path dir;

    /** Request i of a flood: a counted call from an id of 128 characters (the longest kept) no one used before. */
    private static String newId(int i) {
        return "GET /api/holidays?type=pithy&y=2026&m=1&d=1 HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Forwarded-For: "
                + String.format("%0128d", i);
    }

    private static JsonNode info(Answering jar, String user) throws Exception {
        return MAPPER.readTree(jar.get("/api/info", "X-Forwarded-For", user).body());
    }

    /** A counters file of {@code users} users, hashed under the key beside it (made here, as the service makes one). */
    private static void bigFile(Path stats, int users) throws Exception {
        Files.writeString(
                Counting.keyFile(stats), pocketapi.counters.UserKeys.random().text());
        String today = java.time.LocalDate.now(java.time.ZoneOffset.ofHours(8)).toString();
        try (var out = new java.io.BufferedWriter(Files.newBufferedWriter(stats))) {
            out.write("{\"format\":\"pocketapi-stats/4\",\"instance\":\"0123456789abcdef\",\n\"site\":[" + users
                    + ",0,\"" + today + "\"],\n\"users\":[\n");
            for (int i = 0; i < users; i++) {
                // 16 hex digits: 0x1000_0000_0000 + i has 13 (String.format, 300,000 times, took seconds).
                out.write("[\"000" + Long.toHexString(0x1000_0000_0000L + i) + "\",1,0,\"" + today + "\"]"
                        + (i + 1 < users ? "," : "") + "\n");
            }
            out.write("]}\n");
        }
    }

    @Test
    void a_file_of_300000_users_starts_at_the_units_heap_with_the_default_bound_and_with_the_largest_that_fits()
            throws Exception {
        Path stats = dir.resolve("stats.json");
        bigFile(stats, 300_000);
        List<String> unit = JarProcess.unitFlags();
        Map<String, String> env = Map.of("STATS_FILE", stats.toString());
        try (JarProcess jar = JarProcess.start(List.of(), unit, env)) {
            assertThat(info(jar, "me").at("/site/totalRequests").longValue()).isEqualTo(300_001);
            jar.process().destroy();
            assertThat(jar.exitCode()).isZero();
        }
        // STATS_MAX_USERS past what the heap holds stops the start with one line saying how many fit.
        JarProcess refused = JarProcess.launch(
                List.of(), unit, Map.of("STATS_FILE", stats.toString(), "STATS_MAX_USERS", "5000000", "PORT", "0"));
        assertThat(refused.exitCode()).isEqualTo(2);
        java.util.regex.Matcher fits =
                java.util.regex.Pattern.compile("holds at most (\\d+) beside").matcher(refused.output());
        assertThat(fits.find()).as(refused.output()).isTrue();
        assertThat(refused.output().lines()).singleElement().asString().startsWith("ERROR pocketapi: STATS_MAX_USERS");
        refused.close();
        // Saved every second (STATS_FLUSH_SECONDS), not every 10: the heap is measured once the flood is saved.
        try (JarProcess jar = JarProcess.start(
                List.of(),
                unit,
                Map.of("STATS_FILE", stats.toString(), "STATS_MAX_USERS", fits.group(1), "STATS_FLUSH_SECONDS", "1"))) {
            Flood.send(jar.port(), 2_000, 2, CountersIT::newId);
            assertThat(info(jar, "me").at("/site/totalRequests").longValue()).isEqualTo(302_002);
            // Measured once the flood is saved: a save under way holds a snapshot of every user (some 20 MB here
            // while it writes), which a busy machine's slow disk made the full GC see.
            CounterFiles.awaitSaved(stats, 302_002);
            long heap = jar.heapAfterGc();
            System.out.printf(
                    "%s users kept of a file of 300,000 (STATS_MAX_USERS the largest that fits %s): %.1f MB of heap "
                            + "in use after a full GC%n",
                    fits.group(1), unit, heap / 1e6);
            assertThat(heap).as("heap after a full GC").isLessThan(40_000_000);
            jar.process().destroy();
            assertThat(jar.exitCode()).isZero();
        }
        assertThat(CounterFiles.savedTotal(stats)).isEqualTo(302_002);
    }

    @Test
    void a_line_cut_short_by_a_crash_is_dropped_and_nothing_saved_is_lost() throws Exception {
        Path stats = dir.resolve("stats.json");
        Map<String, String> env = Map.of("STATS_FILE", stats.toString(), "STATS_FLUSH_SECONDS", "1");
        try (JarProcess run1 = JarProcess.start(env)) {
            calls(run1, 20);
            CounterFiles.awaitSaved(stats, 20);
            calls(run1, 6);
            CounterFiles.awaitSaved(stats, 26); // a line of the log
            run1.process().destroyForcibly();
            run1.process().waitFor();
        }
        // Run 1 ends with a line cut short (a power cut mid-write, or a full disk).
        Files.writeString(
                stats.resolveSibling("stats.json.log"), "{\"site\":[27,27,\"2026-", StandardOpenOption.APPEND);
        try (JarProcess run2 = JarProcess.start(env)) {
            calls(run2, 10);
            CounterFiles.awaitSaved(stats, 36);
            calls(run2, 4);
            CounterFiles.awaitSaved(stats, 40);
            run2.process().destroyForcibly(); // a crash before the next whole save
            run2.process().waitFor();
            // Nothing to warn of, but from 1 December the end of the holiday data (the day the test runs decides).
            assertThat(run2.output().lines().filter(l -> !l.contains("WARN HolidayUpdater - holiday data end")))
                    .noneMatch(l -> l.contains("WARN") || l.contains("ERROR"));
        }
        // The next start only reads what run 2 left: in this JVM, through Main's own start.
        try (InProcess.Service run3 = InProcess.start(dir, env)) {
            assertThat(info(run3, "198.51.100.5").at("/site/totalRequests").longValue())
                    .isEqualTo(41);
        }
    }

    @Test
    void a_full_disk_at_stop_exits_1_and_says_how_many_calls_are_lost() throws Exception {
        // RLIMIT_FSIZE of 32 KB: the final save of 3,000 users does not fit (a full disk to the process).
        List<String> small = List.of("bash", "-c", "ulimit -f 64 && exec \"$@\"", "bash");
        Map<String, String> env = Map.of(
                "STATS_FILE",
                dir.resolve("stats.json").toString(),
                "STATS_FLUSH_SECONDS",
                "86400"); // no save before the stop
        try (JarProcess jar = JarProcess.start(small, List.of(), env)) {
            assertThat(Flood.send(jar.port(), 3_000, 2, CountersIT::newId)).isEqualTo(3_000);
            jar.process().destroy();
            assertThat(jar.exitCode()).isEqualTo(1);
            assertThat(jar.output())
                    .contains(
                            "the final save to " + dir.resolve("stats.json") + " failed",
                            "the last 3000 counted calls are lost")
                    .contains("stopped, with counters lost");
        }
    }

    private static void calls(JarProcess jar, int n) throws Exception {
        for (int i = 0; i < n; i++) {
            assertThat(jar.get("/api/holidays?type=alarm", "X-Forwarded-For", "198.51.100.5")
                            .statusCode())
                    .isEqualTo(200);
        }
    }
}
