package pocketapi.stats;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Random;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import pocketapi.LogCapture;
import pocketapi.MutableClock;

/**
 * Saves proportional to what changed: a journal line per save of the counters that changed, a
 * full save when the journal outgrows the counters file; and what a crash leaves behind.
 */
class StatsJournalTest {
    @TempDir
    Path dir;

    private final MutableClock clock = new MutableClock("2026-05-01T03:00:00Z");

    private StatsStore store() {
        return new StatsStore(dir.resolve("stats.json"), clock);
    }

    /** What a restart would count from. */
    private UsageCounters reloaded(int maxUsers) {
        return new UsageCounters(clock, maxUsers, store().load().orElseThrow());
    }

    private static void assertSame(UsageCounters a, UsageCounters b) {
        UsageCounters.Snapshot x = a.snapshot();
        UsageCounters.Snapshot y = b.snapshot();
        assertThat(y.site()).isEqualTo(x.site());
        java.util.Map<String, UsageCounters.Tally> expected = new java.util.HashMap<>();
        for (int i = 0; i < x.users().length; i++) {
            expected.put(x.users()[i], x.tallies()[i]);
        }
        java.util.Map<String, UsageCounters.Tally> actual = new java.util.HashMap<>();
        for (int i = 0; i < y.users().length; i++) {
            actual.put(y.users()[i], y.tallies()[i]);
        }
        assertThat(actual).isEqualTo(expected);
    }

    @Test
    void with_100000_users_and_50_calls_a_second_a_save_writes_kilobytes_not_the_whole_table() throws Exception {
        UsageCounters counters = new UsageCounters(clock, 100_000);
        StatsFlusher flusher = new StatsFlusher(counters, store(), Duration.ofSeconds(10));
        for (int i = 0; i < 100_000; i++) {
            counters.record("198.51." + (i / 256) + "." + (i % 256));
        }
        assertThat(flusher.flush()).isTrue();  // the first save is a full one
        long full = Files.size(dir.resolve("stats.json"));
        Random random = new Random(7);
        long most = 0;
        for (int flush = 0; flush < 6; flush++) {
            for (int call = 0; call < 500; call++) {  // 50 calls a second for 10 s, from users already known
                int i = random.nextInt(100_000);
                counters.record("198.51." + (i / 256) + "." + (i % 256));
            }
            long before = Files.exists(dir.resolve("stats.json.journal")) ? Files.size(dir.resolve("stats.json.journal")) : 0;
            assertThat(flusher.flush()).isTrue();
            most = Math.max(most, Files.size(dir.resolve("stats.json.journal")) - before);
        }
        System.out.printf("100,000 users, 500 calls between saves: a full save writes %d bytes, a save now at most %d%n",
                full, most);
        assertThat(full).isGreaterThan(3_000_000);
        assertThat(most).isLessThanOrEqualTo(256 * 1024);
        assertThat(Files.size(dir.resolve("stats.json"))).isEqualTo(full);  // untouched since
        assertSame(counters, reloaded(100_000));
    }

    @Test
    void the_journal_is_folded_into_the_counters_file_once_it_outgrows_it_and_at_stop() throws Exception {
        UsageCounters counters = new UsageCounters(clock, 1_000);
        StatsStore store = new StatsStore(dir.resolve("stats.json"), clock, LocalDisk.INSTANCE, 64 * 1024);  // a full save past 64 KB
        StatsFlusher flusher = new StatsFlusher(counters, store, Duration.ofSeconds(10));
        counters.record("a");
        flusher.flush();
        int saves = 0;
        while (!store.journalFull()) {
            for (int i = 0; i < 300; i++) {
                counters.record("user-" + (saves * 300 + i) % 1_000);
            }
            flusher.flush();
            saves++;
        }
        long journal = Files.size(dir.resolve("stats.json.journal"));
        assertThat(journal).isGreaterThan(Math.max(64 * 1024, Files.size(dir.resolve("stats.json"))));
        counters.record("b");
        flusher.flush();  // a full save: the journal starts again
        assertThat(Files.exists(dir.resolve("stats.json.journal"))).isFalse();
        assertThat(dir.resolve("stats.json.journal.bak")).exists();
        counters.record("c");
        flusher.flush();
        assertThat(Files.size(dir.resolve("stats.json.journal"))).isLessThan(1_000);
        flusher.close();
        assertThat(Files.exists(dir.resolve("stats.json.journal"))).isFalse();
        assertSame(counters, reloaded(1_000));
    }

    @Test
    void a_kill_9_between_journal_saves_and_before_a_full_save_loses_nothing_saved() throws Exception {
        UsageCounters counters = new UsageCounters(clock, 100);
        StatsFlusher flusher = new StatsFlusher(counters, store(), Duration.ofSeconds(10));
        counters.record("a");
        flusher.flush();
        for (int i = 0; i < 5; i++) {
            counters.record("b");
            counters.record("a");
            flusher.flush();
        }
        // The process dies here: no close(), no full save. The next start reads file + journal.
        assertSame(counters, reloaded(100));
        assertThat(reloaded(100).record("a").userTotal()).isEqualTo(7);
    }

    @Test
    void a_crash_between_a_full_save_and_the_journal_rotation_never_reads_older_lines_onto_newer_counters()
            throws Exception {
        UsageCounters counters = new UsageCounters(clock, 100);
        StatsStore store = store();
        StatsFlusher flusher = new StatsFlusher(counters, store, Duration.ofSeconds(10));
        counters.record("a");
        flusher.flush();
        counters.record("a");
        flusher.flush();  // journal: a = 2
        Path journal = dir.resolve("stats.json.journal");
        byte[] oldLines = Files.readAllBytes(journal);
        counters.record("a");
        counters.record("a");
        store.save(counters.snapshot());  // full save: a = 4, journal rotated
        Files.write(journal, oldLines);  // as if the crash came before the rotation
        assertThat(reloaded(100).snapshot().tallies()[0].total()).isEqualTo(4);
    }

    @Test
    void a_journal_line_cut_short_by_a_crash_is_ignored_and_the_lines_before_it_count() throws Exception {
        UsageCounters counters = new UsageCounters(clock, 100);
        StatsFlusher flusher = new StatsFlusher(counters, store(), Duration.ofSeconds(10));
        counters.record("a");
        flusher.flush();
        counters.record("a");
        flusher.flush();
        counters.record("a");
        flusher.flush();
        Path journal = dir.resolve("stats.json.journal");
        try (RandomAccessFile f = new RandomAccessFile(journal.toFile(), "rw")) {
            f.setLength(f.length() - 7);  // the last line, half written
        }
        try (LogCapture log = new LogCapture()) {
            assertThat(reloaded(100).snapshot().tallies()[0].total()).isEqualTo(2);
            assertThat(log.linesWith("its last record is incomplete (a save cut short by a crash) and is ignored"))
                    .hasSize(1);
        }
        assertThat(journal).exists();  // a torn tail is no corruption: nothing set aside
    }

    @Test
    void a_damaged_record_is_skipped_and_never_hides_the_records_after_it() throws Exception {
        UsageCounters counters = new UsageCounters(clock, 100);
        StatsFlusher flusher = new StatsFlusher(counters, store(), Duration.ofSeconds(10));
        counters.record("a");
        flusher.flush();
        for (int i = 0; i < 3; i++) {
            counters.record("a");
            counters.record("b" + i);
            flusher.flush();
        }
        Path journal = dir.resolve("stats.json.journal");
        java.util.List<String> lines = Files.readAllLines(journal);
        lines.set(1, lines.get(1).replace("\"b1\",1,1", "\"b1\",9,1"));  // a bad sector: the check fails
        Files.write(journal, lines);
        try (LogCapture log = new LogCapture()) {
            UsageCounters back = reloaded(100);
            assertThat(back.record("a").userTotal()).isEqualTo(5);  // the record after the damaged one counts
            assertThat(back.record("b2").userTotal()).isEqualTo(2);
            assertThat(back.record("b1").userTotal()).as("only in the damaged record").isEqualTo(1);
            assertThat(log.linesWith("1 damaged record skipped")).hasSize(1);
        }
        assertThat(journal).exists();
    }

    @Test
    void a_torn_journal_bak_never_hides_the_live_journal() throws Exception {
        // The reproduction: a last line cut short by a power cut is moved to .journal.bak by the
        // next full save; a crash before the following full save must still find the live journal.
        UsageCounters counters = new UsageCounters(clock, 100);
        StatsFlusher flusher = new StatsFlusher(counters, store(), Duration.ofSeconds(10));
        for (int i = 0; i < 6; i++) {
            counters.record("a");
        }
        flusher.flush();
        counters.record("a");
        flusher.flush();
        Path journal = dir.resolve("stats.json.journal");
        try (RandomAccessFile f = new RandomAccessFile(journal.toFile(), "rw")) {
            f.setLength(f.length() - 7);  // run 1 ends with a torn line
        }
        UsageCounters run2 = reloaded(100);
        StatsFlusher flusher2 = new StatsFlusher(run2, store(), Duration.ofSeconds(10));
        for (int i = 0; i < 20; i++) {
            run2.record("a");
        }
        flusher2.flush();  // the first save is a full one: the torn journal becomes .journal.bak
        assertThat(dir.resolve("stats.json.journal.bak")).exists();
        run2.record("a");
        flusher2.flush();  // a journal record
        // Run 2 dies here (kill -9, or ExitOnOutOfMemoryError).
        assertThat(reloaded(100).record("a").userTotal()).isEqualTo(28);
    }

    @Test
    void losing_the_counters_file_after_a_full_save_loses_nothing() throws Exception {
        UsageCounters counters = new UsageCounters(clock, 100);
        StatsFlusher flusher = new StatsFlusher(counters, store(), Duration.ofSeconds(10));
        counters.record("a");
        flusher.flush();  // generation 1
        counters.record("b");
        flusher.flush();  // a journal record
        counters.record("c");
        flusher.stop();  // generation 2: what changed since the record is journaled first
        Files.delete(dir.resolve("stats.json"));
        assertSame(counters, reloaded(100));
    }

    @Test
    void every_counters_file_is_owner_only_and_a_planted_link_is_refused() throws Exception {
        UsageCounters counters = new UsageCounters(clock, 100);
        StatsFlusher flusher = new StatsFlusher(counters, store(), Duration.ofSeconds(10));
        counters.record("a");
        flusher.flush();
        counters.record("a");
        flusher.flush();
        counters.record("a");
        flusher.stop();
        counters.record("a");
        flusher = new StatsFlusher(counters, store(), Duration.ofSeconds(10));
        flusher.flush();
        counters.record("a");
        flusher.flush();
        try (java.util.stream.Stream<Path> files = Files.list(dir)) {
            assertThat(files.map(Path::getFileName).map(Path::toString)).containsExactlyInAnyOrder("stats.json",
                    "stats.json.bak", "stats.json.journal", "stats.json.journal.bak");
        }
        for (String name : new String[] {"stats.json", "stats.json.bak", "stats.json.journal", "stats.json.journal.bak"}) {
            assertThat(java.nio.file.attribute.PosixFilePermissions.toString(Files.getPosixFilePermissions(
                    dir.resolve(name)))).as(name).isEqualTo("rw-------");
        }
        Path target = dir.resolve("elsewhere");
        Files.writeString(target, "not the journal");
        Files.delete(dir.resolve("stats.json.journal"));
        Files.createSymbolicLink(dir.resolve("stats.json.journal"), target);
        counters.record("a");
        assertThat(flusher.flush()).as("a link where the journal was is refused").isFalse();
        assertThat(Files.readString(target)).isEqualTo("not the journal");
    }

    @Test
    void a_corrupt_counters_file_falls_back_to_the_bak_with_both_journals() throws Exception {
        UsageCounters counters = new UsageCounters(clock, 100);
        StatsStore store = store();
        StatsFlusher flusher = new StatsFlusher(counters, store, Duration.ofSeconds(10));
        counters.record("a");
        flusher.flush();  // full save, generation 1
        counters.record("a");
        flusher.flush();  // journal of generation 1
        counters.record("b");
        store.save(counters.snapshot());  // generation 2; generation 1's journal kept as .bak
        counters.record("b");
        flusher.flush();  // journal of generation 2
        Files.writeString(dir.resolve("stats.json"), "{\"format\":");
        assertSame(counters, reloaded(100));
    }
}
