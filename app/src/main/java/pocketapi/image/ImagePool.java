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

import pocketapi.util.Folder;
import pocketapi.util.Resources;

/**
 * A pool of pictures: entries (paths under {@code /d/image/} of the image host) read from a plain
 * text file, one per line, blank lines and {@code #} comments ignored. Picks are uniform at random.
 * Immutable and thread-safe; every entry is path-encoded once, when the pool is made.
 */
public final class ImagePool {
    /** A pool file is read whole: at most this many bytes (some 100,000 entries). */
    static final int MAX_BYTES = 8 << 20;
    /** Where every entry lives on the image host. */
    public static final String PREFIX = "/d/image/";

    private final String source;
    private final List<String> entries;
    private final List<String> encoded;

    private ImagePool(String source, List<String> entries) {
        this.source = source;
        this.entries = List.copyOf(entries);
        List<String> paths = new ArrayList<>(entries.size());
        for (String entry : entries) {
            paths.add(PathEncoding.encode(entry));
        }
        this.encoded = List.copyOf(paths);
    }

    /**
     * Parses pool text.
     *
     * @throws ImagePoolException if it has no entry, or an entry with a {@code .} or {@code ..}
     *                            segment (its link would resolve outside {@code /d/image/})
     */
    public static ImagePool parse(String source, String text) throws ImagePoolException {
        List<String> entries = new ArrayList<>();
        String[] lines = text.split("\n");
        for (int n = 0; n < lines.length; n++) {
            String entry = lines[n].strip();
            while (entry.startsWith("/")) {
                entry = entry.substring(1);
            }
            if (entry.isEmpty() || lines[n].strip().startsWith("#")) {
                continue;
            }
            for (String segment : entry.split("/", -1)) {
                if (segment.equals(".") || segment.equals("..")) {
                    throw new ImagePoolException(source + ", line " + (n + 1) + ": \"" + entry + "\" has a \""
                            + segment + "\" segment; entries are paths below /d/image/ and may not leave it");
                }
            }
            entries.add(entry);
        }
        if (entries.isEmpty()) {
            throw new ImagePoolException(source + ": the pool is empty; list one picture path per line");
        }
        return new ImagePool(source, entries);
    }

    /**
     * Reads a pool file (UTF-8).
     *
     * @param setting the setting that names the file, for messages
     */
    public static ImagePool read(Path file, String setting) throws ImagePoolException {
        if (!Files.exists(file)) {
            throw new ImagePoolException(file + " (" + setting + "): no such file");
        }
        try {
            byte[] bytes = Folder.readFile(file, MAX_BYTES);
            return parse(file.toString(), StandardCharsets.UTF_8.newDecoder().decode(ByteBuffer.wrap(bytes)).toString());
        } catch (CharacterCodingException e) {
            throw new ImagePoolException(file + " (" + setting + "): is not UTF-8 text; save it as UTF-8 "
                    + "(pictures with Chinese names need it)");
        } catch (IOException e) {
            throw new ImagePoolException(file + " (" + setting + "): cannot be read (" + e.getMessage() + ")");
        }
    }

    /** Reads a pool shipped inside the jar. */
    static ImagePool resource(String path) throws ImagePoolException {
        byte[] bytes = Resources.read(path)
                .orElseThrow(() -> new ImagePoolException("built-in " + path + ": missing from the jar"));
        return parse("built-in " + path, new String(bytes, StandardCharsets.UTF_8));
    }

    /** A random picture's absolute link: {@code base + /d/image/ + the path-encoded entry}. */
    public String link(String base, RandomGenerator random) {
        return base + PREFIX + encoded.get(random.nextInt(encoded.size()));
    }

    /** The entries as written in the file. */
    public List<String> entries() {
        return entries;
    }

    public int size() {
        return entries.size();
    }

    /** Where the pool came from: a file path or a built-in resource. */
    public String source() {
        return source;
    }
}
