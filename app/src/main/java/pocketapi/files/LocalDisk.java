package pocketapi.files;

import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.file.*;
import java.nio.file.attribute.FileAttribute;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Set;

/** {@link Disk} on the real file system. Stateless. */
final class LocalDisk implements Disk {
    private static final boolean POSIX =
            java.nio.file.FileSystems.getDefault().supportedFileAttributeViews().contains("posix");

    @Override
    public OutputStream create(Path file) throws IOException {
        return open(file, StandardOpenOption.CREATE_NEW);
    }

    @Override
    public OutputStream append(Path file) throws IOException {
        return open(file, StandardOpenOption.CREATE, StandardOpenOption.APPEND);
    }

    /** Opens a file to write, creating its folder if missing. */
    private static OutputStream open(Path file, OpenOption... how) throws IOException {
        Files.createDirectories(file.toAbsolutePath().getParent());
        Set<OpenOption> options = new java.util.HashSet<>(Set.of(how));
        options.add(StandardOpenOption.WRITE);
        options.add(LinkOption.NOFOLLOW_LINKS);
        FileAttribute<?>[] owner = POSIX
                ? new FileAttribute<?>[] {
                    PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------"))
                }
                : new FileAttribute<?>[0];
        FileChannel channel = FileChannel.open(file, options, owner);
        return new FilterOutputStream(Channels.newOutputStream(channel)) {
            @Override
            public void write(byte[] b, int off, int len) throws IOException {
                out.write(b, off, len);
            }

            @Override
            public void close() throws IOException {
                try {
                    channel.force(true);
                } finally {
                    channel.close();
                }
            }
        };
    }

    @Override
    public InputStream read(Path file) throws IOException {
        return Files.newInputStream(file, LinkOption.NOFOLLOW_LINKS);
    }

    @Override
    public void rename(Path from, Path to) throws IOException {
        try {
            Files.move(from, to, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } catch (AtomicMoveNotSupportedException e) {
            Files.move(from, to, StandardCopyOption.REPLACE_EXISTING);
        }
        syncFolder(to);
    }

    @Override
    public void link(Path existing, Path copy) throws IOException {
        try {
            Files.createLink(copy, existing);
        } catch (UnsupportedOperationException | FileSystemException e) {
            Files.copy(existing, copy, LinkOption.NOFOLLOW_LINKS);
        }
        syncFolder(copy);
    }

    @Override
    public void delete(Path file) throws IOException {
        if (Files.deleteIfExists(file)) {
            syncFolder(file);
        }
    }

    @Override
    public boolean exists(Path file) {
        return Files.exists(file, LinkOption.NOFOLLOW_LINKS);
    }

    @Override
    public long size(Path file) throws IOException {
        return Files.size(file);
    }

    /** Best effort: not every platform can open a folder to force it. */
    private static void syncFolder(Path file) {
        try (FileChannel folder = FileChannel.open(file.toAbsolutePath().getParent(), StandardOpenOption.READ)) {
            folder.force(true);
        } catch (IOException | UnsupportedOperationException e) {
            // the file itself is on disk; only the rename might be replayed
        }
    }
}
