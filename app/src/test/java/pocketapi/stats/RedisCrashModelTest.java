package pocketapi.stats;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.AbstractExecutorService;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;

import pocketapi.ManualTicker;
import pocketapi.MutableClock;

/**
 * Redis mode's hand-off against every crash a random walk finds: seeded sequences of calls,
 * sender rounds, Redis up, down or applying a batch and losing the answer, a full disk or a kill
 * or power cut at any file operation, clean stops, restarts with the log of the runs before.
 * Checked after every step: Redis never holds a call twice (site and users); {@code /api/info}'s
 * site total (its reads run inline, against the same Redis) never goes down within a run and never
 * counts a call twice; memory stays within its bounds. At the end, with Redis up and every log sent, Redis holds every call but those the
 * instance had in memory only when it died (what a crash may lose, and nothing it called safe).
 */
class RedisCrashModelTest {
    private static final Path FILE = Path.of("/model/data/stats.json");
    private static final Duration HAND_OFF = Duration.ofSeconds(5);

    @Test
    void no_crash_loses_a_call_handed_to_disk_or_confirmed_and_none_is_counted_twice() {
        int sequences = Integer.getInteger("pocketapi.model.sequences", 2_000) / 2;
        long first = Long.getLong("pocketapi.model.seed", 20_261_124L);
        for (long seed = first; seed < first + sequences; seed++) {
            new Walk(seed).run(70);
        }
    }

    /** Reads run on the caller's thread, so the walk stays one thread and repeatable. */
    private static final class Inline extends AbstractExecutorService {
        private boolean shut;

        @Override
        public void execute(Runnable command) {
            command.run();
        }

        @Override
        public void shutdown() {
            shut = true;
        }

        @Override
        public List<Runnable> shutdownNow() {
            shut = true;
            return List.of();
        }

        @Override
        public boolean isShutdown() {
            return shut;
        }

        @Override
        public boolean isTerminated() {
            return shut;
        }

        @Override
        public boolean awaitTermination(long timeout, TimeUnit unit) {
            return true;
        }
    }

    private static final class Walk {
        final long seed;
        final Random random;
        final CrashDisk disk;
        final FakeRedis redis = new FakeRedis(1_000_000);
        final MutableClock clock = new MutableClock("2026-03-01T15:58:00Z");
        final ManualTicker ticker = new ManualTicker();
        final int maxUsers;
        final List<String> steps = new ArrayList<>();
        RedisCounters counters;
        long calls;
        final Map<String, Long> userCalls = new HashMap<>();
        /** Calls the instance held in memory only, at each crash: the most the crashes may have lost. */
        long atRisk;
        long lastSiteReport;

        Walk(long seed) {
            this.seed = seed;
            this.random = new Random(seed);
            this.disk = new CrashDisk(random);
            this.maxUsers = random.nextInt(3) == 0 ? 4 : 1_000;
        }

        void run(int length) {
            start();
            for (int i = 0; i < length; i++) {
                try {
                    step();
                } catch (CrashDisk.Crash crash) {
                    crashed(crash.fault);
                }
                checkAlways();
            }
            // Redis back for good, no more faults: the last run's log (if any) is sent by a fresh start.
            disk.disarm();
            redis.mode = FakeRedis.Mode.UP;
            note("the end: Redis up, a last start");
            crashed(CrashDisk.Fault.KILL);
            for (int i = 0; i < 50 && (counters.unsent() > 0 || disk.exists(counters.pendingFile())); i++) {
                ticker.advance(Duration.ofSeconds(1));
                counters.round();
            }
            check(counters.unsent() == 0 && !disk.exists(counters.pendingFile()),
                    "still " + counters.unsent() + " calls unsent after 50 rounds with Redis up");
            check(redis.total <= calls && redis.total >= calls - atRisk, "Redis holds " + redis.total + " calls of "
                    + calls + "; the crashes could lose " + atRisk + " (held in memory only)");
        }

        void step() {
            int dice = random.nextInt(100);
            if (dice < 45) {
                String user = "u" + random.nextInt(maxUsers == 4 ? 9 : 6);
                calls++;
                userCalls.merge(user, 1L, Long::sum);
                if (random.nextInt(5) == 0) {
                    long site = counters.countAndReport(user).siteTotal();
                    note("info " + user + " -> site " + site);
                    check(site > lastSiteReport, "/api/info's site total went from " + lastSiteReport + " to " + site);
                    check(site <= calls, "/api/info's site total " + site + " is more than the " + calls + " calls made");
                    lastSiteReport = site;
                } else {
                    counters.count(user);
                    note("call " + user);
                }
            } else if (dice < 75) {
                Duration by = Duration.ofMillis(200 + random.nextInt(random.nextInt(8) == 0 ? 9_000 : 1_000));
                ticker.advance(by);
                note("round after " + by.toMillis() + " ms");
                counters.round();
            } else if (dice < 83) {
                redis.mode = FakeRedis.Mode.values()[random.nextInt(3)];
                note("Redis " + redis.mode);
            } else if (dice < 90) {
                CrashDisk.Fault fault = CrashDisk.Fault.values()[random.nextInt(3)];
                int at = 1 + random.nextInt(10);
                disk.arm(fault, at);
                note("arm " + fault + " at operation +" + at);
            } else if (dice < 94) {
                crashed(random.nextBoolean() ? CrashDisk.Fault.KILL : CrashDisk.Fault.POWER);
            } else if (dice < 97) {
                note("stop");
                boolean saved = counters.stop(ticker.nanos() + Duration.ofSeconds(4).toNanos());
                if (!saved) {
                    atRisk += counters.ledger().onlyInMemory();
                }
                disk.disarm();
                start();
            } else {
                clock.set(clock.instant().plusSeconds(3_600L * (1 + random.nextInt(10))).toString());
                note("clock -> " + clock.instant());
            }
        }

        void crashed(CrashDisk.Fault fault) {
            long lost = counters.ledger().onlyInMemory();
            atRisk += lost;
            note("crash (" + fault + "): " + lost + " calls only in memory");
            counters.crashed();
            disk.afterCrash(fault);
            start();
        }

        void start() {
            while (true) {
                try {
                    counters = new RedisCounters(redis, redis, FILE, HAND_OFF, clock, maxUsers, disk, ticker, new Inline());
                    lastSiteReport = 0;
                    note("start " + counters.ledger().instance().substring(0, 8));
                    return;
                } catch (CrashDisk.Crash crash) {
                    note("crashed while starting: " + crash.fault);
                    disk.afterCrash(crash.fault);
                }
            }
        }

        void checkAlways() {
            check(redis.total <= calls, "Redis holds " + redis.total + " calls, more than the " + calls + " made");
            for (Map.Entry<String, Long> u : redis.userTotals.entrySet()) {
                check(u.getValue() <= userCalls.getOrDefault(u.getKey(), 0L), "Redis holds " + u.getValue()
                        + " calls of " + u.getKey() + ", more than its " + userCalls.get(u.getKey()));
            }
            Ledger ledger = counters.ledger();
            check(ledger.usersInMemory() <= 2 * maxUsers + RedisTimings.USERS_PER_CALL,
                    "memory holds " + ledger.usersInMemory() + " users' unsent counts");
            check(ledger.pendingUsers() <= maxUsers, "the per-user sums hold " + ledger.pendingUsers() + " users");
            check(ledger.entries() <= 12, "the queue holds " + ledger.entries() + " entries");
        }

        void note(String what) {
            steps.add(what + (counters == null ? "" : "   | redis " + redis.total + " " + redis.applied + "; "
                    + counters.ledger()));
        }

        void check(boolean ok, String what) {
            if (!ok) {
                List<String> tail = steps.subList(Math.max(0, steps.size() - 70), steps.size());
                List<String> ops = disk.log.subList(Math.max(0, disk.log.size() - 30), disk.log.size());
                throw new AssertionError("seed " + seed + ": " + what + "\nlast steps:\n  " + String.join("\n  ", tail)
                        + "\nlast file operations:\n  " + String.join("\n  ", ops) + "\nfiles: " + disk.sizes()
                        + "\nrerun: -Dpocketapi.model.seed=" + seed + " -Dpocketapi.model.sequences=2");
            }
        }
    }
}
