package pocketapi.image;

import java.io.IOException;
import java.nio.charset.CharacterCodingException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import pocketapi.files.Folder;
import pocketapi.util.LogOnce;
import pocketapi.util.LogText;

/**
 * The named pools of IMAGE_POOLS_DIR, served as {@code /img/NAME}: each {@code NAME.txt} (sides from
 * the pictures' sizes), {@code NAME.portrait.txt} and {@code NAME.landscape.txt} is read into the
 * pool NAME ({@code [a-z0-9-]{1,32}}, not {@code pe}, {@code pc} or {@code url}). The folder is read
 * by {@link Folder}'s rules (regular files, links only to files inside, bounded sizes). At start a bad
 * file stops the start; then the folder is read again every {@value #POLL_SECONDS} s and a pool whose
 * files changed is swapped in whole (a request sees the old pool or the new); a bad change keeps the
 * pool as it was, with one WARN naming the file; a pool whose files are gone two looks in a row is
 * removed. Thread-safe: one thread re-reads, requests read the map.
 */
public final class NamedPools {
    private static final Logger LOG = LoggerFactory.getLogger(NamedPools.class);
    static final long POLL_SECONDS = 2;
    static final int MAX_POOLS = 64;
    private static final long MAX_FOLDER = 32 << 20;

    private final Optional<Path> dir;
    private volatile Map<String, ImagePool> byName = Map.of();
    /** Each pool's files as last read (names and bytes), so that an unchanged pool is not parsed again. */
    private final Map<String, List<Object>> seen = new HashMap<>();
    /** A failure to read the folder itself, logged once until a look succeeds. */
    private final LogOnce failures = LogOnce.untilCleared();
    private List<String> missing = List.of();

    private NamedPools(Optional<Path> dir) {
        this.dir = dir;
    }

    /** @throws ImagePoolException naming the first bad file or the folder */
    public static NamedPools load(Optional<Path> dir) throws ImagePoolException {
        NamedPools pools = new NamedPools(dir);
        if (dir.isPresent()) {
            pools.look(true);
        }
        return pools;
    }

    /** No IMAGE_POOLS_DIR: no named pools. */
    public static NamedPools none() {
        return new NamedPools(Optional.empty());
    }

    /** The pools by name, in name order. */
    public Map<String, ImagePool> all() {
        return byName;
    }

    /** Re-reads the folder every {@value #POLL_SECONDS} s on {@code background}. */
    public void start(ScheduledExecutorService background) {
        if (dir.isEmpty()) {
            return;
        }
        background.scheduleWithFixedDelay(this::reread, POLL_SECONDS, POLL_SECONDS, TimeUnit.SECONDS);
    }

    /** One look at the folder while running; a failure is logged once and changes nothing. */
    void reread() {
        try {
            look(false);
        } catch (ImagePoolException | RuntimeException | Error e) {
            String why = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
            if (failures.first(why)) {
                LOG.warn("IMAGE_POOLS_DIR: {}; the pools stay as they are", LogText.safe(why, LogText.LINE));
            }
        }
    }

    private void look(boolean start) throws ImagePoolException {
        List<Folder.File> files;
        try {
            files = Folder.read(dir.orElseThrow(), n -> n.endsWith(".txt"), ImagePool.MAX_BYTES, MAX_FOLDER);
        } catch (IOException e) {
            throw new ImagePoolException(dir.get() + " (IMAGE_POOLS_DIR): cannot be read (" + e.getMessage() + ")");
        }
        failures.clear();
        Map<String, List<Folder.File>> byPool = new TreeMap<>();
        for (Folder.File f : files) {
            byPool.computeIfAbsent(f.stem().replaceFirst("\\.(portrait|landscape)$", ""), k -> new ArrayList<>()).add(f);
        }
        Map<String, ImagePool> next = new TreeMap<>(byName);
        boolean changed = false;
        for (Map.Entry<String, List<Folder.File>> pool : byPool.entrySet()) {
            String name = pool.getKey();
            List<Object> state = new ArrayList<>();
            pool.getValue().forEach(f -> state.addAll(List.of(f.path().toString(), f.problem() == null ? f.bytes() : f.problem())));
            if (deepEquals(seen.get(name), state)) {
                continue;
            }
            seen.put(name, state);
            try {
                next.put(name, parse(name, pool.getValue(), next.containsKey(name) ? 0 : next.size()));
                changed = true;
                if (!start) {
                    LOG.info("picture pool {} {} ({} pictures)", name, byName.containsKey(name) ? "changed" : "added",
                            next.get(name).size());
                }
            } catch (ImagePoolException e) {
                if (start) {
                    throw e;
                }
                LOG.warn("{}; pool {} {}", LogText.safe(e.getMessage(), LogText.LINE), name,
                        byName.containsKey(name) ? "stays as it was" : "is not added");
            }
        }
        List<String> gone = new ArrayList<>(next.keySet());
        gone.removeAll(byPool.keySet());
        for (String name : gone) {
            if (missing.contains(name)) {
                next.remove(name);
                seen.remove(name);
                changed = true;
                LOG.info("picture pool {} removed: its files are gone", name);
            }
        }
        missing = gone;
        if (changed) {
            byName = Collections.unmodifiableMap(new TreeMap<>(next));
        }
    }

    private static ImagePool parse(String name, List<Folder.File> files, int pools) throws ImagePoolException {
        List<ImagePool> parts = new ArrayList<>();
        for (Folder.File f : files) {
            String where = f.path() + " (IMAGE_POOLS_DIR)";
            if (!name.matches("[a-z0-9-]{1,32}") || List.of("pe", "pc", "url").contains(name)) {
                throw new ImagePoolException(where + ": a pool's name is 1 to 32 of a-z, 0-9, - (and not pe, pc or url)");
            }
            if (f.problem() != null) {
                throw new ImagePoolException(where + ": " + f.problem());
            }
            if (pools >= MAX_POOLS) {
                throw new ImagePoolException(where + ": more than " + MAX_POOLS + " pools");
            }
            String stem = f.stem();
            ImagePool.Shape side = stem.endsWith(".portrait") ? ImagePool.Shape.PORTRAIT
                    : stem.endsWith(".landscape") ? ImagePool.Shape.LANDSCAPE : null;
            try {
                parts.add(ImagePool.parse(f.path().toString(), ImagePool.utf8(f.bytes()), side));
            } catch (CharacterCodingException e) {
                throw new ImagePoolException(where + ": is not UTF-8 text; save it as UTF-8");
            }
        }
        return ImagePool.join(name, parts.toArray(new ImagePool[0]));
    }

    private static boolean deepEquals(List<Object> a, List<Object> b) {
        return a != null && Arrays.deepEquals(a.toArray(), b.toArray());
    }
}
