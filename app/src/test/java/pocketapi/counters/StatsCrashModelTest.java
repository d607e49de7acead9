package pocketapi.counters;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import pocketapi.LogCapture;
import pocketapi.MutableClock;
import pocketapi.web.Family;

/**
 * The file store against everything a disk and a power supply can do: seeded random sequences of calls (a person's or a
 * crawler's: the visitors of each day, their sketch and each user's mark, come and go with the counts), imports, saves,
 * a full disk at any operation (a write half done included), power cuts at any operation (unforced bytes partly kept,
 * zeros after them), clean stops and restarts, midnight. After every restart the counters must be exactly what they
 * were when some save was made since the last one that reported success: nothing saved is lost, nothing is counted
 * twice, and no file is half-read. And {@code stats.json}, once it exists, never disappears. A failure names its seed.
 * 300 sequences by default: each fault these sequences were seen to find (a failed save not making the next one whole,
 * the log set aside before the new file is in place) fails by the fourth; {@code -Dpocketapi.crashSequences=N} runs
 * more (2,000 in the README's long run).
 */
class StatsCrashModelTest {
    private static final Path FILE = Path.of("/state/stats.json");
    private static final int SEQUENCES = Integer.getInteger("pocketapi.crashSequences", 300);

    @Test
    void after_any_crash_the_counters_are_those_of_a_save_since_the_last_that_succeeded() {
        try (LogCapture quiet = new LogCapture()) {
            for (int seed = 0; seed < SEQUENCES; seed++) {
                run(20261124L + seed);
            }
        }
    }

    /**
     * The counters as a test sees them (through a reader of its own): every tally, "" the site's, and each day's
     * counts.
     */
    private static Map<String, List<Long>> state(LocalCounters counters) {
        LocalCounters.Snapshot s = counters.snapshot(1);
        Map<String, List<Long>> state = new HashMap<>();
        state.put("", List.of(s.site().total(), s.site().daily(), s.site().day()));
        state.put("bots", List.of(s.bots().total(), s.bots().daily(), s.bots().day()));
        for (int i = 0; i < s.keys().length; i++) {
            state.put(
                    UserKeys.hex(s.keys()[i]),
                    List.of(
                            s.totals()[i],
                            s.dailies()[i],
                            (long) s.on()[i],
                            s.visitors().get(i) ? 1L : 0L));
        }
        // A day's counts, and its visitors: with six users, a sketch's estimate is their exact number.
        s.days().forEach((day, counts) -> {
            List<Long> row =
                    new ArrayList<>(java.util.Arrays.stream(counts).boxed().toList());
            row.add(counters.dayVisitors(day));
            state.put("day " + day, row);
        });
        state.put(
                "imports",
                s.imports().stream().map(id -> (long) id.hashCode()).sorted().toList());
        return state;
    }

    private static void run(long seed) {
        Random random = new Random(seed);
        MutableClock clock = new MutableClock("2026-05-01T15:59:00Z");
        CrashDisk disk = new CrashDisk(random);
        disk.watch(FILE);
        List<String> steps = new ArrayList<>();
        // The states a save tried to write, from the last one that succeeded on: one of them is what a restart finds.
        List<Map<String, List<Long>>> candidates = new ArrayList<>(
                List.of(Map.of("", List.of(0L, 0L, 0L), "bots", List.of(0L, 0L, 0L), "imports", List.of())));
        for (int life = 0; life < 6; life++) {
            LocalCounters counters = new LocalCounters(clock, LocalCountersTest.KEYS, 1_000, 400, 2);
            StatsFlusher flusher = new StatsFlusher(disk, FILE, clock, Duration.ofSeconds(10), 90, counters, null);
            Map<String, List<Long>> found0 = state(counters);
            if (!candidates.contains(found0)) {
                throw new AssertionError("seed " + seed + ": after " + steps + " the counters are " + found0
                        + ", which no save since the last that succeeded wrote: " + candidates);
            }
            candidates = new ArrayList<>(List.of(found0));
            boolean crashed = false;
            for (int step = 0; step < 40 && !crashed; step++) {
                int what = random.nextInt(21);
                if (what < 12) {
                    boolean bot = random.nextInt(4) == 0;
                    counters.countAndReport("u" + random.nextInt(6), bot, Family.values()[random.nextInt(4)]);
                    steps.add(bot ? "crawler's call" : "call");
                } else if (what == 20) {
                    // An import of one of two files (the second time it changes nothing); on today's date.
                    long today = Math.floorDiv(clock.millis() + 8 * 3_600_000L, 86_400_000L);
                    int file = random.nextInt(2);
                    boolean added = counters.importCalls(
                            "sha256:" + Integer.toString(file).repeat(64),
                            10,
                            new TreeMap<>(Map.of(today, new long[] {3, file})));
                    steps.add("import " + file + (added ? "" : " again"));
                } else if (what < 16) {
                    boolean whole = random.nextInt(4) == 0;
                    Map<String, List<Long>> before = state(counters);
                    if (!candidates.contains(before)) {
                        candidates.add(before);
                    }
                    boolean ok = flusher.save(whole);
                    steps.add((whole ? "whole save " : "save ") + (ok ? "ok" : "failed"));
                    if (ok) {
                        candidates = new ArrayList<>(List.of(before));
                    }
                    crashed = disk.down();
                } else if (what == 16) {
                    int n = 1 + random.nextInt(8);
                    disk.failIn(n);
                    steps.add("disk full in " + n);
                } else if (what == 17) {
                    int n = random.nextInt(8);
                    disk.crashIn(n);
                    steps.add("power cut in " + n);
                    crashed = n == 0;
                } else if (what == 18) {
                    clock.advance(Duration.ofSeconds(random.nextInt(90)));
                    steps.add("time");
                } else {
                    Map<String, List<Long>> before = state(counters);
                    if (!candidates.contains(before)) {
                        candidates.add(before);
                    }
                    boolean ok = flusher.stop();
                    steps.add("stop " + (ok ? "ok" : "failed"));
                    if (ok) {
                        candidates = new ArrayList<>(List.of(before));
                    }
                    crashed = true; // a stop ends this life too
                }
            }
            disk.reboot();
            steps.add("restart");
        }
    }
}
