package pocketapi;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The security probe's files, inside the documented limits, against the jar at the unit's heap (-Xmx64m, serial GC,
 * exit on running out of memory): each is refused with one line, and the service lives on.
 */
class BoundedReadersIT {
    @TempDir
    Path dir;

    /** A hitokoto file of short sentences: {@code bytes} long at least. */
    private static String shortSentences(int bytes) {
        StringBuilder json = new StringBuilder(bytes + 64).append('[');
        for (int i = 0; json.length() < bytes; i++) {
            json.append(i == 0 ? "" : ",")
                    .append("{\"hitokoto\":\"短句")
                    .append(i)
                    .append("\",\"type\":\"a\"}");
        }
        return json.append(']').toString();
    }

    @Test
    void hitokoto_files_inside_the_size_limits_that_would_not_fit_the_heap_are_refused_at_start_and_while_running()
            throws Exception {
        List<String> unit = JarProcess.unitFlags();
        Path sentences = Files.createDirectories(dir.resolve("hitokoto"));
        Files.writeString(sentences.resolve("a.json"), shortSentences(7 << 20));
        Map<String, String> env = Map.of(
                "HITOKOTO_DIR",
                sentences.toString(),
                "STATS_FILE",
                dir.resolve("stats.json").toString());
        // At start: exit 2, one line naming the file (it was exit 3, out of memory, and a restart loop under systemd).
        JarProcess refused = JarProcess.launch(
                List.of(),
                unit,
                Map.of(
                        "HITOKOTO_DIR",
                        sentences.toString(),
                        "PORT",
                        "0",
                        "STATS_FILE",
                        dir.resolve("stats.json").toString()));
        assertThat(refused.exitCode()).isEqualTo(2);
        assertThat(refused.output().lines())
                .singleElement()
                .asString()
                .startsWith("ERROR pocketapi: " + sentences.resolve("a.json")
                        + " (HITOKOTO_DIR): the sentence files would take more than ");
        refused.close();
        Files.delete(sentences.resolve("a.json"));
        try (JarProcess jar = JarProcess.start(List.of(), unit, env)) {
            // While running: the same file dropped in, then four files of 8 MB at once, each refused with a WARN.
            Files.writeString(sentences.resolve("b.json.tmp"), shortSentences(7 << 20));
            Files.move(sentences.resolve("b.json.tmp"), sentences.resolve("b.json"));
            assertThat(jar.awaitOutput("b.json (HITOKOTO_DIR): the sentence files would take", Duration.ofSeconds(30)))
                    .contains("sentence file b is not added");
            for (String name : List.of("c", "d", "e", "f")) {
                Files.writeString(sentences.resolve(name + ".json.tmp"), shortSentences((8 << 20) - 16));
            }
            for (String name : List.of("c", "d", "e", "f")) {
                Files.move(sentences.resolve(name + ".json.tmp"), sentences.resolve(name + ".json"));
            }
            assertThat(jar.awaitOutput("sentence file f is not added", Duration.ofSeconds(60)))
                    .contains(
                            "sentence file c is not added",
                            "sentence file d is not added",
                            "sentence file e is not added");
            assertThat(jar.process().isAlive()).isTrue();
            assertThat(jar.get("/api/hitokoto?c=i").statusCode()).isEqualTo(200);
            System.out.printf(
                    "HITOKOTO_DIR with five refused files of 7-8 MB at %s: %.1f MB of heap in use after a full GC%n",
                    unit, jar.heapAfterGc() / 1e6);
        }
    }

    @Test
    void region_files_past_their_bounds_are_refused_at_the_units_heap_and_every_region_answers_as_before()
            throws Exception {
        List<String> unit = JarProcess.unitFlags();
        try (Mirror mirror = new Mirror()) {
            // Macau: two events of half a megabyte of summary over the same 32 days (it ran the heap out, exit 3).
            StringBuilder folded = new StringBuilder();
            for (int i = 0; i < 2_000; i++) {
                folded.append(i == 0 ? "" : "\r\n ").append("中".repeat(80));
            }
            String event = "BEGIN:VEVENT\r\nDTSTART;VALUE=DATE:20271201\r\nDTEND;VALUE=DATE:20280101\r\nSUMMARY:"
                    + folded + "\r\nEND:VEVENT\r\n";
            mirror.publish("mo/holidays.ics", "BEGIN:VCALENDAR\r\n" + event + event + "END:VCALENDAR\r\n");
            // Hong Kong: names of 55 KB. Taiwan: a file for 2027 naming 2024-06-03 and 9999-12-31.
            mirror.publish("hk/tc.json", "[{\"name\":\"" + "假".repeat(55 * 1024 / 3) + "\",\"date\":\"2027-01-01\"}]");
            mirror.publish(
                    "tw/2027.json",
                    "[{\"date\":\"20240603\",\"week\":\"一\",\"isHoliday\":true,\"description\":\"端午節\"},"
                            + "{\"date\":\"99991231\",\"week\":\"五\",\"isHoliday\":true,\"description\":\"x\"}]");
            Map<String, String> env = Map.of(
                    "MO_UPDATE_URL",
                    mirror.base() + "/mo/holidays.ics",
                    "HK_UPDATE_URL",
                    mirror.base() + "/hk/tc.json",
                    "TW_UPDATE_URL",
                    mirror.base() + "/tw",
                    "STATS_FILE",
                    dir.resolve("stats.json").toString(),
                    "HOLIDAY_CACHE_DIR",
                    dir.resolve("holidays").toString());
            try (JarProcess jar = JarProcess.start(List.of(), unit, env)) {
                for (String region : List.of("mo", "hk", "tw")) {
                    assertThat(jar.get("/api/holidays?region=" + region).statusCode())
                            .isEqualTo(200);
                }
                String log =
                        jar.awaitOutput("tw/2027.json: refused", Duration.ofSeconds(60)); // the last region of a round
                assertThat(log)
                        .contains(
                                "mo/holidays.ics: refused: a line of more than 1000 characters",
                                "hk/tc.json: refused: a text of more than 16384 characters",
                                "tw/2027.json: refused: lists 2024-06-03, outside 2027");
                assertThat(jar.process().isAlive()).isTrue();
                assertThat(jar.get("/api/holidays?region=tw&y=2024&m=6&d=3&type=pithy")
                                .body())
                        .isEqualTo("flase");
                assertThat(jar.get("/api/holidays.ics?region=tw").statusCode()).isEqualTo(200);
                assertThat(jar.get("/api/holidays?region=mo&y=2027&m=12&d=1&type=pithy")
                                .body())
                        .isEqualTo("flase");
                System.out.printf(
                        "three refused region files at %s: %.1f MB of heap in use after a full GC%n",
                        unit, jar.heapAfterGc() / 1e6);
            }
        }
    }

    @Test
    void a_portrait_pool_whose_first_line_is_2_mb_serves_twelve_clients_from_its_other_entries_at_the_units_heap()
            throws Exception {
        List<String> unit = JarProcess.unitFlags();
        // Inside the 4 MB a pool file may have: it was one entry of 2 MB, each request copying it several times, and
        // twelve clients ran the heap out (exit 3) after 19 answers.
        Path portrait = Files.writeString(dir.resolve("portrait.txt"), "x".repeat(2 << 20) + "\np/1.jpg\np/2.jpg\n");
        Path landscape = Files.writeString(dir.resolve("landscape.txt"), "l/1.jpg\n");
        Map<String, String> env = Map.of(
                "IMAGE_HOST",
                "https://img.example.com",
                "IMAGE_POOL_PORTRAIT",
                portrait.toString(),
                "IMAGE_POOL_LANDSCAPE",
                landscape.toString(),
                "STATS_FILE",
                dir.resolve("stats.json").toString());
        try (JarProcess jar = JarProcess.start(List.of(), unit, env)) {
            ExecutorService clients = Executors.newFixedThreadPool(12);
            try {
                CyclicBarrier together = new CyclicBarrier(12);
                List<Future<Set<String>>> answers = new ArrayList<>();
                for (int c = 0; c < 12; c++) {
                    answers.add(clients.submit(() -> {
                        // A client of its own each: one client reads all its connections through one thread, and so
                        // never has twelve answers under way.
                        HttpClient client = HttpClient.newBuilder()
                                .version(HttpClient.Version.HTTP_1_1)
                                .build();
                        HttpRequest request = HttpRequest.newBuilder(URI.create(jar.origin() + "/img/pe?type=url"))
                                .timeout(Duration.ofSeconds(30))
                                .build();
                        together.await();
                        Set<String> links = new HashSet<>();
                        for (int i = 0; i < 20; i++) {
                            HttpResponse<String> answer = client.send(request, HttpResponse.BodyHandlers.ofString());
                            assertThat(answer.statusCode()).isEqualTo(200);
                            links.add(answer.body());
                        }
                        return links;
                    }));
                }
                Set<String> links = new HashSet<>();
                for (Future<Set<String>> some : answers) {
                    links.addAll(some.get());
                }
                assertThat(jar.process().isAlive()).isTrue();
                assertThat(links)
                        .isSubsetOf(
                                "https://img.example.com/d/image/p/1.jpg", "https://img.example.com/d/image/p/2.jpg");
            } finally {
                clients.shutdownNow();
            }
            assertThat(jar.output()).contains(portrait + ", line 1: an entry longer than 2048 characters left out");
        }
    }
}
