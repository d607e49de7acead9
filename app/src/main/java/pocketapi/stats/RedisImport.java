package pocketapi.stats;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Clock;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import pocketapi.util.AtomicFiles;
import pocketapi.util.Utc8;

/**
 * The file store's counters (STATS_FILE, read with its {@code .bak} fallback) imported into a
 * Redis that holds no counters yet, in chunks of {@value RedisTimings#USERS_PER_CALL} users, so
 * no single call holds Redis for more than a few milliseconds whatever the file's size. The
 * import is named by a digest of the counters: a chunk resent after a lost answer, or the whole
 * import begun again after a restart, is recognised, never counted twice. When it is over, the
 * file is renamed {@code .imported} (or {@code .not-imported}: Redis already held counters).
 * Used by the sender's one thread.
 */
final class RedisImport {
    private static final Logger LOG = LoggerFactory.getLogger(RedisImport.class);

    private final Path file;
    private final UsageCounters.Snapshot snapshot;
    private final Clock clock;
    private final int first;
    private final int chunks;
    private final String id;
    private int next;

    private RedisImport(Path file, UsageCounters.Snapshot snapshot, Clock clock, int maxUsers) {
        this.file = file;
        this.snapshot = snapshot;
        this.clock = clock;
        this.first = Math.max(0, snapshot.users().length - maxUsers);  // the most recently seen are kept
        int users = snapshot.users().length - first;
        this.chunks = Math.max(1, (users + RedisTimings.USERS_PER_CALL - 1) / RedisTimings.USERS_PER_CALL);
        this.id = digest(snapshot);
    }

    /** The file store's counters to import, if STATS_FILE (or its .bak) holds any. */
    static Optional<RedisImport> of(Path statsFile, Clock clock, int maxUsers) {
        StatsStore store = new StatsStore(statsFile, clock);
        Optional<UsageCounters.Snapshot> snapshot = store.load();
        snapshot.ifPresent(s -> LOG.info("{} holds the file store's counters (site total {}, {} users); importing "
                + "them into Redis if it holds no counters yet", store.file(), s.site().total(), s.users().length));
        return snapshot.map(s -> new RedisImport(store.file(), s, clock, maxUsers));
    }

    /**
     * Sends the next chunk.
     *
     * @return true when the import is over (done, or refused because Redis held counters)
     */
    boolean step(RedisStore store) throws RedisStore.Unavailable, RedisStore.Refused {
        long today = Utc8.epochDay(clock);
        int expected = store.importChunk(chunk(next, today));
        if (expected < 0) {
            LOG.warn("did not import {}: Redis already held pocketapi counters when this import began (another "
                    + "instance imported a file, or counted first); the file is kept as {}", file, keep(".not-imported"));
            return true;
        }
        next = expected;
        if (next < chunks) {
            return false;
        }
        LOG.info("imported the file store's counters into Redis (site total {}, {} users, {} chunks); {} kept as {}",
                snapshot.site().total(), snapshot.users().length - first, chunks, file, keep(".imported"));
        return true;
    }

    private RedisStore.ImportChunk chunk(int index, long today) {
        int from = first + index * RedisTimings.USERS_PER_CALL;
        int to = Math.min(snapshot.users().length, from + RedisTimings.USERS_PER_CALL);
        long now = clock.millis();
        List<RedisStore.ImportedUser> users = new ArrayList<>(Math.max(0, to - from));
        for (int i = from; i < to; i++) {
            UsageCounters.Tally t = snapshot.tallies()[i];
            // Least recently seen first: later users get later times, so they are dropped last.
            users.add(new RedisStore.ImportedUser(snapshot.users()[i], t.total(), t.day() == today ? t.daily() : 0,
                    now - (snapshot.users().length - i)));
        }
        UsageCounters.Tally site = snapshot.site();
        return new RedisStore.ImportChunk(id, index, chunks, site.total(), site.day() == today ? site.daily() : 0,
                today, users);
    }

    /** Renames the file and its .bak; returns the new name of the file. */
    private Path keep(String suffix) {
        Path kept = file.resolveSibling(file.getFileName() + suffix);
        for (Path f : new Path[] {file, file.resolveSibling(file.getFileName() + ".bak"),
            file.resolveSibling(file.getFileName() + ".journal"), file.resolveSibling(file.getFileName() + ".journal.bak")}) {
            try {
                if (Files.exists(f)) {
                    AtomicFiles.move(f, f.resolveSibling(f.getFileName() + suffix));
                }
            } catch (IOException e) {
                LOG.error("cannot move {} aside after the import ({}); it is offered again at the next start, and "
                        + "recognised", f, e.toString());
            }
        }
        return kept;
    }

    /** Names the import by its counters: the same file, read again, gives the same name. */
    private static String digest(UsageCounters.Snapshot s) {
        try {
            MessageDigest sha = MessageDigest.getInstance("SHA-256");
            sha.update((s.site().total() + "," + s.site().daily() + "," + s.site().day()).getBytes(StandardCharsets.UTF_8));
            for (int i = 0; i < s.users().length; i++) {
                UsageCounters.Tally t = s.tallies()[i];
                sha.update(("\n" + s.users()[i] + "\u0000" + t.total() + "," + t.daily() + "," + t.day())
                        .getBytes(StandardCharsets.UTF_8));
            }
            return HexFormat.of().formatHex(sha.digest(), 0, 16);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
