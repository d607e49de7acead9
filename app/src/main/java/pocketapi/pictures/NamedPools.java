package pocketapi.pictures;

import java.io.IOException;
import java.nio.charset.CharacterCodingException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ScheduledExecutorService;
import pocketapi.files.Allowance;
import pocketapi.files.Folder;
import pocketapi.files.FolderWatcher;

/**
 * The named pools of IMAGE_POOLS_DIR, served as {@code /img/NAME}: each {@code NAME.txt} (sides from the pictures'
 * sizes), {@code NAME.portrait.txt} and {@code NAME.landscape.txt} is read into the pool NAME ({@code [a-z0-9-]{1,32}},
 * not {@code pe}, {@code pc} or {@code url}), at most {@value #MAX_POOLS}, watched by a {@link FolderWatcher}: read at
 * start, where a bad file stops the start, then every few seconds, a changed pool swapped in whole. Thread-safe.
 */
public final class NamedPools {
    static final int MAX_POOLS = 64;
    private static final long MAX_FOLDER = 32 << 20;

    private final FolderWatcher<ImagePool> watcher;
    private final boolean configured;

    private NamedPools(FolderWatcher<ImagePool> watcher, boolean configured) {
        this.watcher = watcher;
        this.configured = configured;
    }

    /**
     * @param budget what the named pools may take of the heap together
     * @throws FolderWatcher.Refused naming the first bad file or the folder
     */
    public static NamedPools load(Optional<Path> dir, long budget) throws FolderWatcher.Refused {
        FolderWatcher.Rules<ImagePool> rules = new FolderWatcher.Rules<>(
                "IMAGE_POOLS_DIR",
                "picture pool",
                n -> n.endsWith(".txt"),
                stem -> stem.replaceFirst("\\.(portrait|landscape)$", ""),
                ImagePool.MAX_BYTES,
                MAX_FOLDER,
                MAX_POOLS,
                NamedPools::read,
                ImagePool::bytes,
                budget);
        return new NamedPools(FolderWatcher.load(dir, rules, Map.of()), dir.isPresent());
    }

    /** No IMAGE_POOLS_DIR: no named pools. */
    public static NamedPools none() {
        try {
            return load(Optional.empty(), Long.MAX_VALUE);
        } catch (FolderWatcher.Refused e) {
            throw new IllegalStateException(e);
        }
    }

    /** Whether IMAGE_POOLS_DIR is set: without it no path names a pool, whatever it says. */
    public boolean configured() {
        return configured;
    }

    /** The pools by name, in name order. */
    public Map<String, ImagePool> all() {
        return watcher.all();
    }

    /** What the pools take of the heap now. */
    public long bytes() {
        return all().values().stream().mapToLong(ImagePool::bytes).sum();
    }

    /** Re-reads the folder every few seconds, on {@code background}. */
    public void start(ScheduledExecutorService background) {
        watcher.start(background);
    }

    /** One look at the folder now (tests). */
    void reread() {
        watcher.rescan();
    }

    /** A pool's files, one at a time, each entry charged as it is read. */
    private static ImagePool read(String name, List<Folder.File> files, Allowance allowance)
            throws FolderWatcher.Refused {
        List<ImagePool> parts = new ArrayList<>();
        for (Folder.File f : files) {
            String where = f.path() + " (IMAGE_POOLS_DIR)";
            if (!name.matches("[a-z0-9-]{1,32}") || List.of("pe", "pc", "url").contains(name)) {
                throw new FolderWatcher.Refused(
                        where + ": a pool's name is 1 to 32 of a-z, 0-9, - (and not pe, pc or url)");
            }
            String stem = f.stem();
            ImagePool.Shape side = stem.endsWith(".portrait")
                    ? ImagePool.Shape.PORTRAIT
                    : stem.endsWith(".landscape") ? ImagePool.Shape.LANDSCAPE : null;
            try {
                parts.add(ImagePool.parse(f.path().toString(), f.bytes(), side, allowance));
            } catch (CharacterCodingException e) {
                throw new FolderWatcher.Refused(where + ": is not UTF-8 text; save it as UTF-8");
            } catch (ImagePoolException e) {
                throw new FolderWatcher.Refused(e.getMessage());
            } catch (IOException e) {
                throw new FolderWatcher.Refused(where + ": cannot be read (" + e.getMessage() + ")");
            }
        }
        return parts.size() == 1 ? parts.get(0) : ImagePool.join(name, parts.toArray(new ImagePool[0]));
    }
}
