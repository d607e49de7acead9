package pocketapi.files;

import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.*;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.function.Predicate;

/**
 * Reads the small files of a folder an operator (or anyone who can write there) fills: the holiday years, the calendars
 * of one's own, the holiday cache, a pool file. Regular files only: a FIFO, a device or a folder is never opened (a
 * FIFO would hang the read), and a symbolic link counts only when it leads to a regular file inside the folder; every
 * read stops at a size, and the files of a folder together at another. A file that breaks a rule comes back with the
 * reason alone, never with any of its content. Listing reads no content: a reader opens one file at a time, so what a
 * folder holds is never all in memory at once. Stateless.
 */
public final class Folder {
    private Folder() {}

    /**
     * One file of a folder, as listed: where it is, and either why it is refused or its stamp (size, time, inode: a
     * changed file has another). Its content is read when asked for ({@link #bytes}, {@link #open}), one file at a
     * time, by the same rules.
     */
    public record File(Path path, String problem, Object stamp, Path target, long size, int maxFile) {
        /** A refused file. */
        static File refused(Path path, String problem) {
            return new File(path, problem, null, null, 0, 0);
        }

        /** The file name without its extension: {@code 2027} of {@code 2027.json}. */
        public String stem() {
            String name = path.getFileName().toString();
            return name.substring(0, name.lastIndexOf('.') < 0 ? name.length() : name.lastIndexOf('.'));
        }

        /** Its content, at most its limit (a file that grew past it since it was listed is refused). */
        public byte[] bytes() throws IOException {
            try (InputStream in = open()) {
                return in.readAllBytes();
            }
        }

        /** Its content as a stream that refuses to go past its limit: a parser reads it without holding it. */
        public InputStream open() throws IOException {
            if (problem != null) {
                throw new Refused(problem);
            }
            return new Bounded(Files.newInputStream(target, LinkOption.NOFOLLOW_LINKS), maxFile);
        }
    }

    /**
     * The files of {@code dir} whose names {@code names} accepts, in name order (one deleted while this runs is left
     * out), none of them read yet: each at most {@code maxFile} bytes, all together at most {@code maxTotal}.
     */
    public static List<File> read(Path dir, Predicate<String> names, int maxFile, long maxTotal) throws IOException {
        List<Path> paths = new ArrayList<>();
        try (DirectoryStream<Path> list = Files.newDirectoryStream(dir)) {
            for (Path path : list) {
                if (names.test(path.getFileName().toString())) {
                    paths.add(path);
                }
            }
        }
        Collections.sort(paths);
        Path inside = dir.toRealPath();
        List<File> files = new ArrayList<>();
        long total = 0;
        for (Path path : paths) {
            File file = listed(path, inside, dir, maxFile);
            if (file == null) {
                continue; // deleted since it was listed
            }
            total += file.size();
            if (total > maxTotal) {
                throw new IOException(dir + ": its files together are larger than " + maxTotal + " bytes");
            }
            files.add(file);
        }
        return files;
    }

    /** One listed file, refused or with its stamp; null when it is gone. */
    private static File listed(Path path, Path inside, Path dir, int maxFile) {
        try {
            Path target = Files.isSymbolicLink(path) ? path.toRealPath() : path;
            if (target != path && !target.startsWith(inside)) {
                throw new Refused("a symbolic link to a file outside " + dir);
            }
            BasicFileAttributes a = attributes(target, maxFile);
            return new File(
                    path,
                    null,
                    List.of(target.toString(), a.size(), a.lastModifiedTime(), String.valueOf(a.fileKey())),
                    target,
                    a.size(),
                    maxFile);
        } catch (NoSuchFileException e) {
            return Files.isSymbolicLink(path) ? File.refused(path, "a symbolic link to a missing file") : null;
        } catch (IOException e) {
            return refused(path, e);
        }
    }

    private static File refused(Path path, IOException e) {
        return File.refused(
                path,
                e instanceof Refused
                        ? e.getMessage()
                        : e instanceof AccessDeniedException
                                ? "no permission to read it"
                                : "cannot be read (" + e.getClass().getSimpleName() + ")");
    }

    /** One file named by a setting, by the same rules (the operator named it: a link is followed). */
    public static File named(Path file, int maxFile) throws IOException {
        Path target = file.toRealPath();
        BasicFileAttributes a = attributes(target, maxFile);
        return new File(
                file, null, List.of(target.toString(), a.size(), a.lastModifiedTime()), target, a.size(), maxFile);
    }

    /** One file named by a setting, read by the same rules. */
    public static byte[] readFile(Path file, int maxFile) throws IOException {
        return named(file, maxFile).bytes();
    }

    /** The attributes of a regular file of at most {@code maxFile} bytes. */
    private static BasicFileAttributes attributes(Path file, int maxFile) throws IOException {
        BasicFileAttributes a = Files.readAttributes(file, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
        if (!a.isRegularFile()) {
            throw new Refused(a.isSymbolicLink() ? "a symbolic link" : "not a regular file (a folder, FIFO or device)");
        }
        if (a.size() > maxFile) {
            throw new Refused("larger than " + maxFile + " bytes");
        }
        return a;
    }

    /** A stream that refuses to give more than its limit: a file that grew since its size was read. */
    private static final class Bounded extends FilterInputStream {
        private long left;

        Bounded(InputStream in, int max) {
            super(in);
            this.left = max;
        }

        @Override
        public int read() throws IOException {
            int b = super.read();
            count(b < 0 ? 0 : 1);
            return b;
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            int n = super.read(b, off, (int) Math.min(len, left + 1));
            count(Math.max(n, 0));
            return n;
        }

        private void count(int n) throws Refused {
            left -= n;
            if (left < 0) {
                throw new Refused("larger than its limit: it grew since it was listed");
            }
        }
    }

    /** A file the rules refuse; the message is the reason. */
    private static final class Refused extends IOException {
        Refused(String reason) {
            super(reason, null);
        }
    }
}
