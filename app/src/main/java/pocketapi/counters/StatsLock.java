package pocketapi.counters;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.FileAttribute;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Optional;
import java.util.Set;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Who holds a counters file: the service that counts into it, or a {@code pocketapi --import} that adds to it, never
 * both (each whole save of one would drop what the other added). An exclusive lock on {@code stats.json.lock} beside it
 * (owner-only, never a link followed), taken when the counters are opened and let go when they stop; the system lets it
 * go when a process dies, so a crash leaves nothing to clean up. The file stays (removing it would race with the next
 * taker). Not thread-safe: one taker.
 */
final class StatsLock implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(StatsLock.class);
    private final FileChannel channel;
    private final FileLock lock;

    private StatsLock(FileChannel channel, FileLock lock) {
        this.channel = channel;
        this.lock = lock;
    }

    /** The lock file of counters kept in {@code statsFile}. */
    static Path file(Path statsFile) {
        return statsFile.resolveSibling(statsFile.getFileName() + ".lock");
    }

    /**
     * Takes the lock of {@code statsFile}; empty when another process (or another opening in this one) holds it.
     *
     * @throws IOException when the lock file cannot be made or opened
     */
    static Optional<StatsLock> take(Path statsFile) throws IOException {
        Path path = file(statsFile);
        Files.createDirectories(path.toAbsolutePath().getParent());
        FileAttribute<?>[] owner =
                FileSystems.getDefault().supportedFileAttributeViews().contains("posix")
                        ? new FileAttribute<?>[] {
                            PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------"))
                        }
                        : new FileAttribute<?>[0];
        FileChannel channel = FileChannel.open(
                path, Set.of(StandardOpenOption.CREATE, StandardOpenOption.WRITE, LinkOption.NOFOLLOW_LINKS), owner);
        try {
            FileLock lock = channel.tryLock();
            if (lock != null) {
                return Optional.of(new StatsLock(channel, lock));
            }
        } catch (OverlappingFileLockException e) {
            // This process holds it already (counters opened twice on one file): as taken as by another.
        }
        channel.close();
        return Optional.empty();
    }

    /** Lets the lock go (closing the file lets it go; the process's end would at the latest). */
    @Override
    public void close() {
        try {
            channel.close();
        } catch (IOException e) {
            LOG.warn("cannot close {} ({}); its lock goes when this process ends", lock, e.toString());
        }
    }
}
