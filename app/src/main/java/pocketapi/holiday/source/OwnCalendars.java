package pocketapi.holiday.source;

import java.io.IOException;
import java.nio.file.Path;
import java.util.*;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import pocketapi.holiday.HolidayDataException;
import pocketapi.holiday.Schedule;
import pocketapi.files.Folder;
import pocketapi.util.LogOnce;
import pocketapi.util.LogText;

/**
 * The calendars a request may choose with {@code calendar=NAME}: the built-in {@code exchange},
 * and one per {@code NAME.json} in {@code CALENDARS_DIR} ({@link CalendarFile}), at most {@value
 * #MAX_CALENDARS}, the folder read by {@link Folder}'s rules. Read at start-up, where a bad file or
 * folder stops the start; then the folder is read again every {@value #POLL_SECONDS} s and a changed
 * or added file is swapped in as a whole new map: a request sees the old or the new calendars, never
 * a mix. A bad file is skipped with one WARN naming it (never quoting it) and keeps the version
 * served before; the others keep updating. A calendar whose file two looks in a row do not find is
 * removed (a file replaced by delete-then-create is served all along). Thread-safe: one thread
 * re-reads, requests read the map.
 */
public final class OwnCalendars {
    private static final Logger LOG = LoggerFactory.getLogger(OwnCalendars.class);
    static final long POLL_SECONDS = 2;
    static final int MAX_CALENDARS = 48;
    private static final int MAX_FILE = 1 << 20;
    private static final long MAX_FOLDER = 8 << 20;

    private final Optional<Path> dir;
    private volatile Map<String, Schedule> byName;
    /** What each file was last read as, its bytes or why it was refused: parsed again only when that changes. */
    private final Map<String, Object> seen = new HashMap<>();
    /** The calendars whose file the last look did not find. */
    private Set<String> missing = Set.of();
    private final LogOnce problems = LogOnce.untilCleared();

    private OwnCalendars(Optional<Path> dir) {
        this.dir = dir;
        this.byName = Map.of(Schedule.EXCHANGE.name(), Schedule.EXCHANGE);
    }

    /** The built-in calendar alone (no CALENDARS_DIR). */
    public static OwnCalendars builtIn() {
        return new OwnCalendars(Optional.empty());
    }

    /**
     * Reads every calendar of {@code dir}.
     *
     * @throws HolidayDataException naming the folder or the first file that cannot be used, and why
     */
    public static OwnCalendars load(Optional<Path> dir) throws HolidayDataException {
        OwnCalendars calendars = new OwnCalendars(dir);
        if (dir.isPresent()) {
            calendars.look(true);
        }
        return calendars;
    }

    /** The calendars by name, the built-in one included, in name order. */
    public Map<String, Schedule> all() {
        return byName;
    }

    /** Re-reads the folder every {@value #POLL_SECONDS} s, on {@code scheduler}. */
    public void start(ScheduledExecutorService scheduler) {
        if (dir.isPresent()) {
            scheduler.scheduleWithFixedDelay(this::rescan, POLL_SECONDS, POLL_SECONDS, TimeUnit.SECONDS);
        }
    }

    /** One look at the folder; whatever goes wrong is logged once, and the next look happens all the same. */
    synchronized void rescan() {
        try {
            look(false);
            problems.clear();
        } catch (HolidayDataException e) {
            if (problems.first(e.getMessage())) {
                LOG.warn("{}; the calendars stay as they are", LogText.safe(e.getMessage(), LogText.LINE));
            }
        } catch (RuntimeException | Error e) {  // a task that throws is never run again
            if (problems.first(e.toString())) {
                LOG.error("reading CALENDARS_DIR failed unexpectedly; the calendars stay as they are", e);
            }
        }
    }

    private void look(boolean start) throws HolidayDataException {
        List<Folder.File> files;
        try {
            files = Folder.read(dir.orElseThrow(), name -> name.endsWith(".json"), MAX_FILE, MAX_FOLDER);
        } catch (IOException e) {
            throw new HolidayDataException(dir.get().toString(), "cannot be read (" + e.getMessage() + ")");
        }
        Map<String, Schedule> next = new TreeMap<>(byName);
        boolean changed = false;
        Set<String> present = new HashSet<>();
        for (Folder.File file : files) {
            String name = file.stem();
            Object state = file.problem() != null ? file.problem() : file.bytes();
            present.add(name);
            if (Objects.deepEquals(seen.put(name, state), state)) {
                continue;
            }
            try {
                if (file.problem() != null) {
                    throw new HolidayDataException(file.path().toString(), file.problem());
                }
                if (!next.containsKey(name) && next.size() > MAX_CALENDARS) {
                    throw new HolidayDataException(file.path().toString(), "more than " + MAX_CALENDARS + " calendars");
                }
                Schedule schedule = CalendarFile.parse(file.path().toString(), name, file.bytes());
                if (!start) {
                    LOG.info("calendar {} {} from {}", name, next.containsKey(name) ? "changed" : "added", file.path());
                }
                changed |= !schedule.equals(next.put(name, schedule));
            } catch (HolidayDataException e) {
                if (start) {
                    throw e;
                }
                LOG.warn("{}: {}; calendar {} {}", e.source(), LogText.safe(e.problem(), LogText.LINE), name,
                        next.containsKey(name) ? "stays as it was" : "is not added");
            }
        }
        Set<String> gone = new HashSet<>(next.keySet());
        gone.removeAll(present);
        gone.remove(Schedule.EXCHANGE.name());
        for (String name : gone) {
            if (missing.contains(name)) {
                next.remove(name);
                seen.remove(name);
                LOG.info("calendar {} removed: its file is gone", name);
                changed = true;
            }
        }
        gone.retainAll(next.keySet());
        missing = gone;
        seen.keySet().removeIf(name -> !present.contains(name) && !next.containsKey(name));
        if (changed || start) {
            byName = Collections.unmodifiableMap(new LinkedHashMap<>(next));  // a hash map for lookups, in name order
        }
    }
}
