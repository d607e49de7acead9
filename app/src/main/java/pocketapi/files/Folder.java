package pocketapi.files;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.*;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;

/**
 * Reads the small files of a folder an operator (or anyone who can write there) fills: the holiday years, the calendars
 * of one's own, the holiday cache, a pool file. Regular files only: a FIFO, a device or a folder is never opened (a
 * FIFO would hang the read), and a symbolic link counts only when it leads to a regular file inside the folder; every
 * read stops at a size, and the files of a folder together at another. A file that breaks a rule comes back with the
 * reason alone, never with any of its content. Stateless.
 */
public final class Folder {
    private Folder() {
    }

    /**
     * One file of a folder: its bytes, or (bytes null) why it is refused, or (both null) that it is
     * unchanged since the look that saw {@code stamp} (its size, time and inode).
     */
    public record File(Path path, byte[] bytes, String problem, Object stamp) {
        public File(Path path, byte[] bytes, String problem) {
            this(path, bytes, problem, null);
        }

        /** The file name without its extension: {@code 2027} of {@code 2027.json}. */
        public String stem() {
            String name = path.getFileName().toString();
            return name.substring(0, name.lastIndexOf('.') < 0 ? name.length() : name.lastIndexOf('.'));
        }
    }

    /** The files of {@code dir} whose names {@code names} accepts, in name order (one deleted while this runs is left out). */
    public static List<File> read(Path dir, Predicate<String> names, int maxFile, long maxTotal) throws IOException {
        return read(dir, names, maxFile, maxTotal, Map.of());
    }

    /**
     * {@link #read(Path, Predicate, int, long)}, but a file whose stamp is the one {@code known}
     * holds for it is not read again: it comes back with its stamp alone.
     */
    public static List<File> read(Path dir, Predicate<String> names, int maxFile, long maxTotal, Map<Path, Object> known)
            throws IOException {
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
            Path target;
            long size;
            Object stamp;
            try {
                target = Files.isSymbolicLink(path) ? path.toRealPath() : path;
                if (target != path && !target.startsWith(inside)) {
                    throw new Refused("a symbolic link to a file outside " + dir);
                }
                BasicFileAttributes a = attributes(target, maxFile);
                size = a.size();
                stamp = List.of(target.toString(), a.size(), a.lastModifiedTime(), String.valueOf(a.fileKey()));
            } catch (NoSuchFileException e) {
                if (Files.isSymbolicLink(path)) {
                    files.add(new File(path, null, "a symbolic link to a missing file"));
                }
                continue;  // else deleted since it was listed
            } catch (IOException e) {
                files.add(refused(path, e));
                continue;
            }
            total += size;
            if (total > maxTotal) {
                throw new IOException(dir + ": its files together are larger than " + maxTotal + " bytes");
            }
            if (stamp.equals(known.get(path))) {
                files.add(new File(path, null, null, stamp));
                continue;
            }
            try {
                files.add(new File(path, bytes(target, maxFile), null, stamp));
            } catch (NoSuchFileException e) {
                // deleted since it was listed
            } catch (IOException e) {
                files.add(refused(path, e));
            }
        }
        return files;
    }

    private static File refused(Path path, IOException e) {
        return new File(path, null, e instanceof Refused ? e.getMessage() : e instanceof AccessDeniedException
                ? "no permission to read it" : "cannot be read (" + e.getClass().getSimpleName() + ")");
    }

    /** One file named by a setting, read by the same rules. */
    public static byte[] readFile(Path file, int maxFile) throws IOException {
        Path target = file.toRealPath();  // the operator named it: a link is followed
        attributes(target, maxFile);
        return bytes(target, maxFile);
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

    private static byte[] bytes(Path file, int maxFile) throws IOException {
        try (InputStream in = Files.newInputStream(file, LinkOption.NOFOLLOW_LINKS)) {
            byte[] bytes = in.readNBytes(maxFile + 1);
            if (bytes.length > maxFile) {
                throw new Refused("larger than " + maxFile + " bytes");  // it grew since its size was read
            }
            return bytes;
        }
    }

    /** A file the rules refuse; the message is the reason. */
    private static final class Refused extends IOException {
        Refused(String reason) {
            super(reason, null);
        }
    }
}
