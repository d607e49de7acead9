package pocketapi.stats;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.Set;

import org.junit.jupiter.api.Test;

import pocketapi.MutableClock;
import pocketapi.util.Utc8;

/**
 * The file store against every crash a random walk finds: seeded sequences of calls, saves, full
 * saves, journal rotations, clean stops, a full disk at any operation, a kill or a power cut between
 * any two file operations or in the middle of a write, and restarts (during recovery too), on
 * {@link CrashDisk}. After every restart each user's and the site's counters must be exactly what
 * they were at some moment since the last restart, never below what the last completed save held:
 * every call saved is counted exactly once, none twice. A failure names its seed and its steps.
 */
class StatsCrashModelTest {
    private static final Path FILE = Path.of("/model/data/stats.json");
    private static final String SITE = "(site)";
    private static final List<String> IDS = List.of("203.0.113.7", "unknown", "2001:db8::1", "a\"quote", "back\\slash",
            "中文用户", "line\u2028sep", "x".repeat(128), "{\"g\":1}", "tab\there");

    @Test
    void every_call_saved_before_a_crash_is_counted_exactly_once_after_any_restart() {
        int sequences = Integer.getInteger("pocketapi.model.sequences", 2_000);
        long first = Long.getLong("pocketapi.model.seed", 20_261_124L);
        long writes = 0;
        for (long seed = first; seed < first + sequences; seed++) {
            writes += new Walk(seed, false).run(80);
        }
        System.out.printf("file store model: %d sequences of 80 steps, %d bytes written%n", sequences, writes);
    }

    @Test
    void damaged_bytes_on_the_device_never_count_a_call_twice_and_never_stop_a_start() {
        int sequences = Integer.getInteger("pocketapi.model.sequences", 2_000) / 3;
        long first = Long.getLong("pocketapi.model.seed", 20_261_124L) + 1_000_000;
        for (long seed = first; seed < first + sequences; seed++) {
            new Walk(seed, true).run(60);
        }
    }

    @Test
    void a_damaged_counters_file_alone_loses_nothing_the_backup_and_journals_hold_it_all() {
        for (long seed = 1; seed <= 300; seed++) {
            Walk walk = new Walk(seed, false);
            walk.start();
            // Enough saves for at least one full save past the first (a .bak and its journal exist).
            for (int round = 0; round < 12; round++) {
                for (int i = 0; i < 1 + walk.random.nextInt(6); i++) {
                    walk.call(walk.user());
                }
                walk.flush();
            }
            walk.step("damage stats.json, then kill");
            walk.disk.corrupt(FILE);
            walk.disk.afterCrash(CrashDisk.Fault.KILL);
            walk.restart();
        }
    }

    /** One seeded sequence, with the model of what the counters must be. */
    private static final class Walk {
        final long seed;
        final boolean damage;
        final Random random;
        final CrashDisk disk;
        final MutableClock clock = new MutableClock("2026-03-01T15:59:00Z");
        final List<String> steps = new ArrayList<>();
        StatsStore store;
        UsageCounters counters;
        StatsFlusher flusher;
        /**
         * Per user (and SITE): the counters now; what the last completed save holds; every value since
         * that save, in this run and in runs since (a run that started from unsaved values and died
         * is such a branch: what it read was in the page cache, not yet forced).
         */
        final Map<String, UsageCounters.Tally> now = new HashMap<>();
        final Map<String, UsageCounters.Tally> saved = new HashMap<>();
        final Map<String, Set<UsageCounters.Tally>> since = new HashMap<>();
        /** Every value ever (for damaged disks, where loss is possible but a count twice is not). */
        final Map<String, Set<UsageCounters.Tally>> ever = new HashMap<>();
        int fresh;

        Walk(long seed, boolean damage) {
            this.seed = seed;
            this.damage = damage;
            this.random = new Random(seed);
            this.disk = new CrashDisk(random);
        }

        long run(int length) {
            start();
            for (int i = 0; i < length; i++) {
                try {
                    oneStep();
                } catch (CrashDisk.Crash crash) {
                    step("  crashed: " + crash.fault);
                    disk.afterCrash(crash.fault);
                    restart();
                }
            }
            return disk.written;
        }

        private void oneStep() {
            int dice = random.nextInt(100);
            if (dice < 55) {
                call(user());
            } else if (dice < 72) {
                flush();
            } else if (dice < 77) {
                long seconds = random.nextInt(4) == 0 ? 3_600L * (1 + random.nextInt(30)) : 1 + random.nextInt(60);
                clock.set(clock.instant().plusSeconds(seconds).toString());
                step("clock +" + seconds + " s -> " + clock.instant());
            } else if (dice < 88) {
                CrashDisk.Fault fault = CrashDisk.Fault.values()[random.nextInt(3)];
                int at = 1 + random.nextInt(14);
                disk.arm(fault, at);
                step("arm " + fault + " at operation +" + at);
            } else if (dice < 92) {
                step("stop");
                if (flusher.stop()) {
                    completed();
                }
                disk.disarm();
                restart();
            } else if (dice < 97) {
                CrashDisk.Fault fault = random.nextBoolean() ? CrashDisk.Fault.KILL : CrashDisk.Fault.POWER;
                step("crash now: " + fault);
                disk.afterCrash(fault);
                restart();
            } else if (damage) {
                List<Path> files = disk.files();
                if (!files.isEmpty()) {
                    Path file = files.get(random.nextInt(files.size()));
                    step("damage " + file.getFileName());
                    disk.corrupt(file);
                }
            }
        }

        String user() {
            if (random.nextInt(12) == 0) {
                return "new-" + fresh++;
            }
            return IDS.get(random.nextInt(IDS.size()));
        }

        void call(String user) {
            Report report = counters.record(user);
            long today = Utc8.epochDay(clock);
            UsageCounters.Tally site = expect(SITE, today);
            UsageCounters.Tally mine = expect(user, today);
            step("call " + user + " -> site " + site.total() + ", user " + mine.total());
            check(report.siteTotal() == site.total() && report.siteDaily() == site.daily()
                    && report.userTotal() == mine.total() && report.userDaily() == mine.daily(),
                    "the call reported " + report + ", expected site " + site + " and user " + mine);
        }

        /** The model's own increment: a new UTC+8 day starts the daily count again. */
        private UsageCounters.Tally expect(String who, long today) {
            UsageCounters.Tally t = now.getOrDefault(who, new UsageCounters.Tally(0, 0, today));
            UsageCounters.Tally next = new UsageCounters.Tally(t.total() + 1, t.day() == today ? t.daily() + 1 : 1, today);
            now.put(who, next);
            since.computeIfAbsent(who, k -> new HashSet<>()).add(next);
            ever.computeIfAbsent(who, k -> new HashSet<>()).add(next);
            return next;
        }

        void flush() {
            boolean ok = flusher.flush();
            step("flush -> " + (ok ? "saved" : "failed"));
            if (ok) {
                completed();
            }
        }

        /** A save completed: the device holds the counters as they are now. */
        void completed() {
            saved.clear();
            saved.putAll(now);
            since.clear();
            now.forEach((who, t) -> since.computeIfAbsent(who, k -> new HashSet<>()).add(t));
        }

        void start() {
            for (int attempt = 0; ; attempt++) {
                store = new StatsStore(FILE, clock, disk, 700);
                if (attempt < 3 && random.nextInt(6) == 0) {
                    CrashDisk.Fault fault = random.nextBoolean() ? CrashDisk.Fault.KILL : CrashDisk.Fault.POWER;
                    int at = 1 + random.nextInt(8);
                    disk.arm(fault, at);
                    step("start, with " + fault + " armed at operation +" + at);
                } else {
                    step("start");
                }
                try {
                    Optional<UsageCounters.Snapshot> loaded = store.load();
                    disk.disarm();
                    counters = new UsageCounters(clock, 1_000, loaded.orElse(null));
                    flusher = new StatsFlusher(counters, store, Duration.ofSeconds(10));
                    return;
                } catch (CrashDisk.Crash crash) {
                    step("  crashed during recovery: " + crash.fault);
                    disk.afterCrash(crash.fault);
                }
            }
        }

        /** Starts again and checks what the files gave back. */
        void restart() {
            boolean damaged = damage;
            start();
            UsageCounters.Snapshot back = counters.snapshot();
            Map<String, UsageCounters.Tally> restored = new HashMap<>();
            restored.put(SITE, back.site().total() == 0 ? null : back.site());
            for (int i = 0; i < back.users().length; i++) {
                restored.put(back.users()[i], back.tallies()[i]);
            }
            Set<String> everyone = new HashSet<>(now.keySet());
            everyone.addAll(restored.keySet());
            for (String who : everyone) {
                UsageCounters.Tally r = restored.get(who);
                UsageCounters.Tally floor = saved.get(who);
                if (damaged) {
                    check(r == null || ever.getOrDefault(who, Set.of()).contains(r),
                            who + " restored as " + r + ", a value it never had (counted twice, or invented)");
                } else if (r == null) {
                    check(floor == null, who + " is gone after the restart, though saved as " + floor);
                } else {
                    check(since.getOrDefault(who, Set.of()).contains(r) || r.equals(floor),
                            who + " restored as " + r + ", a value it did not have since the last completed save");
                    check(floor == null || r.total() >= floor.total(),
                            who + " restored as " + r + ", below the last completed save " + floor + ": calls lost");
                }
            }
            step("restarted: site " + restored.get(SITE) + ", " + back.users().length + " users");
            now.clear();
            restored.forEach((who, t) -> {
                if (t != null) {
                    now.put(who, t);
                    since.computeIfAbsent(who, k -> new HashSet<>()).add(t);
                    ever.computeIfAbsent(who, k -> new HashSet<>()).add(t);
                }
            });
            if (damaged) {
                completed();  // a damaged device may have lost anything: what it gives back is the new floor
            }
        }

        void step(String what) {
            steps.add(what);
        }

        void check(boolean ok, String what) {
            if (!ok) {
                List<String> tail = steps.subList(Math.max(0, steps.size() - 60), steps.size());
                List<String> ops = disk.log.subList(Math.max(0, disk.log.size() - 40), disk.log.size());
                throw new AssertionError("seed " + seed + (damage ? " (damage on)" : "") + ": " + what
                        + "\nlast steps:\n  " + String.join("\n  ", tail)
                        + "\nlast file operations:\n  " + String.join("\n  ", ops)
                        + "\nfiles: " + disk.sizes()
                        + "\nrerun: -Dpocketapi.model.seed=" + seed + " -Dpocketapi.model.sequences=1");
            }
        }
    }

    @Test
    void saves_stream_in_small_writes_and_a_journal_record_is_proportional_to_what_changed() {
        CrashDisk disk = new CrashDisk(new Random(1));
        MutableClock clock = new MutableClock("2026-03-01T03:00:00Z");
        StatsStore store = new StatsStore(FILE, clock, disk, StatsStore.MIN_JOURNAL_BYTES);
        UsageCounters counters = new UsageCounters(clock, 100_000, store.load().orElse(null));
        StatsFlusher flusher = new StatsFlusher(counters, store, Duration.ofSeconds(10));
        for (int i = 0; i < 100_000; i++) {
            counters.record(String.format("%0128d", i));  // the longest ids there are
        }
        assertThat(flusher.flush()).isTrue();
        long full = disk.written;
        for (int i = 0; i < 500; i++) {
            counters.record(String.format("%0128d", i * 97));
        }
        long before = disk.written;
        assertThat(flusher.flush()).isTrue();
        long record = disk.written - before;
        System.out.printf("100,000 ids of 128 characters: a full save writes %,d bytes, a save of 500 calls %,d; "
                + "the largest single write %,d bytes%n", full, record, disk.largestWrite);
        assertThat(disk.largestWrite).isLessThanOrEqualTo(1 << 16);
        assertThat(record).isLessThan(500 * 160L);
        assertThat(full).isGreaterThan(100_000 * 128L);
    }
}
