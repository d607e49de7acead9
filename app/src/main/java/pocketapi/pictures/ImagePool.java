package pocketapi.pictures;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.random.RandomGenerator;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import pocketapi.files.Allowance;
import pocketapi.files.Folder;
import pocketapi.files.Resources;
import pocketapi.logging.LogText;

/**
 * A pool of pictures: entries (paths under {@code /d/image/} of the image host) read from a plain text file, one per
 * line (CR, LF or CRLF ends a line), each optionally followed by its size ({@code wall/a.jpg 1920x1080}, or {@code 1920
 * 1080} as ImageMagick's {@code identify -format '%w %h'} writes it); blank lines and {@code #} comments ignored. An
 * entry longer than {@value #MAX_ENTRY} characters as a link is left out, with one WARN for its file naming its line,
 * and the rest of the file is read: every request copies its picture's link, so the longest entry, not the file's size,
 * decides what a request takes of the heap. Each picture has a side (the pool file it came from: portrait or landscape,
 * else from its size; null when neither says) and a shape (from its size, else its side). Picks are uniform at random
 * among the pictures a request may have ({@link #choice}). Kept compact, as the memory budget counts it
 * ({@link #BYTES_PER_ENTRY} bytes an entry beyond its UTF-8 bytes): the entries' bytes in one array, sizes and sides in
 * arrays, each choice a list of positions; a {@link Picture} is made when it is picked (its path encoded then).
 * Immutable and thread-safe.
 */
public final class ImagePool {
    /** A pool file is read whole: at most this many bytes. */
    static final int MAX_BYTES = 4 << 20;
    /**
     * An entry is a link's path: at most this many characters once percent-encoded ({@link PathEncoding}), as it goes
     * into the {@code Location} header and the link's text. Far below what Jetty lets a response's headers take.
     */
    public static final int MAX_ENTRY = 2048;
    /**
     * A line longer than this many bytes, blanks and leading slashes aside, is left out without being decoded: its
     * entry cannot be within {@link #MAX_ENTRY} (an entry's UTF-8 bytes are at most its encoded length) unless
     * thousands of blanks stand before its size.
     */
    private static final int MAX_LINE = 2 * MAX_ENTRY;
    /** Lines left out named in the WARN at most; the rest are counted. */
    private static final int NAMED_LINES = 10;

    private static final Logger LOG = LoggerFactory.getLogger(ImagePool.class);
    /**
     * What an entry costs in memory beyond its UTF-8 bytes: offset, size, side, shape and its places in the choices.
     */
    public static final int BYTES_PER_ENTRY = 40;
    /** Where every entry lives on the image host. */
    public static final String PREFIX = "/d/image/";

    private static final Pattern SIZED = Pattern.compile("(.*\\S)\\s+([1-9][0-9]{0,5})(?:x|\\s+)([1-9][0-9]{0,5})");

    /** A picture's shape. */
    public enum Shape {
        LANDSCAPE,
        PORTRAIT,
        SQUARE
    }

    /** One picture. */
    public record Picture(int id, String entry, String path, int width, int height, Shape side, Shape shape) {}

    private static final Shape[] SHAPES = Shape.values();
    private final String source;
    /** Every entry's UTF-8 bytes, one after the other; entry i ends at {@code ends[i]}. */
    private final byte[] text;

    private final int[] ends;
    private final int[] widths;
    private final int[] heights;
    /** Side and shape ordinals, -1 for none. */
    private final byte[] sides;

    private final byte[] shapes;
    /** By side (LANDSCAPE, PORTRAIT, either) and shape filter (none, then each Shape): the positions to pick from. */
    private final int[][] choices = new int[12][];

    private ImagePool(
            String source, byte[] text, int[] ends, int[] widths, int[] heights, byte[] sides, byte[] shapes) {
        this.source = source;
        this.text = text;
        this.ends = ends;
        this.widths = widths;
        this.heights = heights;
        this.sides = sides;
        this.shapes = shapes;
        for (int side = 0; side < 3; side++) {
            for (int shape = 0; shape < 4; shape++) {
                int[] list = new int[ends.length];
                int n = 0;
                for (int i = 0; i < ends.length; i++) {
                    if ((side == 2 || sides[i] < 0 || sides[i] == side) && (shape == 0 || shapes[i] == shape - 1)) {
                        list[n++] = i;
                    }
                }
                choices[side * 4 + shape] = java.util.Arrays.copyOf(list, n);
            }
        }
    }

    /** The picture at position {@code i}. */
    private Picture picture(int i) {
        int from = i == 0 ? 0 : ends[i - 1];
        String entry = new String(text, from, ends[i] - from, StandardCharsets.UTF_8);
        return new Picture(
                i,
                entry,
                PathEncoding.encode(entry),
                widths[i],
                heights[i],
                sides[i] < 0 ? null : SHAPES[sides[i]],
                shapes[i] < 0 ? null : SHAPES[shapes[i]]);
    }

    /** The pictures at the positions given, made when asked for. */
    private List<Picture> view(int[] positions) {
        return new java.util.AbstractList<>() {
            @Override
            public Picture get(int k) {
                return picture(positions[k]);
            }

            @Override
            public int size() {
                return positions.length;
            }
        };
    }

    /** The pictures of two pools, each keeping its side: today's portrait and landscape pools as one. */
    public static ImagePool join(String source, ImagePool... pools) {
        int bytes = 0;
        for (ImagePool pool : pools) {
            bytes += pool.text.length;
        }
        Builder all = new Builder(bytes);
        for (ImagePool pool : pools) {
            for (Picture p : pool.pictures()) {
                all.add(p.entry().getBytes(StandardCharsets.UTF_8), p.width(), p.height(), p.side(), p.shape());
            }
        }
        return all.build(source);
    }

    /** Parses pool text, with no limit on what it takes. */
    public static ImagePool parse(String source, String text, Shape side) throws ImagePoolException {
        try {
            return parse(source, text.getBytes(StandardCharsets.UTF_8), side, Allowance.unlimited());
        } catch (CharacterCodingException e) {
            throw new IllegalStateException("a String is always UTF-8", e);
        }
    }

    /**
     * Parses a pool file's bytes a line at a time, each entry charged to {@code allowance} before it is kept (a file of
     * more entries than it allows is refused part-way). Entries longer than {@link #MAX_ENTRY} are left out, with one
     * WARN naming {@code source} and their lines.
     *
     * @throws CharacterCodingException when a line is not UTF-8
     * @throws Allowance.Exceeded past the allowance
     */
    public static ImagePool parse(String source, byte[] bytes, Shape side, Allowance allowance)
            throws ImagePoolException, CharacterCodingException {
        Builder pool = new Builder(bytes.length);
        CharsetDecoder utf8 = StandardCharsets.UTF_8.newDecoder();
        List<Integer> tooLong = new ArrayList<>();
        int n = 0;
        for (int start = 0, end; start < bytes.length; start = next(bytes, end)) {
            n++;
            end = start;
            while (end < bytes.length && bytes[end] != '\n' && bytes[end] != '\r') {
                end++;
            }
            int length = measure(bytes, start, end);
            if (length < 0) {
                continue;
            }
            if (length > MAX_LINE) {
                tooLong.add(n);
                continue;
            }
            String line = utf8.decode(ByteBuffer.wrap(bytes, start, end - start))
                    .toString()
                    .strip();
            String entry = line;
            while (entry.startsWith("/")) {
                entry = entry.substring(1);
            }
            if (entry.isEmpty() || line.startsWith("#")) {
                continue;
            }
            int width = 0;
            int height = 0;
            Matcher sized = SIZED.matcher(entry);
            if (sized.matches()) {
                entry = sized.group(1);
                width = Integer.parseInt(sized.group(2));
                height = Integer.parseInt(sized.group(3));
            }
            byte[] utf = entry.getBytes(StandardCharsets.UTF_8);
            if (PathEncoding.length(utf) > MAX_ENTRY) {
                tooLong.add(n);
                continue;
            }
            for (String segment : entry.split("/", -1)) {
                if (segment.equals(".") || segment.equals("..")) {
                    throw new ImagePoolException(source + ", line " + n + ": \"" + entry + "\" has a \"" + segment
                            + "\" segment; entries are paths below /d/image/ and may not leave it");
                }
            }
            Shape shape = width == 0
                    ? side
                    : width > height ? Shape.LANDSCAPE : width < height ? Shape.PORTRAIT : Shape.SQUARE;
            allowance.charge(utf.length + BYTES_PER_ENTRY);
            pool.add(utf, width, height, side != null || shape == Shape.SQUARE ? side : shape, shape);
        }
        if (!tooLong.isEmpty()) {
            LOG.warn(
                    "{}, {}: {} longer than {} characters left out (a picture entry is a link's path, measured "
                            + "percent-encoded: a Chinese character counts 9, a space 3); {}",
                    LogText.safe(source, LogText.LINE),
                    (tooLong.size() == 1 ? "line " : "lines ") + LogText.first(tooLong, NAMED_LINES),
                    tooLong.size() == 1 ? "an entry" : tooLong.size() + " entries",
                    MAX_ENTRY,
                    pool.size == 0
                            ? "no other entry is left"
                            : pool.size + (pool.size == 1 ? " other entry is" : " other entries are") + " served");
        }
        if (pool.size == 0) {
            throw new ImagePoolException(source + ": the pool is empty; list one picture path per line");
        }
        return pool.build(source);
    }

    /** Where the line after the one ending at {@code end} starts: past its CR, LF or CRLF. */
    private static int next(byte[] bytes, int end) {
        boolean crlf = end + 1 < bytes.length && bytes[end] == '\r' && bytes[end + 1] == '\n';
        return end + (crlf ? 2 : 1);
    }

    /**
     * A line's length in bytes without its blanks and leading slashes, or -1 for a blank line or a comment: measured
     * before it is decoded, so that a line of megabytes is never made a String.
     */
    private static int measure(byte[] bytes, int start, int end) {
        int from = start;
        int to = end;
        while (from < to && blank(bytes[from])) {
            from++;
        }
        while (to > from && blank(bytes[to - 1])) {
            to--;
        }
        if (from == to || bytes[from] == '#') {
            return -1;
        }
        while (from < to && bytes[from] == '/') {
            from++;
        }
        return to - from;
    }

    /**
     * Whether a byte is an ASCII blank, as {@link String#strip} sees it (a byte of a longer UTF-8 character is not).
     */
    private static boolean blank(byte b) {
        return b >= 0 && Character.isWhitespace(b);
    }

    /** Gathers a pool's pictures into its arrays. */
    private static final class Builder {
        final java.io.ByteArrayOutputStream text;
        int size;
        int[] ends = new int[16];
        int[] widths = new int[16];
        int[] heights = new int[16];
        byte[] sides = new byte[16];
        byte[] shapes = new byte[16];

        /** @param bytes what the entries take at most (a file's size): held at once, never grown by doubling */
        Builder(int bytes) {
            text = new java.io.ByteArrayOutputStream(Math.max(16, bytes));
        }

        void add(byte[] entry, int width, int height, Shape side, Shape shape) {
            if (size == ends.length) {
                int more = size * 2;
                ends = java.util.Arrays.copyOf(ends, more);
                widths = java.util.Arrays.copyOf(widths, more);
                heights = java.util.Arrays.copyOf(heights, more);
                sides = java.util.Arrays.copyOf(sides, more);
                shapes = java.util.Arrays.copyOf(shapes, more);
            }
            text.writeBytes(entry);
            ends[size] = text.size();
            widths[size] = width;
            heights[size] = height;
            sides[size] = (byte) (side == null ? -1 : side.ordinal());
            shapes[size++] = (byte) (shape == null ? -1 : shape.ordinal());
        }

        ImagePool build(String source) {
            return new ImagePool(
                    source,
                    text.toByteArray(),
                    java.util.Arrays.copyOf(ends, size),
                    java.util.Arrays.copyOf(widths, size),
                    java.util.Arrays.copyOf(heights, size),
                    java.util.Arrays.copyOf(sides, size),
                    java.util.Arrays.copyOf(shapes, size));
        }
    }

    /** Parses pool text whose pictures' sides come from their sizes. */
    public static ImagePool parse(String source, String text) throws ImagePoolException {
        return parse(source, text, null);
    }

    /** Reads a pool file (UTF-8), charging its entries to {@code allowance}. */
    public static ImagePool read(Path file, String setting, Shape side, Allowance allowance) throws ImagePoolException {
        if (!Files.exists(file)) {
            throw new ImagePoolException(file + " (" + setting + "): no such file");
        }
        try {
            return parse(file.toString(), Folder.readFile(file, MAX_BYTES), side, allowance);
        } catch (CharacterCodingException e) {
            throw new ImagePoolException(file + " (" + setting + "): is not UTF-8 text; save it as UTF-8 "
                    + "(pictures with Chinese names need it)");
        } catch (Allowance.Exceeded e) {
            throw new ImagePoolException(file + " (" + setting + "): " + e.getMessage()
                    + "; make the pools smaller, lower " + "STATS_MAX_USERS or give Java a larger -Xmx");
        } catch (IOException e) {
            throw new ImagePoolException(file + " (" + setting + "): cannot be read (" + e.getMessage() + ")");
        }
    }

    /** Reads a pool shipped inside the jar. */
    static ImagePool resource(String path, Shape side) throws ImagePoolException {
        byte[] bytes = Resources.read(path)
                .orElseThrow(() -> new ImagePoolException("built-in " + path + ": missing from the jar"));
        try {
            return parse("built-in " + path, bytes, side, Allowance.unlimited());
        } catch (CharacterCodingException e) {
            throw new ImagePoolException("built-in " + path + ": is not UTF-8");
        }
    }

    /**
     * The pictures a request may have: of {@code side} (null: any; pictures of no side count for both), and of
     * {@code shape} when given. Empty when there are none.
     */
    public List<Picture> choice(Shape side, Shape shape) {
        return view(choices[(side == null ? 2 : side.ordinal()) * 4 + (shape == null ? 0 : shape.ordinal() + 1)]);
    }

    /** A random picture's absolute link: {@code base + /d/image/ + the path-encoded entry}. */
    public String link(String base, RandomGenerator random) {
        return base + PREFIX + picture(random.nextInt(ends.length)).path();
    }

    /** The entries as written in the file. */
    public List<String> entries() {
        return pictures().stream().map(Picture::entry).toList();
    }

    public List<Picture> pictures() {
        return view(choices[8]);
    }

    public int size() {
        return ends.length;
    }

    /** What the pool holds in memory, as the budget counts it. */
    public long bytes() {
        return text.length + (long) BYTES_PER_ENTRY * ends.length;
    }

    /** Where the pool came from: a file path or a built-in resource. */
    public String source() {
        return source;
    }
}
