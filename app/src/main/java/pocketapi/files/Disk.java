package pocketapi.files;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Path;
import java.time.Clock;
import java.time.LocalDateTime;
import java.time.ZoneOffset;

/**
 * Every file operation of the service's own files (counters, holiday cache), in one seam, so that a test can make any
 * of them fail or cut power between them. Files are created owner-only (0600) and never opened through a symbolic link.
 * {@link #LOCAL} is the real file system.
 */
public interface Disk {
    Disk LOCAL = new LocalDisk();

    /**
     * A new file (it must not exist; its folder is created if missing); closing the stream forces its content to disk.
     */
    OutputStream create(Path file) throws IOException;

    /** Appends to a file, creating it if missing; closing the stream forces what was written to disk. */
    OutputStream append(Path file) throws IOException;

    InputStream read(Path file) throws IOException;

    /** Renames atomically, replacing {@code to}, and makes the rename durable. */
    void rename(Path from, Path to) throws IOException;

    /** Makes {@code copy} a second name of {@code existing} (a hard link, or a copy where links are not possible). */
    void link(Path existing, Path copy) throws IOException;

    /** Deletes a file if it exists, durably. */
    void delete(Path file) throws IOException;

    boolean exists(Path file);

    long size(Path file) throws IOException;

    /** Writes a file's content. */
    interface Content {
        void writeTo(OutputStream out) throws IOException;
    }

    /**
     * Replaces {@code file} whole, so a crash at any moment leaves the old content or the new, never a mix, and the
     * file is never absent once it exists: the content goes to a temporary file beside it, is forced to disk and
     * renamed over it.
     */
    default void replace(Path file, Path backup, Content content) throws IOException {
        Path temp = file.resolveSibling(file.getFileName() + ".tmp");
        delete(temp); // left by a crash
        try (OutputStream out = create(temp)) {
            content.writeTo(out);
        } catch (IOException | RuntimeException e) {
            delete(temp);
            throw e;
        }
        if (backup != null && exists(file)) {
            delete(backup);
            link(file, backup);
        }
        rename(temp, file);
    }

    default void replace(Path file, byte[] bytes) throws IOException {
        replace(file, null, out -> out.write(bytes));
    }

    /**
     * Renames a file that cannot be used to {@code <name>.corrupt-<UTC timestamp>}, so that nothing overwrites it and
     * an operator can look at it.
     */
    default Path setAside(Path file, Clock clock) throws IOException {
        LocalDateTime t = LocalDateTime.ofInstant(clock.instant(), ZoneOffset.UTC);
        Path aside = file.resolveSibling(file.getFileName()
                + String.format(
                        ".corrupt-%04d%02d%02dT%02d%02d%02dZ",
                        t.getYear(), t.getMonthValue(), t.getDayOfMonth(), t.getHour(), t.getMinute(), t.getSecond()));
        for (int n = 1; exists(aside); n++) {
            aside = aside.resolveSibling(aside.getFileName().toString().replaceFirst("(Z)(-\\d+)?$", "Z-" + n));
        }
        rename(file, aside);
        return aside;
    }
}
