package pocketapi.stats;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Path;

/**
 * The file operations the counters are kept with, and nothing else: {@link LocalDisk} in the
 * service; in tests, a disk that fails at any operation, tears a write at any byte or loses what
 * was not forced to disk ({@code CrashDisk}), so that recovery is tried against every crash.
 *
 * <p>Every file is created owner-only (0600) and never through a symbolic link.
 */
interface Disk {
    /** A file being written: {@link #sync} forces what was written so far to the device. */
    abstract class Output extends OutputStream {
        public abstract void sync() throws IOException;
    }

    boolean exists(Path file);

    /** @throws java.nio.file.NoSuchFileException when it does not exist */
    long size(Path file) throws IOException;

    /** @throws java.nio.file.NoSuchFileException when it does not exist */
    InputStream read(Path file) throws IOException;

    /** A new, empty file (a leftover of that name is removed first). */
    Output create(Path file) throws IOException;

    /** The end of a file, to append to (created when missing). */
    Output append(Path file) throws IOException;

    /** Renames {@code from} over {@code to} atomically; durable when it returns. */
    void rename(Path from, Path to) throws IOException;

    /** Removes a file if it exists; durable when it returns (a power cut does not bring it back). */
    void delete(Path file) throws IOException;
}
