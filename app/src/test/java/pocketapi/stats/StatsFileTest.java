package pocketapi.stats;

import pocketapi.stats.Counters.Report;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.time.LocalDate;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import pocketapi.LogCapture;
import pocketapi.MutableClock;
import pocketapi.util.Disk;

/** The counters' files as an operator meets them: what they hold, what a save writes, what a start reads. */
class StatsFileTest {
    private static final long MAY_1 = LocalDate.of(2026, 5, 1).toEpochDay();
    private final MutableClock clock = new MutableClock("2026-05-01T03:00:00Z");

    @TempDir
    Path dir;

    private Path file() {
        return dir.resolve("stats.json");
    }

    private UsageCounters counters;

    private StatsFlusher open() {
        counters = new UsageCounters(clock, 100_000, 1);
        return new StatsFlusher(Disk.LOCAL, file(), clock, Duration.ofSeconds(10), counters, null);
    }

    private static String read(Path path) throws Exception {
        return Files.readString(path);
    }

    @Test
    void the_counters_file_is_json_a_person_can_read_one_user_per_line() throws Exception {
        StatsFlusher flusher = open();
        counters.record("203.0.113.7");
        counters.record("unknown");
        counters.record("203.0.113.7");
        assertThat(flusher.stop()).isTrue();
        assertThat(read(file())).isEqualTo("""
                {"format":"pocketapi-stats/3","instance":"%s",
                "site":[3,3,"2026-05-01"],"users":[
                ["unknown",1,1,"2026-05-01"],
                ["203.0.113.7",2,2,"2026-05-01"]
                ]}
                """.formatted(flusher.instance()));
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(file()))).isEqualTo("rw-------");
    }

    @Test
    void a_save_appends_one_line_with_the_new_values_of_what_changed_and_nothing_when_nothing_did() throws Exception {
        StatsFlusher flusher = open();
        counters.record("a");
        counters.record("b");
        assertThat(flusher.save(false)).isTrue();  // the first save after a start is whole
        counters.record("b");
        assertThat(flusher.save(false)).isTrue();
        assertThat(read(dir.resolve("stats.json.log")))
                .isEqualTo("{\"site\":[3,3,\"2026-05-01\"],\"users\":[[\"b\",2,2,\"2026-05-01\"]]}\n");
        long before = Files.size(dir.resolve("stats.json.log"));
        assertThat(flusher.save(false)).isTrue();
        assertThat(Files.size(dir.resolve("stats.json.log"))).isEqualTo(before);
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(dir.resolve("stats.json.log"))))
                .isEqualTo("rw-------");
    }

    @Test
    void a_save_of_500_calls_among_100000_users_of_128_characters_writes_far_less_than_256_kb() throws Exception {
        StatsFlusher flusher = open();
        for (int i = 0; i < 100_000; i++) {
            counters.record(String.format("%0128d", i));
        }
        assertThat(flusher.save(true)).isTrue();
        long t0 = System.nanoTime();
        assertThat(flusher.save(true)).isTrue();  // the second: the JIT has seen the code once
        long whole = System.nanoTime() - t0;
        Random random = new Random(1);
        for (int i = 0; i < 500; i++) {
            counters.record(String.format("%0128d", random.nextInt(100_000)));
        }
        t0 = System.nanoTime();
        assertThat(flusher.save(false)).isTrue();
        long line = System.nanoTime() - t0;
        long written = Files.size(dir.resolve("stats.json.log"));
        System.out.printf("100,000 users of 128 characters: a whole save %.1f MB in %d ms; a save of 500 calls %,d bytes "
                + "in %d ms%n", Files.size(file()) / 1e6, whole / 1_000_000, written, line / 1_000_000);
        assertThat(written).isLessThan(256 * 1024);
    }

    @Test
    void a_start_reads_the_file_and_every_log_line_and_counts_on_from_there() throws Exception {
        StatsFlusher flusher = open();
        counters.record("a");
        flusher.save(false);
        counters.record("a");
        counters.record("b");
        flusher.save(false);  // a crash now: no whole save at stop
        open();
        assertThat(counters.record("a")).isEqualTo(new Report(LocalDate.of(2026, 5, 1), "a", 4, 4, 3, 3));
    }

    @Test
    void a_last_line_cut_short_by_a_crash_is_dropped_and_the_rest_read() throws Exception {
        StatsFlusher flusher = open();
        counters.record("a");
        flusher.save(false);
        counters.record("a");
        flusher.save(false);
        Files.writeString(dir.resolve("stats.json.log"), "{\"site\":[9,9,\"2026-05-01\"],\"users\":[[\"a\",9",
                java.nio.file.StandardOpenOption.APPEND);
        try (LogCapture log = new LogCapture()) {
            open();
            assertThat(counters.site()).isEqualTo(new Tally(2, 2, MAY_1));
            assertThat(counters.user("a")).isEqualTo(new Tally(2, 2, MAY_1));
            assertThat(log.lines()).noneMatch(l -> l.contains("WARN") || l.contains("ERROR"));
        }
    }

    @Test
    void a_damaged_line_is_skipped_with_a_warning_and_the_log_kept_aside_at_the_next_save() throws Exception {
        StatsFlusher flusher = open();
        counters.record("a");
        flusher.save(false);
        counters.record("b");
        flusher.save(false);
        Path log = dir.resolve("stats.json.log");
        Files.writeString(log, "{\"site\":[7,\u0000" + read(log).substring(10));
        counters.record("c");
        flusher.save(false);
        try (LogCapture warnings = new LogCapture()) {
            flusher = open();
            assertThat(counters.site()).isEqualTo(new Tally(3, 3, MAY_1));
            assertThat(counters.user("b")).isEqualTo(Tally.ZERO);  // its only line is the damaged one
            assertThat(warnings.linesWith("1 line(s) of " + log + " cannot be read")).hasSize(1);
            counters.record("d");
            assertThat(flusher.save(false)).isTrue();
            assertThat(warnings.linesWith("kept aside as " + log + ".corrupt-20260501T030000Z")).hasSize(1);
        }
    }

    @Test
    void a_damaged_counters_file_is_kept_aside_and_the_bak_and_logs_hold_all_it_held() throws Exception {
        StatsFlusher flusher = open();
        for (String user : List.of("a", "b", "a", "c")) {
            counters.record(user);
            flusher.save(false);
        }
        flusher.save(true);
        counters.record("d");
        flusher.save(false);
        String damaged = "¯\\_(ツ)_/¯ not JSON";
        Files.writeString(file(), damaged);
        try (LogCapture log = new LogCapture()) {
            open();
            assertThat(counters.site()).isEqualTo(new Tally(5, 5, MAY_1));
            assertThat(counters.user("a")).isEqualTo(new Tally(2, 2, MAY_1));
            assertThat(log.linesWith("cannot read the counters in " + file())).hasSize(1);
        }
        assertThat(read(dir.resolve("stats.json.corrupt-20260501T030000Z"))).isEqualTo(damaged);
    }

    @Test
    void a_starting_count_set_by_hand_in_the_file_is_counted_on_from() throws Exception {
        Files.writeString(file(), """
                {"format":"pocketapi-stats/3","instance":"0123456789abcdef",
                "site":[100000,0,"2026-04-30"],"users":[
                ]}
                """);
        open();
        assertThat(counters.record("a")).isEqualTo(new Report(LocalDate.of(2026, 5, 1), "a", 100_001, 1, 1, 1));
    }

    @Test
    void the_files_of_earlier_versions_are_read_and_gone_after_the_first_whole_save() throws Exception {
        Files.writeString(file(), """
                {"format":"pocketapi-stats/2","generation":3,"site":[10,2,"2026-05-01"],"users":[
                ["a",6,2,"2026-05-01"]
                ],"crc":"00000000"}
                """);
        Files.writeString(dir.resolve("stats.json.journal"),
                "{\"g\":3,\"site\":[12,4,\"2026-05-01\"],\"users\":[[\"b\",2,2,\"2026-05-01\"]],\"crc\":\"1a2b3c4d\"}\n");
        Files.writeString(dir.resolve("stats.json.bak"), """
                {"format":"pocketapi-stats/1","site":{"total":8,"daily":0,"date":"2026-04-30"},
                 "users":[{"id":"c","total":3,"daily":0,"date":"2026-04-30"}]}
                """);
        StatsFlusher flusher = open();
        assertThat(counters.site()).isEqualTo(new Tally(12, 4, MAY_1));
        assertThat(counters.user("a")).isEqualTo(new Tally(6, 2, MAY_1));
        assertThat(counters.user("b")).isEqualTo(new Tally(2, 2, MAY_1));
        assertThat(counters.user("c")).isEqualTo(new Tally(3, 0, MAY_1 - 1));
        counters.record("a");
        assertThat(flusher.save(false)).isTrue();
        try (Stream<Path> files = Files.list(dir)) {
            assertThat(files.map(p -> p.getFileName().toString())).containsExactlyInAnyOrder("stats.json", "stats.json.bak");
        }
        assertThat(read(file())).startsWith("{\"format\":\"pocketapi-stats/3\"").contains("\"site\":[13,5,\"2026-05-01\"]");
    }

    @Test
    void a_symbolic_link_planted_as_a_counters_file_is_never_followed() throws Exception {
        Path target = Files.writeString(dir.resolve("elsewhere.txt"), "not yours");
        StatsFlusher flusher = open();
        counters.record("a");
        assertThat(flusher.save(true)).isTrue();
        Files.createSymbolicLink(dir.resolve("stats.json.log"), target);
        counters.record("a");
        try (LogCapture log = new LogCapture()) {
            assertThat(flusher.save(false)).isFalse();  // appending through the link is refused
            assertThat(log.linesWith("cannot save the counters to " + file())).hasSize(1);
        }
        assertThat(flusher.save(false)).isTrue();  // a whole save moves the link out of the way
        assertThat(read(target)).isEqualTo("not yours");
        assertThat(Files.isSymbolicLink(file())).isFalse();
    }

    @Test
    void a_file_that_can_neither_be_read_nor_moved_aside_is_never_overwritten() throws Exception {
        CrashDisk disk = new CrashDisk(new Random(1));
        Path path = Path.of("/state/stats.json");
        disk.put(path, "garbage");
        disk.failIn(1);  // the move aside fails
        try (LogCapture log = new LogCapture()) {
            UsageCounters c = new UsageCounters(clock, 10, 1);
            StatsFlusher flusher = new StatsFlusher(disk, path, clock, Duration.ofSeconds(10), c, null);
            c.record("a");
            assertThat(flusher.save(true)).isFalse();
            assertThat(disk.text(path)).isEqualTo("garbage");
            assertThat(log.linesWith("counters are NOT saved until it is moved away by hand")).hasSize(1);
        }
    }
}
