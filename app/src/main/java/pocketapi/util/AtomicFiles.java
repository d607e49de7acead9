package pocketapi.util;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.time.Clock;
import java.time.LocalDateTime;
import java.time.ZoneOffset;

/**
 * Files replaced so that a crash at any moment leaves either the old or the new content, never a
 * mix: the new content goes to a temporary file in the same folder, is forced to disk, and is
 * renamed over the old one. Used for the counters and the holiday cache. Stateless.
 */
public final class AtomicFiles {
    private AtomicFiles() {
    }

    /** Writes a file's content to a stream (which it must not close). */
    public interface Content {
        void writeTo(OutputStream out) throws IOException;
    }

    /** Replaces {@code target} with {@code bytes} atomically, creating its folder if needed. */
    public static void write(Path target, byte[] bytes) throws IOException {
        Path temp = writeTemp(target, out -> out.write(bytes));
        try {
            moveIntoPlace(temp, target);
        } finally {
            Files.deleteIfExists(temp);
        }
    }

    /**
     * Writes {@code content} to a new temporary file beside {@code target} (owner-only permissions)
     * and forces it to disk. The caller moves it into place or deletes it.
     */
    public static Path writeTemp(Path target, Content content) throws IOException {
        Path dir = target.toAbsolutePath().getParent();
        Files.createDirectories(dir);
        Path temp = Files.createTempFile(dir, target.getFileName() + ".", ".tmp");
        try (FileChannel channel = FileChannel.open(temp, StandardOpenOption.WRITE)) {
            content.writeTo(Channels.newOutputStream(channel));
            channel.force(true);
        } catch (IOException | RuntimeException e) {
            Files.deleteIfExists(temp);
            throw e;
        }
        return temp;
    }

    /** Renames a file written by {@link #writeTemp} over {@code target}, and makes the rename durable. */
    public static void moveIntoPlace(Path temp, Path target) throws IOException {
        move(temp, target);
        syncDirectory(target.toAbsolutePath().getParent());
    }

    /** An atomic rename where the file system can do it, else a plain one. */
    public static void move(Path from, Path to) throws IOException {
        try {
            Files.move(from, to, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } catch (AtomicMoveNotSupportedException e) {
            Files.move(from, to, StandardCopyOption.REPLACE_EXISTING);
        }
    }

    /**
     * Renames an unreadable file to {@code <name>.corrupt-<UTC timestamp>} beside it, so nothing
     * overwrites it and an operator can look at it.
     *
     * @return where it was moved
     */
    public static Path setAside(Path path, Clock clock) throws IOException {
        Path first = asideName(path, clock);
        Path aside = first;
        for (int n = 1; Files.exists(aside); n++) {
            aside = first.resolveSibling(first.getFileName() + "-" + n);
        }
        Files.move(path, aside);
        return aside;
    }

    /** {@code <name>.corrupt-<UTC timestamp>}, beside {@code path}. */
    public static Path asideName(Path path, Clock clock) {
        LocalDateTime t = LocalDateTime.ofInstant(clock.instant(), ZoneOffset.UTC);
        String stamp = String.format("%04d%02d%02dT%02d%02d%02dZ", t.getYear(), t.getMonthValue(), t.getDayOfMonth(),
                t.getHour(), t.getMinute(), t.getSecond());
        return path.resolveSibling(path.getFileName() + ".corrupt-" + stamp);
    }

    /** Deletes {@code path} if it exists, and makes the deletion durable. */
    public static void delete(Path path) throws IOException {
        if (Files.deleteIfExists(path)) {
            syncDirectory(path.toAbsolutePath().getParent());
        }
    }

    /** Best effort: not every platform can open a folder to force it. */
    private static void syncDirectory(Path dir) {
        try (FileChannel channel = FileChannel.open(dir, StandardOpenOption.READ)) {
            channel.force(true);
        } catch (IOException | UnsupportedOperationException e) {
            // The data file itself is already on disk; only the rename might be replayed.
        }
    }
}
