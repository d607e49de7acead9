package pocketapi.image;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.random.RandomGenerator;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import pocketapi.files.Folder;
import pocketapi.files.Resources;

/**
 * A pool of pictures: entries (paths under {@code /d/image/} of the image host) read from a plain
 * text file, one per line, each optionally followed by its size ({@code wall/a.jpg 1920x1080});
 * blank lines and {@code #} comments ignored. Each picture has a side (the pool file it came from:
 * portrait or landscape, else from its size; null when neither says) and a shape (from its size,
 * else its side). Picks are uniform at random among the pictures a request may have ({@link #choice}).
 * Immutable and thread-safe; every entry is path-encoded once, when the pool is made.
 */
public final class ImagePool {
    /** A pool file is read whole: at most this many bytes (some 100,000 entries). */
    static final int MAX_BYTES = 8 << 20;
    /** Where every entry lives on the image host. */
    public static final String PREFIX = "/d/image/";
    private static final Pattern SIZED = Pattern.compile("(.*\\S)\\s+([1-9][0-9]{0,5})x([1-9][0-9]{0,5})");

    /** A picture's shape. */
    public enum Shape { LANDSCAPE, PORTRAIT, SQUARE }

    /**
     * One picture.
     *
     * @param id    its place in the pool
     * @param path  the entry, path-encoded
     * @param width 0 when the pool file does not say
     * @param side  the side a device or {@code /pe}, {@code /pc} chooses it by; null: either
     */
    public record Picture(int id, String entry, String path, int width, int height, Shape side, Shape shape) {
    }

    private final String source;
    private final List<Picture> pictures;
    /** By side (LANDSCAPE, PORTRAIT, either) and shape filter (none, then each Shape): the pictures to pick from. */
    private final List<List<List<Picture>>> choices = new ArrayList<>();

    private ImagePool(String source, List<Picture> pictures) {
        this.source = source;
        this.pictures = List.copyOf(pictures);
        for (int side = 0; side < 3; side++) {
            List<List<Picture>> byShape = new ArrayList<>();
            for (int shape = 0; shape < 4; shape++) {
                List<Picture> list = new ArrayList<>();
                for (Picture p : this.pictures) {
                    if ((side == 2 || p.side() == null || p.side().ordinal() == side) && (shape == 0 || p.shape() != null
                            && p.shape().ordinal() == shape - 1)) {
                        list.add(p);
                    }
                }
                byShape.add(List.copyOf(list));
            }
            choices.add(byShape);
        }
    }

    /** The pictures of two pools, each keeping its side: today's portrait and landscape pools as one. */
    public static ImagePool join(String source, ImagePool... pools) {
        List<Picture> all = new ArrayList<>();
        for (ImagePool pool : pools) {
            for (Picture p : pool.pictures) {
                all.add(new Picture(all.size(), p.entry(), p.path(), p.width(), p.height(), p.side(), p.shape()));
            }
        }
        return new ImagePool(source, all);
    }

    /**
     * Parses pool text.
     *
     * @param side the side of every picture (a portrait or landscape file), or null: from each size
     * @throws ImagePoolException if it has no entry, or an entry with a {@code .} or {@code ..}
     *                            segment (its link would resolve outside {@code /d/image/})
     */
    public static ImagePool parse(String source, String text, Shape side) throws ImagePoolException {
        List<Picture> pictures = new ArrayList<>();
        String[] lines = text.split("\n");
        for (int n = 0; n < lines.length; n++) {
            String entry = lines[n].strip();
            while (entry.startsWith("/")) {
                entry = entry.substring(1);
            }
            if (entry.isEmpty() || lines[n].strip().startsWith("#")) {
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
            for (String segment : entry.split("/", -1)) {
                if (segment.equals(".") || segment.equals("..")) {
                    throw new ImagePoolException(source + ", line " + (n + 1) + ": \"" + entry + "\" has a \""
                            + segment + "\" segment; entries are paths below /d/image/ and may not leave it");
                }
            }
            Shape shape = width == 0 ? side : width > height ? Shape.LANDSCAPE : width < height ? Shape.PORTRAIT : Shape.SQUARE;
            pictures.add(new Picture(pictures.size(), entry, PathEncoding.encode(entry), width, height,
                    side != null || shape == Shape.SQUARE ? side : shape, shape));
        }
        if (pictures.isEmpty()) {
            throw new ImagePoolException(source + ": the pool is empty; list one picture path per line");
        }
        return new ImagePool(source, pictures);
    }

    /** Parses pool text whose pictures' sides come from their sizes. */
    public static ImagePool parse(String source, String text) throws ImagePoolException {
        return parse(source, text, null);
    }

    /**
     * Reads a pool file (UTF-8).
     *
     * @param setting the setting that names the file, for messages
     */
    public static ImagePool read(Path file, String setting, Shape side) throws ImagePoolException {
        if (!Files.exists(file)) {
            throw new ImagePoolException(file + " (" + setting + "): no such file");
        }
        try {
            return parse(file.toString(), utf8(Folder.readFile(file, MAX_BYTES)), side);
        } catch (CharacterCodingException e) {
            throw new ImagePoolException(file + " (" + setting + "): is not UTF-8 text; save it as UTF-8 "
                    + "(pictures with Chinese names need it)");
        } catch (IOException e) {
            throw new ImagePoolException(file + " (" + setting + "): cannot be read (" + e.getMessage() + ")");
        }
    }

    static String utf8(byte[] bytes) throws CharacterCodingException {
        return StandardCharsets.UTF_8.newDecoder().decode(ByteBuffer.wrap(bytes)).toString();
    }

    /** Reads a pool shipped inside the jar. */
    static ImagePool resource(String path, Shape side) throws ImagePoolException {
        byte[] bytes = Resources.read(path)
                .orElseThrow(() -> new ImagePoolException("built-in " + path + ": missing from the jar"));
        return parse("built-in " + path, new String(bytes, StandardCharsets.UTF_8), side);
    }

    /**
     * The pictures a request may have: of {@code side} (null: any; pictures of no side count for
     * both), and of {@code shape} when given. Empty when there are none.
     */
    public List<Picture> choice(Shape side, Shape shape) {
        return choices.get(side == null ? 2 : side.ordinal()).get(shape == null ? 0 : shape.ordinal() + 1);
    }

    /** A random picture's absolute link: {@code base + /d/image/ + the path-encoded entry}. */
    public String link(String base, RandomGenerator random) {
        return base + PREFIX + pictures.get(random.nextInt(pictures.size())).path();
    }

    /** The entries as written in the file. */
    public List<String> entries() {
        return pictures.stream().map(Picture::entry).toList();
    }

    public List<Picture> pictures() {
        return pictures;
    }

    public int size() {
        return pictures.size();
    }

    /** Where the pool came from: a file path or a built-in resource. */
    public String source() {
        return source;
    }
}
