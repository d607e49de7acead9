package pocketapi.files;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.*;
import java.util.concurrent.ScheduledExecutorService;
import java.util.function.Function;
import java.util.function.Predicate;
import java.util.function.ToLongFunction;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import pocketapi.common.Jobs;
import pocketapi.logging.LogText;
import pocketapi.logging.Throttle;

/**
 * A folder an operator fills with named items ({@code CALENDARS_DIR}, {@code IMAGE_POOLS_DIR}), read by
 * {@link Folder}'s rules at start, where a bad file stops the start, then every {@value #POLL_SECONDS} s: an item whose
 * files changed (size, time, inode) is read again and the whole map swapped, so a request sees the old items or the
 * new, never a mix. A bad file, an item past the limit, or a change that would not fit the memory budget keeps the item
 * as it was, with one WARN; the others keep updating. An item whose files two looks in a row do not find is removed (a
 * file replaced by delete-then-create is served all along). A folder that cannot be read is said once until it can.
 * Thread-safe: one thread reads, requests read the map.
 */
public final class FolderWatcher<T> {
    private static final Logger LOG = LoggerFactory.getLogger(FolderWatcher.class);
    public static final long POLL_SECONDS = 2;

    /** Reads one item from its files (every file of it, none read yet), charging what it keeps to the allowance. */
    public interface Reader<T> {
        /**
         * @throws Refused naming the file and what is wrong
         * @throws Allowance.Exceeded when what it would keep is past the allowance
         */
        T read(String name, List<Folder.File> files, Allowance allowance) throws Refused;
    }

    /** An item that cannot be used; the message names the file and the problem. */
    public static final class Refused extends Exception {
        public Refused(String message) {
            super(message, null, false, false);
        }
    }

    /**
     * What is watched, and how.
     *
     * @param cost what an item takes of the heap
     * @param budget what the items may take together
     */
    public record Rules<T>(
            String setting,
            String what,
            Predicate<String> names,
            Function<String, String> itemOf,
            int maxFile,
            long maxFolder,
            int maxItems,
            Reader<T> reader,
            ToLongFunction<T> cost,
            long budget) {}

    private final Path dir;
    private final Rules<T> rules;
    private final Map<String, T> fixed;
    private volatile Map<String, T> items;
    /** Each item's files as last read: path and stamp. */
    private final Map<String, List<Object>> seen = new HashMap<>();

    private Set<String> missing = Set.of();
    private final Throttle problems = Throttle.untilCleared();

    /** @param fixed items that are always there (the built-in calendar), never read from the folder */
    private FolderWatcher(Path dir, Rules<T> rules, Map<String, T> fixed) {
        this.dir = dir;
        this.rules = rules;
        this.fixed = fixed;
        this.items = fixed;
    }

    /** Reads every item of {@code dir} (none when absent). */
    public static <T> FolderWatcher<T> load(Optional<Path> dir, Rules<T> rules, Map<String, T> fixed) throws Refused {
        FolderWatcher<T> watcher = new FolderWatcher<>(dir.orElse(null), rules, fixed);
        if (dir.isPresent()) {
            watcher.look(true);
        }
        return watcher;
    }

    /** The items by name, in name order (a hash map for lookups). */
    public Map<String, T> all() {
        return items;
    }

    /** Reads the folder again every {@value #POLL_SECONDS} s, on {@code scheduler}. */
    public void start(ScheduledExecutorService scheduler) {
        if (dir != null) {
            Jobs.every(scheduler, "the look at " + rules.setting(), every(), every(), this::rescan);
        }
    }

    /** One look at the folder; whatever goes wrong is logged once, and the next look happens all the same. */
    public synchronized void rescan() {
        try {
            look(false);
            problems.clear();
        } catch (Refused | RuntimeException | Error e) { // said in the folder's words: what stays as it was
            String why = e.getMessage() == null ? e.toString() : e.getMessage();
            if (problems.first(why)) {
                LOG.warn("{}; the {}s stay as they are", LogText.safe(why, LogText.LINE), rules.what());
            }
        }
    }

    private void look(boolean start) throws Refused {
        List<Folder.File> files;
        try {
            files = Folder.read(dir, rules.names(), rules.maxFile(), rules.maxFolder());
        } catch (IOException e) {
            throw new Refused(dir + " (" + rules.setting() + "): cannot be read (" + e.getMessage() + ")");
        }
        Map<String, List<Folder.File>> byItem = new TreeMap<>();
        for (Folder.File f : files) {
            byItem.computeIfAbsent(rules.itemOf().apply(f.stem()), k -> new ArrayList<>())
                    .add(f);
        }
        Map<String, T> next = new TreeMap<>(items);
        boolean changed = false;
        for (Map.Entry<String, List<Folder.File>> item : byItem.entrySet()) {
            String name = item.getKey();
            List<Object> state = new ArrayList<>();
            item.getValue()
                    .forEach(f -> state.addAll(
                            List.of(f.path(), String.valueOf(f.problem() != null ? f.problem() : f.stamp()))));
            if (state.equals(seen.get(name))) {
                continue;
            }
            seen.put(name, state);
            try {
                T value = read(name, item.getValue(), next);
                if (!start) {
                    LOG.info(
                            "{} {} {} from {}",
                            rules.what(),
                            name,
                            next.containsKey(name) ? "changed" : "added",
                            item.getValue().size() == 1 ? item.getValue().get(0).path() : dir);
                }
                next.put(name, value);
                changed = true;
            } catch (Refused e) {
                if (start) {
                    throw e;
                }
                LOG.warn(
                        "{}; {} {} {}",
                        LogText.safe(e.getMessage(), LogText.LINE),
                        rules.what(),
                        name,
                        next.containsKey(name) ? "stays as it was" : "is not added");
            }
        }
        List<String> gone = new ArrayList<>(next.keySet());
        gone.removeAll(byItem.keySet());
        gone.removeAll(fixed.keySet());
        for (String name : gone) {
            if (missing.contains(name)) {
                next.remove(name);
                seen.remove(name);
                changed = true;
                LOG.info("{} {} removed: its files are gone", rules.what(), name);
            }
        }
        missing = Set.copyOf(gone);
        if (changed || start) {
            items = Collections.unmodifiableMap(new LinkedHashMap<>(next));
        }
    }

    /**
     * Reads one changed item (one file at a time, each by its reader as a stream or a file's bytes), within the limit
     * and within what the memory budget leaves it beside the other items: charged while it is read, so a file whose
     * content would not fit is refused part-way.
     */
    private T read(String name, List<Folder.File> listed, Map<String, T> next) throws Refused {
        Path first = listed.get(0).path();
        if (!next.containsKey(name) && next.size() - fixed.size() >= rules.maxItems()) {
            throw new Refused(
                    first + " (" + rules.setting() + "): more than " + rules.maxItems() + " " + rules.what() + "s");
        }
        for (Folder.File f : listed) {
            if (f.problem() != null) {
                throw new Refused(f.path() + " (" + rules.setting() + "): " + f.problem());
            }
        }
        long others = 0;
        for (Map.Entry<String, T> e : next.entrySet()) {
            others += e.getKey().equals(name) ? 0 : rules.cost().applyAsLong(e.getValue());
        }
        Allowance allowance = new Allowance(rules.budget() - others, "the " + rules.what() + "s");
        T value;
        try {
            value = rules.reader().read(name, listed, allowance);
        } catch (Allowance.Exceeded e) {
            throw new Refused(first + " (" + rules.setting() + "): " + e.getMessage());
        }
        long total = others + rules.cost().applyAsLong(value);
        if (total > rules.budget()) {
            throw new Refused(first + " (" + rules.setting() + "): the " + rules.what() + "s would take " + total / 1024
                    + " KB of the heap, more than the memory budget leaves them (docs/deploy.md: Memory)");
        }
        return value;
    }

    /** How long between looks, for messages. */
    public static Duration every() {
        return Duration.ofSeconds(POLL_SECONDS);
    }
}
