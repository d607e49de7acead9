package pocketapi.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import pocketapi.MutableClock;

class StatsStoreTest {
    private final MutableClock clock = new MutableClock("2026-05-01T03:00:00Z");

    @TempDir
    Path dir;

    private UsageCounters countersWith(String... calls) {
        UsageCounters counters = new UsageCounters(clock, 100);
        for (String user : calls) {
            counters.record(user);
        }
        return counters;
    }

    private static long siteTotal(Optional<UsageCounters.Snapshot> snapshot) {
        return snapshot.orElseThrow().site().total();
    }

    private String[] asideFiles() throws IOException {
        try (Stream<Path> files = Files.list(dir.resolve("data"))) {
            return files.map(p -> p.getFileName().toString()).filter(n -> n.contains(".corrupt-")).sorted()
                    .toArray(String[]::new);
        }
    }

    @Test
    void a_saved_snapshot_loads_back_exactly_creating_the_folder() throws IOException {
        StatsStore store = new StatsStore(dir.resolve("data/stats.json"), clock);
        UsageCounters counters = countersWith("a", "b", "a", "用户 \"x\"");
        store.save(counters.snapshot());
        UsageCounters.Snapshot loaded = store.load().orElseThrow();
        UsageCounters.Snapshot saved = counters.snapshot();
        assertThat(loaded.site()).isEqualTo(saved.site());
        assertThat(loaded.users()).containsExactly(saved.users());
        assertThat(loaded.tallies()).containsExactly(saved.tallies());
    }

    @Test
    void a_missing_file_means_zero_counters() {
        assertThat(new StatsStore(dir.resolve("data/stats.json"), clock).load()).isEmpty();
    }

    @Test
    void the_previous_good_file_is_kept_as_bak() throws IOException {
        StatsStore store = new StatsStore(dir.resolve("data/stats.json"), clock);
        store.save(countersWith("a").snapshot());
        store.save(countersWith("a", "b").snapshot());
        assertThat(StatsStore.read(dir.resolve("data/stats.json")).site().total()).isEqualTo(2);
        assertThat(StatsStore.read(dir.resolve("data/stats.json.bak")).site().total()).isEqualTo(1);
        try (Stream<Path> files = Files.list(dir.resolve("data"))) {
            // the journal .bak needs: what changed between the two saves, written before the second
            assertThat(files.map(p -> p.getFileName().toString())).containsExactlyInAnyOrder("stats.json",
                    "stats.json.bak", "stats.json.journal.bak");
        }
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            garbage      | \u0000\u0001 not json at all
            truncated    | {"format":"pocketapi-stats/1","site":{"total":5,"daily":5,"date":"2026-05-01"},"users":[{"id":"a","to
            empty        | ''
            wrong shape  | {"format":"pocketapi-stats/1","site":[1,2,3],"users":[]}
            other format | {"format":"something-else","site":{"total":5,"daily":5,"date":"2026-05-01"},"users":[]}
            negative     | {"format":"pocketapi-stats/1","site":{"total":-5,"daily":0,"date":"2026-05-01"},"users":[]}
            bad date     | {"format":"pocketapi-stats/1","site":{"total":5,"daily":5,"date":"May Day"},"users":[]}
            """)
    void a_bad_file_is_kept_aside_and_the_bak_with_its_journal_gives_everything_back(String kind, String content)
            throws IOException {
        StatsStore store = new StatsStore(dir.resolve("data/stats.json"), clock);
        store.save(countersWith("a", "a").snapshot());
        store.save(countersWith("a", "a", "a").snapshot());  // stats.json: 3; stats.json.bak: 2, + its journal: 3
        Files.writeString(dir.resolve("data/stats.json"), content, StandardCharsets.UTF_8);

        assertThat(siteTotal(store.load())).isEqualTo(3);
        assertThat(asideFiles()).containsExactly("stats.json.corrupt-20260501T030000Z");
        assertThat(Files.readString(dir.resolve("data/stats.json.corrupt-20260501T030000Z"))).isEqualTo(content);
        assertThat(dir.resolve("data/stats.json")).doesNotExist();
    }

    @Test
    void with_both_files_bad_the_service_starts_from_zero_and_keeps_both_aside() throws IOException {
        Files.createDirectories(dir.resolve("data"));
        Files.writeString(dir.resolve("data/stats.json"), "{");
        Files.writeString(dir.resolve("data/stats.json.bak"), "}");
        StatsStore store = new StatsStore(dir.resolve("data/stats.json"), clock);
        assertThat(store.load()).isEmpty();
        assertThat(asideFiles()).containsExactly("stats.json.bak.corrupt-20260501T030000Z",
                "stats.json.corrupt-20260501T030000Z");
        store.save(countersWith("a").snapshot());
        assertThat(siteTotal(store.load())).isEqualTo(1);
    }

    @Test
    void a_second_corrupt_file_in_the_same_second_does_not_overwrite_the_first() throws IOException {
        StatsStore store = new StatsStore(dir.resolve("data/stats.json"), clock);
        for (int i = 0; i < 2; i++) {
            Files.createDirectories(dir.resolve("data"));
            Files.writeString(dir.resolve("data/stats.json"), "bad " + i);
            store.load();
        }
        assertThat(asideFiles()).containsExactly("stats.json.corrupt-20260501T030000Z",
                "stats.json.corrupt-20260501T030000Z-1");
    }

    @Test
    void a_failed_save_leaves_the_previous_file_and_is_retried_by_the_flusher() throws IOException {
        Path blocker = dir.resolve("data");
        Files.writeString(blocker, "a file where the folder should be");
        UsageCounters counters = countersWith("a");
        StatsStore store = new StatsStore(dir.resolve("data/stats.json"), clock);
        assertThatThrownBy(() -> store.save(counters.snapshot())).isInstanceOf(IOException.class);

        StatsFlusher failing = new StatsFlusher(counters, store, Duration.ofSeconds(10));
        counters.record("b");
        assertThat(failing.flush()).isFalse();
        Files.delete(blocker);
        assertThat(failing.flush()).isTrue();
        assertThat(siteTotal(store.load())).isEqualTo(2);
    }

    @Test
    void the_flusher_saves_once_after_start_then_only_when_something_changed_and_once_more_on_close()
            throws IOException {
        UsageCounters counters = countersWith();
        StatsStore store = new StatsStore(dir.resolve("data/stats.json"), clock);
        StatsFlusher flusher = new StatsFlusher(counters, store, Duration.ofSeconds(3600));
        assertThat(flusher.flush()).isTrue();  // what the start read is forced to the device, once
        java.nio.file.attribute.FileTime written = Files.getLastModifiedTime(dir.resolve("data/stats.json"));
        Files.setLastModifiedTime(dir.resolve("data/stats.json"), java.nio.file.attribute.FileTime.fromMillis(0));
        assertThat(flusher.flush()).isTrue();
        assertThat(Files.getLastModifiedTime(dir.resolve("data/stats.json")).toMillis()).as("nothing changed")
                .isZero();
        assertThat(written.toMillis()).isPositive();
        assertThat(dir.resolve("data/stats.json.journal")).doesNotExist();
        counters.record("a");
        flusher.start();
        flusher.close();
        assertThat(siteTotal(store.load())).isEqualTo(1);
    }
}
