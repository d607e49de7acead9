package pocketapi.stats;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;

/**
 * A {@link Disk} in memory that fails the way real ones do, for the crash model tests.
 *
 * <p>It keeps two views of one folder: what a process sees (the page cache) and what survives a
 * power cut (what was forced: a file's content up to its last {@code sync}, and the names as of
 * the last rename or first sync of a new file, which force the folder). A test arms a fault for
 * the n-th operation from now (every call, and every write of a buffer, is one operation):
 * <ul>
 *   <li>{@link Fault#FAIL}: an {@link IOException} (a full disk); a write first writes part of its bytes;</li>
 *   <li>{@link Fault#KILL}: the process dies there ({@link Crash}); a write first writes part of its bytes;</li>
 *   <li>{@link Fault#POWER}: the same, and then the power goes: only forced bytes and names
 *       surely survive; of the rest, a part may, or zeros, or garbage.</li>
 * </ul>
 * Every operation made is recorded in {@link #log} for a failing test to print. Not thread-safe.
 */
final class CrashDisk implements Disk {
    enum Fault { FAIL, KILL, POWER }

    /** The process died at an operation: thrown through everything (an Error, so no catch takes it). */
    static final class Crash extends Error {
        private static final long serialVersionUID = 1L;
        final Fault fault;

        Crash(Fault fault) {
            super("crash (" + fault + ")", null, false, false);
            this.fault = fault;
        }
    }

    private static final class Node {
        byte[] data = new byte[64];
        int length;
        /** Bytes forced to the device. */
        int durable;

        void write(byte[] b, int off, int len) {
            if (length + len > data.length) {
                data = Arrays.copyOf(data, Math.max(data.length * 2, length + len));
            }
            System.arraycopy(b, off, data, length, len);
            length += len;
        }

        byte[] bytes() {
            return Arrays.copyOf(data, length);
        }
    }

    private final Random random;
    private Map<Path, Node> live = new HashMap<>();
    private Map<Path, Node> durable = new HashMap<>();
    private int countdown = -1;
    private Fault armed;
    final List<String> log = new ArrayList<>();
    /** Bytes written by every write (to check that saves stream and are proportional to changes). */
    long written;
    /** The largest single write: a save that buffered a whole file or record would show here. */
    int largestWrite;

    CrashDisk(Random random) {
        this.random = random;
    }

    /** Arms {@code fault} for the {@code n}-th operation from now (1: the next). */
    void arm(Fault fault, int n) {
        armed = fault;
        countdown = n;
    }

    void disarm() {
        armed = null;
        countdown = -1;
    }

    boolean armed() {
        return armed != null;
    }

    private void operation(String what) throws IOException {
        log.add(what);
        if (armed != null && --countdown == 0) {
            Fault fault = armed;
            disarm();
            log.add("  -> " + fault);
            if (fault == Fault.FAIL) {
                throw new IOException("No space left on device (" + what + ")");
            }
            throw new Crash(fault);
        }
    }

    /** What happens to the files when the process died of {@code crash}: a power cut loses what was not forced. */
    void afterCrash(Fault fault) {
        disarm();
        if (fault == Fault.POWER) {
            Map<Path, Node> survived = new HashMap<>();
            Map<Node, Node> copies = new HashMap<>();
            for (Map.Entry<Path, Node> e : durable.entrySet()) {
                survived.put(e.getKey(), copies.computeIfAbsent(e.getValue(), this::survivor));
            }
            live = survived;
            durable = new HashMap<>(survived);
            log.add("power cut: " + new TreeMap<>(sizes()));
        } else {
            log.add("killed: " + new TreeMap<>(sizes()));
        }
    }

    /** A file after a power cut: what was forced, and of the rest maybe a part, zeros or garbage. */
    private Node survivor(Node n) {
        Node s = new Node();
        s.write(n.data, 0, n.durable);
        int extra = n.length - n.durable;
        if (extra > 0 && random.nextBoolean()) {
            int keep = 1 + random.nextInt(extra);
            switch (random.nextInt(3)) {
                case 0 -> s.write(n.data, n.durable, keep);
                case 1 -> s.write(new byte[keep], 0, keep);
                default -> {
                    byte[] junk = new byte[keep];
                    random.nextBytes(junk);
                    s.write(junk, 0, keep);
                }
            }
        }
        s.durable = s.length;
        return s;
    }

    /** Damages one byte of a file that is on the device (a bad sector). */
    void corrupt(Path file) {
        Node n = live.get(file);
        if (n != null && n.length > 0) {
            int at = random.nextInt(n.length);
            n.data[at] ^= (byte) (1 + random.nextInt(255));
            log.add("corrupted " + file.getFileName() + " at byte " + at);
        }
    }

    List<Path> files() {
        return new ArrayList<>(new TreeMap<>(live).keySet());
    }

    Map<String, Integer> sizes() {
        Map<String, Integer> sizes = new HashMap<>();
        live.forEach((p, n) -> sizes.put(p.getFileName().toString(), n.length));
        return sizes;
    }

    byte[] content(Path file) {
        Node n = live.get(file);
        return n == null ? null : n.bytes();
    }

    void put(Path file, byte[] content) {
        Node n = new Node();
        n.write(content, 0, content.length);
        n.durable = n.length;
        live.put(file, n);
        durable.put(file, n);
    }

    @Override
    public boolean exists(Path file) {
        return live.containsKey(file);
    }

    @Override
    public long size(Path file) throws IOException {
        Node n = live.get(file);
        if (n == null) {
            throw new NoSuchFileException(file.toString());
        }
        return n.length;
    }

    @Override
    public InputStream read(Path file) throws IOException {
        operation("read " + file.getFileName());
        Node n = live.get(file);
        if (n == null) {
            throw new NoSuchFileException(file.toString());
        }
        return new ByteArrayInputStream(n.bytes());
    }

    @Override
    public Output create(Path file) throws IOException {
        operation("create " + file.getFileName());
        Node n = new Node();
        live.put(file, n);
        return new NodeOutput(file, n, true);
    }

    @Override
    public Output append(Path file) throws IOException {
        operation("append " + file.getFileName());
        Node n = live.get(file);
        if (n == null) {
            n = new Node();
            live.put(file, n);
        }
        return new NodeOutput(file, n, true);  // as LocalDisk: an append's first sync forces the folder
    }

    @Override
    public void rename(Path from, Path to) throws IOException {
        operation("rename " + from.getFileName() + " -> " + to.getFileName());
        Node n = live.remove(from);
        if (n == null) {
            throw new NoSuchFileException(from.toString());
        }
        live.put(to, n);
        durable = new HashMap<>(live);  // the rename forces the folder
    }

    @Override
    public void delete(Path file) throws IOException {
        operation("delete " + file.getFileName());
        if (live.remove(file) != null) {
            durable = new HashMap<>(live);  // as LocalDisk: a delete forces the folder
        }
    }

    private final class NodeOutput extends Output {
        private final Path file;
        private final Node node;
        private boolean newName;

        NodeOutput(Path file, Node node, boolean newName) {
            this.file = file;
            this.node = node;
            this.newName = newName;
        }

        @Override
        public void write(int b) throws IOException {
            write(new byte[] {(byte) b}, 0, 1);
        }

        @Override
        public void write(byte[] b, int off, int len) throws IOException {
            try {
                operation("write " + file.getFileName() + " " + len + " bytes");
            } catch (IOException | Crash e) {
                int part = len == 0 ? 0 : random.nextInt(len);  // a write cut short
                node.write(b, off, part);
                written += part;
                throw e;
            }
            node.write(b, off, len);
            written += len;
            largestWrite = Math.max(largestWrite, len);
        }

        @Override
        public void sync() throws IOException {
            operation("sync " + file.getFileName());
            node.durable = node.length;
            if (newName) {
                durable.put(file, node);  // forcing a new file forces its name too
                newName = false;
            }
        }

        @Override
        public void close() {
        }
    }
}
