package pocketapi.stats;

import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.OpenOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.FileAttribute;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Set;

/**
 * {@link Disk} on the local file system. Files are created 0600 ({@code O_CREAT|O_EXCL} for new
 * ones, {@code O_NOFOLLOW} for appends), so a symbolic link planted in the folder is refused, not
 * followed; a file an older version created with wider permissions is narrowed when next appended
 * to. A rename forces the folder too, so it survives a power cut. Stateless.
 */
final class LocalDisk implements Disk {
    static final LocalDisk INSTANCE = new LocalDisk();

    private static final Set<PosixFilePermission> OWNER_ONLY = PosixFilePermissions.fromString("rw-------");

    private LocalDisk() {
    }

    @Override
    public boolean exists(Path file) {
        return Files.exists(file, LinkOption.NOFOLLOW_LINKS);
    }

    @Override
    public long size(Path file) throws IOException {
        return Files.size(file);
    }

    @Override
    public InputStream read(Path file) throws IOException {
        return new BufferedInputStream(Files.newInputStream(file, LinkOption.NOFOLLOW_LINKS), 1 << 16);
    }

    @Override
    public Output create(Path file) throws IOException {
        Files.createDirectories(file.toAbsolutePath().getParent());
        Files.deleteIfExists(file);  // a link is removed, never followed
        return open(file, true, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE);
    }

    @Override
    public Output append(Path file) throws IOException {
        Files.createDirectories(file.toAbsolutePath().getParent());
        // Its first sync forces the folder too: the file may be new, or new to a folder a failed sync never forced.
        Output out = open(file, true, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
                StandardOpenOption.APPEND, LinkOption.NOFOLLOW_LINKS);
        narrow(file);
        return out;
    }

    /** @param created whether the first sync forces the folder too (a new file's name is lost to a power cut otherwise) */
    private static Output open(Path file, boolean created, OpenOption... options) throws IOException {
        FileChannel channel;
        try {
            FileAttribute<?> mode = PosixFilePermissions.asFileAttribute(OWNER_ONLY);
            channel = FileChannel.open(file, Set.of(options), mode);
        } catch (UnsupportedOperationException notPosix) {
            channel = FileChannel.open(file, Set.of(options));
        }
        return new ChannelOutput(channel, created ? file.toAbsolutePath().getParent() : null);
    }

    /** Files written by versions before 1.3 could be 0644. */
    private static void narrow(Path file) {
        try {
            if (!Files.getPosixFilePermissions(file, LinkOption.NOFOLLOW_LINKS).equals(OWNER_ONLY)) {
                Files.setPosixFilePermissions(file, OWNER_ONLY);
            }
        } catch (IOException | UnsupportedOperationException e) {
            // not a POSIX file system: nothing to narrow
        }
    }

    @Override
    public void rename(Path from, Path to) throws IOException {
        try {
            Files.move(from, to, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } catch (AtomicMoveNotSupportedException e) {
            Files.move(from, to, StandardCopyOption.REPLACE_EXISTING);
        }
        force(to.toAbsolutePath().getParent());
    }

    private static void force(Path dir) {
        try (FileChannel channel = FileChannel.open(dir, StandardOpenOption.READ)) {
            channel.force(true);
        } catch (IOException | UnsupportedOperationException e) {
            // not every platform can force a folder; the file itself is on disk
        }
    }

    @Override
    public void delete(Path file) throws IOException {
        if (Files.deleteIfExists(file)) {
            force(file.toAbsolutePath().getParent());
        }
    }

    /** Writes go straight to the channel: callers buffer (a {@code BufferedOutputStream} of 64 KB). */
    private static final class ChannelOutput extends Output {
        private final FileChannel channel;
        private Path newIn;

        ChannelOutput(FileChannel channel, Path newIn) {
            this.channel = channel;
            this.newIn = newIn;
        }

        @Override
        public void write(int b) throws IOException {
            write(new byte[] {(byte) b}, 0, 1);
        }

        @Override
        public void write(byte[] b, int off, int len) throws IOException {
            ByteBuffer buffer = ByteBuffer.wrap(b, off, len);
            while (buffer.hasRemaining()) {
                channel.write(buffer);
            }
        }

        @Override
        public void sync() throws IOException {
            channel.force(false);
            if (newIn != null) {
                force(newIn);
                newIn = null;
            }
        }

        @Override
        public void close() throws IOException {
            channel.close();
        }
    }
}
