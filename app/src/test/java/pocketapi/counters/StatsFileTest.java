package pocketapi.counters;

import static org.assertj.core.api.Assertions.assertThat;
import static pocketapi.counters.LocalCountersTest.KEYS;
import static pocketapi.web.Family.HOLIDAYS;

import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.time.LocalDate;
import java.util.Arrays;
import java.util.Base64;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import org.apache.datasketches.hll.HllSketch;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import pocketapi.LogCapture;
import pocketapi.MutableClock;
import pocketapi.counters.Counters.Report;
import pocketapi.files.Disk;
import pocketapi.web.Family;

/** The counters' files as an operator meets them: what they hold, what a save writes, what a start reads. */
class StatsFileTest {
    private static final long MAY_1 = LocalDate.of(2026, 5, 1).toEpochDay();
    private final MutableClock clock = new MutableClock("2026-05-01T03:00:00Z");

    @TempDir
    Path dir;

    private Path file() {
        return dir.resolve("stats.json");
    }

    private LocalCounters counters;

    private StatsFlusher open() {
        return open(100_000);
    }

    private StatsFlusher open(int maxUsers) {
        counters = new LocalCounters(clock, KEYS, maxUsers, 400, 1);
        return new StatsFlusher(Disk.LOCAL, file(), clock, Duration.ofSeconds(10), 90, counters, null);
    }

    private void call(String user) {
        counters.countAndReport(user, HOLIDAYS);
    }

    private static String key(String user) {
        return UserKeys.hex(KEYS.of(user));
    }

    private static String read(Path path) throws Exception {
        return Files.readString(path);
    }

    @Test
    void the_counters_file_is_json_a_person_can_read_one_user_per_line() throws Exception {
        StatsFlusher flusher = open();
        call("203.0.113.7");
        call("unknown");
        call("203.0.113.7");
        assertThat(flusher.stop()).isTrue();
        // The day's visitors: a HyperLogLog sketch of the two users' keyed hashes, as DataSketches writes it.
        HllSketch visitors = new HllSketch(VisitorSketches.LG_K, VisitorSketches.TYPE);
        visitors.update(KEYS.of("203.0.113.7"));
        visitors.update(KEYS.of("unknown"));
        String sketch = Base64.getEncoder().encodeToString(visitors.toCompactByteArray());
        assertThat(read(file()))
                .isEqualTo("""
                {"format":"pocketapi-stats/4",
                "instance":"%s",
                "site":[3,3,"2026-05-01"],
                "bots":[0,0,"1970-01-01"],
                "history":[
                ["2026-05-01",3,3,0,0,0,0,0]
                ],
                "visitors":[
                ["2026-05-01","%s"]
                ],
                "users":[
                ["%s",1,1,"2026-05-01",1],
                ["%s",2,2,"2026-05-01",1]
                ]}
                """.formatted(flusher.instance(), sketch, key("unknown"), key("203.0.113.7")));
        assertThat(read(file())).doesNotContain("203.0.113.7");
        // Nor does the sketch hold a user's keyed hash: only registers made from a hash of it.
        byte[] kept = Base64.getDecoder().decode(sketch);
        for (String user : List.of("203.0.113.7", "unknown")) {
            long key = KEYS.of(user);
            assertThat(contains(kept, ByteBuffer.allocate(8).putLong(key).array()))
                    .isFalse();
            assertThat(contains(
                            kept,
                            ByteBuffer.allocate(8)
                                    .putLong(Long.reverseBytes(key))
                                    .array()))
                    .isFalse();
        }
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(file())))
                .isEqualTo("rw-------");
    }

    @Test
    void a_save_appends_one_line_with_the_new_values_of_what_changed_and_nothing_when_nothing_did() throws Exception {
        StatsFlusher flusher = open();
        call("a");
        call("b");
        assertThat(flusher.save(false)).isTrue(); // the first save after a start is whole
        call("b");
        assertThat(flusher.save(false)).isTrue();
        assertThat(read(dir.resolve("stats.json.log")))
                .isEqualTo("{\"site\":[3,3,\"2026-05-01\"],\"history\":[[\"2026-05-01\","
                        + "3,3,0,0,0,0,0]],\"users\":[[\"" + key("b") + "\",2,2,\"2026-05-01\",1]]}\n");
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
            call(String.format("%0128d", i));
        }
        assertThat(flusher.save(true)).isTrue();
        long t0 = System.nanoTime();
        assertThat(flusher.save(true)).isTrue(); // the second: the JIT has seen the code once
        long whole = System.nanoTime() - t0;
        Random random = new Random(1);
        for (int i = 0; i < 500; i++) {
            call(String.format("%0128d", random.nextInt(100_000)));
        }
        t0 = System.nanoTime();
        assertThat(flusher.save(false)).isTrue();
        long line = System.nanoTime() - t0;
        long written = Files.size(dir.resolve("stats.json.log"));
        System.out.printf(
                "100,000 users of 128 characters: a whole save %.1f MB in %d ms; a save of 500 calls %,d bytes "
                        + "in %d ms%n",
                Files.size(file()) / 1e6, whole / 1_000_000, written, line / 1_000_000);
        assertThat(written).isLessThan(256 * 1024);
    }

    @Test
    void a_start_reads_the_file_and_every_log_line_and_counts_on_from_there() throws Exception {
        StatsFlusher flusher = open();
        call("a");
        flusher.save(false);
        call("a");
        call("b");
        flusher.save(false); // a crash now: no whole save at stop
        open();
        assertThat(counters.countAndReport("a", HOLIDAYS))
                .isEqualTo(new Report(LocalDate.of(2026, 5, 1), "a", 4, 4, 3, 3));
        assertThat(counters.history(1).get(0).site()).isEqualTo(4);
    }

    @Test
    void a_restart_across_utc8_midnight_keeps_each_days_history_exactly() throws Exception {
        clock.set("2026-05-01T15:59:58Z"); // 23:59:58 in UTC+8
        StatsFlusher flusher = open();
        call("a");
        counters.count("b", Family.PICTURES);
        flusher.save(false);
        call("a");
        flusher.save(true); // the stop's whole save
        clock.set("2026-05-01T16:00:03Z"); // 00:00:03 on 2 May
        flusher = open();
        counters.count("a", Family.INFO);
        flusher.save(false); // then a crash
        open();
        counters.count("c", Family.OTHER);
        assertThat(counters.history(2))
                .containsExactly(
                        new Counters.DayCount("2026-05-01", 3, 2, 1, 0, 0, 0, 0, 2),
                        new Counters.DayCount("2026-05-02", 2, 0, 0, 1, 1, 0, 0, 2));
        assertThat(counters.countAndReport("a", null)).isEqualTo(new Report(LocalDate.of(2026, 5, 2), "a", 5, 2, 3, 1));
    }

    @Test
    void a_last_line_cut_short_by_a_crash_is_dropped_and_the_rest_read() throws Exception {
        StatsFlusher flusher = open();
        call("a");
        flusher.save(false);
        call("a");
        flusher.save(false);
        Files.writeString(
                dir.resolve("stats.json.log"),
                "{\"site\":[9,9,\"2026-05-01\"],\"users\":[[\"" + key("a") + "\",9",
                java.nio.file.StandardOpenOption.APPEND);
        try (LogCapture log = new LogCapture()) {
            open();
            assertThat(counters.siteTally()).isEqualTo(new Tally(2, 2, MAY_1));
            assertThat(counters.user("a")).isEqualTo(new Tally(2, 2, MAY_1));
            assertThat(log.lines()).noneMatch(l -> l.contains("WARN") || l.contains("ERROR"));
        }
    }

    @Test
    void a_damaged_line_is_skipped_with_a_warning_and_the_log_kept_aside_at_the_next_save() throws Exception {
        StatsFlusher flusher = open();
        call("a");
        flusher.save(false);
        call("b");
        flusher.save(false);
        Path log = dir.resolve("stats.json.log");
        Files.writeString(log, "{\"site\":[7,\u0000" + read(log).substring(10));
        call("c");
        flusher.save(false);
        try (LogCapture warnings = new LogCapture()) {
            flusher = open();
            assertThat(counters.siteTally()).isEqualTo(new Tally(3, 3, MAY_1));
            assertThat(counters.user("b")).isEqualTo(Tally.ZERO); // its only line is the damaged one
            assertThat(warnings.linesWith("1 line(s) of " + log + " cannot be read"))
                    .hasSize(1);
            call("d");
            assertThat(flusher.save(false)).isTrue();
            assertThat(warnings.linesWith("kept aside as " + log + ".corrupt-20260501T030000Z"))
                    .hasSize(1);
        }
    }

    @Test
    void a_log_that_cannot_be_read_to_its_end_is_said_and_kept_aside_and_the_lines_before_count() throws Exception {
        CrashDisk disk = new CrashDisk(new Random(1));
        Path path = Path.of("/state/stats.json");
        Path log = Path.of("/state/stats.json.log");
        LocalCounters c = new LocalCounters(clock, KEYS, 10, 400, 1);
        StatsFlusher flusher = new StatsFlusher(disk, path, clock, Duration.ofSeconds(10), 90, c, null);
        for (String user : List.of("a", "b", "c")) { // a whole save, then a line each
            c.countAndReport(user, HOLIDAYS);
            assertThat(flusher.save(false)).isTrue();
        }
        disk.failReads(log, disk.text(log).indexOf('\n') + 1); // a bad sector after the first line
        try (LogCapture warnings = new LogCapture()) {
            LocalCounters again = new LocalCounters(clock, KEYS, 10, 400, 1);
            flusher = new StatsFlusher(disk, path, clock, Duration.ofSeconds(10), 90, again, null);
            assertThat(again.siteTally()).isEqualTo(new Tally(2, 2, MAY_1));
            assertThat(warnings.linesWith("cannot read " + log + " past its line 2 (Input/output error)"))
                    .hasSize(1);
            assertThat(flusher.save(false)).isTrue();
            assertThat(warnings.linesWith("kept aside as " + log + ".corrupt-20260501T030000Z"))
                    .hasSize(1);
        }
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(
            strings = {
                "\"instance\":{\"site\":[99,0,\"2026-05-01\"]}",
                "\"history\":[{\"site\":[99,0,\"2026-05-01\"]}]",
                "\"users\":[{\"site\":[99,0,\"2026-05-01\"]}]"
            })
    void a_file_with_an_object_where_a_text_or_a_row_belongs_is_refused_and_adds_nothing_of_it(String field)
            throws Exception {
        Files.writeString(dir.resolve("stats.json.bak"), """
                {"format":"pocketapi-stats/4","instance":"0123456789abcdef","site":[2,2,"2026-05-01"]}
                """);
        Files.writeString(file(), "{\"format\":\"pocketapi-stats/4\"," + field + ",\"site\":[3,3,\"2026-05-01\"]}\n");
        try (LogCapture log = new LogCapture()) {
            open();
            assertThat(counters.siteTally()).isEqualTo(new Tally(2, 2, MAY_1));
            assertThat(log.linesWith("cannot read the counters in " + file())).hasSize(1);
        }
    }

    @Test
    void a_damaged_counters_file_is_kept_aside_and_the_bak_and_logs_hold_all_it_held() throws Exception {
        StatsFlusher flusher = open();
        for (String user : List.of("a", "b", "a", "c")) {
            call(user);
            flusher.save(false);
        }
        flusher.save(true);
        call("d");
        flusher.save(false);
        String damaged = "¯\\_(ツ)_/¯ not JSON";
        Files.writeString(file(), damaged);
        try (LogCapture log = new LogCapture()) {
            open();
            assertThat(counters.siteTally()).isEqualTo(new Tally(5, 5, MAY_1));
            assertThat(counters.user("a")).isEqualTo(new Tally(2, 2, MAY_1));
            assertThat(log.linesWith("cannot read the counters in " + file())).hasSize(1);
        }
        assertThat(read(dir.resolve("stats.json.corrupt-20260501T030000Z"))).isEqualTo(damaged);
    }

    @Test
    void a_starting_count_set_by_hand_in_the_file_is_counted_on_from() throws Exception {
        Files.writeString(file(), """
                {"format":"pocketapi-stats/4","instance":"0123456789abcdef",
                "site":[100000,0,"2026-04-30"],"users":[
                ]}
                """);
        open();
        assertThat(counters.countAndReport("a", HOLIDAYS))
                .isEqualTo(new Report(LocalDate.of(2026, 5, 1), "a", 100_001, 1, 1, 1));
    }

    @Test
    void the_first_releases_files_are_read_their_ids_hashed_and_after_the_first_whole_save_no_file_holds_an_id()
            throws Exception {
        Files.writeString(file(), """
                {"format":"pocketapi-stats/3","instance":"0123456789abcdef",
                "site":[10,2,"2026-05-01"],"users":[
                ["203.0.113.7",6,2,"2026-05-01"]
                ]}
                """);
        Files.writeString(
                dir.resolve("stats.json.log"),
                "{\"site\":[12,4,\"2026-05-01\"],\"users\":[[\"b\",2,2,\"2026-05-01\"]]}\n");
        Files.writeString(dir.resolve("stats.json.bak"), """
                {"format":"pocketapi-stats/3","instance":"0123456789abcdef",
                "site":[8,0,"2026-04-30"],"users":[
                ["c",3,0,"2026-04-30"]
                ]}
                """);
        StatsFlusher flusher = open();
        assertThat(flusher.instance()).isEqualTo("0123456789abcdef");
        assertThat(counters.siteTally()).isEqualTo(new Tally(12, 4, MAY_1));
        assertThat(counters.user("203.0.113.7")).isEqualTo(new Tally(6, 2, MAY_1));
        assertThat(counters.user("b")).isEqualTo(new Tally(2, 2, MAY_1));
        assertThat(counters.user("c")).isEqualTo(new Tally(3, 0, MAY_1 - 1));
        call("b");
        assertThat(flusher.save(false)).isTrue();
        try (Stream<Path> files = Files.list(dir)) {
            assertThat(files.map(p -> p.getFileName().toString()))
                    .containsExactlyInAnyOrder("stats.json", "stats.json.bak");
        }
        for (String name : List.of("stats.json", "stats.json.bak")) {
            assertThat(read(dir.resolve(name)))
                    .startsWith("{\"format\":\"pocketapi-stats/4\"")
                    .contains("\"site\":[13,5,\"2026-05-01\"]")
                    .doesNotContain("203.0.113.7")
                    .doesNotContain("\"b\"");
        }
    }

    @Test
    void a_file_of_a_version_before_1_0_0_is_refused_with_one_line_naming_it() throws Exception {
        Files.writeString(file(), """
                {"format":"pocketapi-stats/2","generation":3,"site":[10,2,"2026-05-01"],"users":[],"crc":"00000000"}
                """);
        Files.writeString(dir.resolve("stats.json.journal"), "{\"g\":3}\n");
        try (LogCapture log = new LogCapture()) {
            open();
            assertThat(counters.siteTally()).isEqualTo(Tally.ZERO);
            assertThat(log.linesWith("a counters file of a version before 1.0.0 (pocketapi-stats/2)"))
                    .hasSize(1);
            assertThat(log.linesWith(dir.resolve("stats.json.journal") + " is a file of a version before 1.0.0"))
                    .hasSize(1);
        }
    }

    @Test
    void a_file_of_more_users_than_the_bound_keeps_the_most_recently_seen_and_the_site_exact() throws Exception {
        StatsFlusher flusher = open(30_000);
        for (int i = 0; i < 30_000; i++) {
            call("id-" + i);
        }
        assertThat(flusher.stop()).isTrue();
        open(10_000);
        assertThat(counters.size()).isEqualTo(10_000);
        assertThat(counters.siteTally().total()).isEqualTo(30_000);
        assertThat(counters.user("id-29999").total()).isEqualTo(1);
        assertThat(counters.user("id-20000").total()).isEqualTo(1);
        assertThat(counters.user("id-19999")).isEqualTo(Tally.ZERO);
    }

    @Test
    void users_not_seen_for_the_days_kept_are_gone_from_the_next_save() throws Exception {
        StatsFlusher flusher = open();
        call("old");
        assertThat(flusher.save(true)).isTrue();
        clock.set("2026-08-01T03:00:00Z");
        call("new");
        assertThat(flusher.save(true)).isTrue();
        assertThat(read(file())).doesNotContain(key("old")).contains(key("new"));
    }

    @Test
    void a_symbolic_link_planted_as_a_counters_file_is_never_followed() throws Exception {
        Path target = Files.writeString(dir.resolve("elsewhere.txt"), "not yours");
        StatsFlusher flusher = open();
        call("a");
        assertThat(flusher.save(true)).isTrue();
        Files.createSymbolicLink(dir.resolve("stats.json.log"), target);
        call("a");
        try (LogCapture log = new LogCapture()) {
            assertThat(flusher.save(false)).isFalse(); // appending through the link is refused
            assertThat(log.linesWith("cannot save the counters to " + file())).hasSize(1);
        }
        assertThat(flusher.save(false)).isTrue(); // a whole save moves the link out of the way
        assertThat(read(target)).isEqualTo("not yours");
        assertThat(Files.isSymbolicLink(file())).isFalse();
    }

    @Test
    void a_file_that_can_neither_be_read_nor_moved_aside_is_never_overwritten() throws Exception {
        CrashDisk disk = new CrashDisk(new Random(1));
        Path path = Path.of("/state/stats.json");
        disk.put(path, "garbage");
        disk.failIn(1); // the move aside fails
        try (LogCapture log = new LogCapture()) {
            LocalCounters c = new LocalCounters(clock, KEYS, 10, 400, 1);
            StatsFlusher flusher = new StatsFlusher(disk, path, clock, Duration.ofSeconds(10), 90, c, null);
            c.countAndReport("a", HOLIDAYS);
            assertThat(flusher.save(true)).isFalse();
            assertThat(disk.text(path)).isEqualTo("garbage");
            assertThat(log.linesWith("counters are NOT saved until it is moved away by hand"))
                    .hasSize(1);
        }
    }

    @Test
    void at_the_user_bound_a_start_keeps_the_users_of_the_last_save_not_those_of_the_backup_before_it()
            throws Exception {
        StatsFlusher flusher = open(2);
        call("a");
        call("b");
        assertThat(flusher.stop()).isTrue();
        flusher = open(2);
        call("c");
        call("d"); // a and b, least recently seen, make room: the save holds c and d, the backup a and b
        assertThat(flusher.stop()).isTrue();
        assertThat(dir.resolve("stats.json.bak")).exists();
        open(2);
        assertThat(List.of("a", "b", "c", "d").stream()
                        .map(u -> counters.user(u).total())
                        .toList())
                .isEqualTo(List.of(0L, 0L, 1L, 1L));
    }

    /** Whether {@code bytes} holds {@code part} anywhere. */
    static boolean contains(byte[] bytes, byte[] part) {
        for (int i = 0; i + part.length <= bytes.length; i++) {
            if (Arrays.equals(bytes, i, i + part.length, part, 0, part.length)) {
                return true;
            }
        }
        return false;
    }
}
