package pocketapi.counters;

import java.io.ByteArrayInputStream;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import java.util.Random;
import pocketapi.files.Disk;

/**
 * A {@link Disk} in memory that fails on purpose: {@link #failIn} makes the n-th operation from now (a write of some
 * bytes included) fail as a full disk does, after writing part of what it was given; {@link #crashIn} cuts the power
 * there instead. After a power cut every file holds what was forced to disk, followed by any part of what was not,
 * possibly zeros after it (as a file system may show); renames, links and deletions are durable, as {@code LocalDisk}
 * makes them. {@link #failReads} makes a file unreadable past some bytes. {@link #watch} checks after every operation
 * that a file, once it exists, is never absent.
 */
final class CrashDisk implements Disk {
    /** The power went: nothing more is written until {@link #reboot}. */
    static final class PowerCut extends RuntimeException {
        PowerCut() {
            super("power cut", null, false, false);
        }
    }

    private static final class File {
        byte[] content = new byte[0];
        int durable;
    }

    private final Random random;
    private final Map<Path, File> files = new HashMap<>();
    private long failAt = -1;
    private long crashAt = -1;
    private long ops;
    private boolean down;
    private Path watched;
    private boolean seen;
    private final Map<Path, Integer> readable = new HashMap<>();

    CrashDisk(Random random) {
        this.random = random;
    }

    void failIn(int n) {
        failAt = ops + n;
    }

    void crashIn(int n) {
        crashAt = ops + n;
        down |= n == 0;
    }

    boolean down() {
        return down;
    }

    /** Reads of {@code file} fail, as a bad sector does, past its first {@code bytes} bytes. */
    void failReads(Path file, int bytes) {
        readable.put(file, bytes);
    }

    void watch(Path path) {
        watched = path;
    }

    /** Power back: each file as the cut left it. */
    void reboot() {
        for (File f : files.values()) {
            int unforced = f.content.length - f.durable;
            int kept = f.durable + (unforced > 0 ? random.nextInt(unforced + 1) : 0);
            byte[] after =
                    Arrays.copyOf(f.content, kept + (unforced > 0 && random.nextInt(4) == 0 ? random.nextInt(64) : 0));
            f.content = after; // zeros past what was kept, sometimes
            f.durable = after.length;
        }
        down = false;
        failAt = -1;
        crashAt = -1;
    }

    /** Counts an operation; true when this one is to fail as a full disk. */
    private boolean op() throws IOException {
        if (down) {
            throw new PowerCut();
        }
        ops++;
        if (ops == crashAt) {
            down = true;
            throw new PowerCut();
        }
        return ops == failAt;
    }

    private void check() {
        if (watched != null) {
            seen |= files.containsKey(watched);
            if (seen && !files.containsKey(watched)) {
                throw new AssertionError(watched + " was absent");
            }
        }
    }

    private OutputStream writer(File f) {
        return new OutputStream() {
            @Override
            public void write(int b) throws IOException {
                write(new byte[] {(byte) b}, 0, 1);
            }

            @Override
            public void write(byte[] b, int off, int len) throws IOException {
                boolean full = op();
                int n = full ? random.nextInt(len + 1) : len;
                byte[] grown = Arrays.copyOf(f.content, f.content.length + n);
                System.arraycopy(b, off, grown, f.content.length, n);
                f.content = grown;
                if (full) {
                    throw new IOException("No space left on device");
                }
            }

            @Override
            public void close() throws IOException {
                if (op()) {
                    throw new IOException("No space left on device");
                }
                f.durable = f.content.length;
            }
        };
    }

    @Override
    public OutputStream create(Path file) throws IOException {
        if (op()) {
            throw new IOException("No space left on device");
        }
        if (files.containsKey(file)) {
            throw new FileAlreadyExistsException(file.toString());
        }
        File f = new File();
        files.put(file, f);
        return writer(f);
    }

    @Override
    public OutputStream append(Path file) throws IOException {
        if (op()) {
            throw new IOException("No space left on device");
        }
        return writer(files.computeIfAbsent(file, p -> new File()));
    }

    @Override
    public InputStream read(Path file) throws IOException {
        File f = files.get(file);
        if (f == null) {
            throw new FileNotFoundException(file.toString());
        }
        int bytes = readable.getOrDefault(file, f.content.length);
        return new java.io.SequenceInputStream(
                new ByteArrayInputStream(f.content, 0, bytes),
                bytes < f.content.length ? failing() : InputStream.nullInputStream());
    }

    private static InputStream failing() {
        return new InputStream() {
            @Override
            public int read() throws IOException {
                throw new IOException("Input/output error");
            }
        };
    }

    @Override
    public void rename(Path from, Path to) throws IOException {
        if (op()) {
            throw new IOException("No space left on device");
        }
        File f = files.remove(from);
        if (f == null) {
            throw new NoSuchFileException(from.toString());
        }
        files.put(to, f);
        check();
    }

    @Override
    public void link(Path existing, Path copy) throws IOException {
        if (op()) {
            throw new IOException("No space left on device");
        }
        File f = files.get(existing);
        if (f == null || files.containsKey(copy)) {
            throw new IOException("cannot link " + existing + " as " + copy);
        }
        files.put(copy, f);
    }

    @Override
    public void delete(Path file) throws IOException {
        if (files.containsKey(file) && op()) {
            throw new IOException("No space left on device");
        }
        files.remove(file);
        check();
    }

    @Override
    public boolean exists(Path file) {
        return files.containsKey(file);
    }

    @Override
    public long size(Path file) throws IOException {
        File f = files.get(file);
        if (f == null) {
            throw new NoSuchFileException(file.toString());
        }
        return f.content.length;
    }

    /** What a file holds now (tests). */
    String text(Path file) {
        return new String(files.get(file).content, java.nio.charset.StandardCharsets.UTF_8);
    }

    void put(Path file, String text) {
        File f = new File();
        f.content = text.getBytes(java.nio.charset.StandardCharsets.UTF_8);
        f.durable = f.content.length;
        files.put(file, f);
    }
}
