package pocketapi.notify;

import java.io.IOException;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.NavigableMap;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import pocketapi.files.Disk;
import pocketapi.files.Folder;
import pocketapi.files.Json;
import pocketapi.holidays.Region;

/**
 * What the notifier has sent and still has to send, kept in a small JSON file beside the counters
 * ({@code notify.state}: the years known with their fingerprints, what is due and what was sent per target, a target
 * being a hash of its entry, never its secrets), replaced whole ({@link Disk#replace}: owner-only, never half-written).
 * A missing file is a first start: the years served then are known without a message; one that does not read is one
 * too, with a warning. Keys of dates more than 40 days back are dropped. Not thread-safe: the notifier's one thread
 * uses it.
 */
final class NotifyState {
    private static final Logger LOG = LoggerFactory.getLogger(NotifyState.class);

    /** The file. */
    record Saved(
            NavigableMap<Integer, String> known,
            Map<String, Set<String>> due,
            Set<String> sent,
            Map<String, NavigableMap<Integer, String>> regions) {}

    private final Path file;
    private final NavigableMap<Integer, String> known = new TreeMap<>();
    /** The other regions' years known, by region code: those targets follow. */
    private final Map<String, NavigableMap<Integer, String>> regions = new TreeMap<>();

    private final Map<String, Set<String>> due = new HashMap<>();
    private final Set<String> sent = new HashSet<>();
    private boolean fresh;
    private boolean changed;
    /** The state is a few KB; a file past this is not ours to read (the service's own writes stay far below it). */
    private static final int MAX_BYTES = 1 << 20;

    private NotifyState(Path file) {
        this.file = file;
    }

    static NotifyState load(Path file) {
        NotifyState state = new NotifyState(file);
        try {
            Saved saved = Json.mapper().readValue(Folder.readFile(file, MAX_BYTES), Saved.class);
            state.known.putAll(saved.known() == null ? Map.of() : saved.known());
            (saved.due() == null ? Map.<String, Set<String>>of() : saved.due())
                    .forEach((target, keys) -> state.due.put(target, new LinkedHashSet<>(keys)));
            state.sent.addAll(saved.sent() == null ? Set.of() : saved.sent());
            (saved.regions() == null ? Map.<String, NavigableMap<Integer, String>>of() : saved.regions())
                    .forEach((code, years) -> state.regions.put(code, new TreeMap<>(years)));
        } catch (java.nio.file.NoSuchFileException e) {
            state.fresh = true;
        } catch (IOException | RuntimeException e) {
            LOG.warn(
                    "notifications: {} cannot be read ({}); starting afresh: the years served now are known, "
                            + "without a message",
                    file,
                    e.getClass().getSimpleName());
            state.fresh = true;
        }
        return state;
    }

    /** The years known of {@code region}'s calendar, with their fingerprints. */
    NavigableMap<Integer, String> known(Region region) {
        changed = true;
        return region.isDefault() ? known : regions.computeIfAbsent(region.code(), c -> new TreeMap<>());
    }

    /** Whether nothing is known of {@code region} yet: its years served now are known without a message. */
    boolean fresh(Region region) {
        return region.isDefault() ? fresh : !regions.containsKey(region.code());
    }

    void started() {
        fresh = false;
    }

    Set<String> due(String target) {
        return due.getOrDefault(target, Set.of());
    }

    void addDue(String target, String key) {
        changed |= due.computeIfAbsent(target, k -> new LinkedHashSet<>()).add(key);
    }

    boolean sent(String target, String key) {
        return sent.contains(target + " " + key);
    }

    void markSent(String target, String key) {
        changed |= sent.add(target + " " + key);
        Set<String> mine = due.get(target);
        if (mine != null) {
            mine.remove(key);
        }
    }

    /** Drops what is about dates before {@code before}: evening and ending keys, and years long past. */
    void forget(LocalDate before) {
        changed |= sent.removeIf(s -> old(s.substring(s.indexOf(' ') + 1), before));
        due.values().forEach(keys -> keys.removeIf(k -> old(k, before)));
    }

    private static boolean old(String key, LocalDate before) {
        String[] k = key.split(":");
        return k[0].equals("eve")
                ? LocalDate.parse(k[1]).isBefore(before)
                : Integer.parseInt(k[1]) < before.getYear() - 1;
    }

    void save() {
        if (!changed) {
            return;
        }
        try {
            Disk.LOCAL.replace(
                    file, Json.mapper().writeValueAsBytes(new Saved(known, due, new TreeSet<>(sent), regions)));
            changed = false;
        } catch (IOException e) {
            LOG.warn(
                    "notifications: {} cannot be written ({}); what was sent is remembered until a restart",
                    file,
                    e.getMessage());
        }
    }
}
