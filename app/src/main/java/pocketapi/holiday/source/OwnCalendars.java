package pocketapi.holiday.source;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import pocketapi.holiday.HolidayDataException;
import pocketapi.holiday.Schedule;
import pocketapi.util.LogText;

/**
 * The calendars a request may choose with {@code calendar=NAME}: the built-in {@code exchange},
 * and one per {@code NAME.json} in {@code CALENDARS_DIR} ({@link CalendarFile}). Read at start-up,
 * where a bad file stops the start; then the folder is read again every {@value #POLL_SECONDS} s
 * and a changed, added or removed file is swapped in as a whole new map: a request sees the old
 * or the new calendars, never a mix. A bad change keeps the previous version, with one WARN.
 * Thread-safe: one thread re-reads, requests read the map.
 */
public final class OwnCalendars {
    private static final Logger LOG = LoggerFactory.getLogger(OwnCalendars.class);
    static final long POLL_SECONDS = 2;
    private static final int MAX_BYTES = 1 << 20;

    private final Optional<Path> dir;
    private volatile Map<String, Schedule> byName;
    /** The bytes last read of each file, served or refused: a file is parsed again only when they change. */
    private final Map<String, byte[]> seen = new HashMap<>();
    /** The folder-wide problem last logged, so that it is logged once, not every few seconds. */
    private String folderProblem = "";

    private OwnCalendars(Optional<Path> dir, Map<String, Schedule> byName) {
        this.dir = dir;
        this.byName = byName;
    }

    /** The built-in calendar alone (no CALENDARS_DIR). */
    public static OwnCalendars builtIn() {
        return new OwnCalendars(Optional.empty(), Map.of(Schedule.EXCHANGE.name(), Schedule.EXCHANGE));
    }

    /**
     * Reads every calendar of {@code dir}.
     *
     * @throws HolidayDataException naming the first file that cannot be used and why
     */
    public static OwnCalendars load(Optional<Path> dir) throws HolidayDataException {
        OwnCalendars calendars = builtIn();
        if (dir.isPresent()) {
            OwnCalendars loaded = new OwnCalendars(dir, calendars.byName);
            Map<String, Schedule> all = new TreeMap<>(loaded.byName);
            for (Map.Entry<String, byte[]> file : loaded.files().entrySet()) {
                Path path = dir.get().resolve(file.getKey() + ".json");
                all.put(file.getKey(), CalendarFile.parse(path.toString(), file.getKey(), file.getValue()));
                loaded.seen.put(file.getKey(), file.getValue());
            }
            loaded.byName = frozen(all);
            return loaded;
        }
        return calendars;
    }

    /** A hash map for the lookup of every request, iterated in name order (for messages and the page). */
    private static Map<String, Schedule> frozen(Map<String, Schedule> sorted) {
        return Collections.unmodifiableMap(new java.util.LinkedHashMap<>(new TreeMap<>(sorted)));
    }

    /** The calendars by name, the built-in one included. */
    public Map<String, Schedule> all() {
        return byName;
    }

    /** Re-reads the folder every {@value #POLL_SECONDS} s, on {@code scheduler}. */
    public void start(ScheduledExecutorService scheduler) {
        if (dir.isPresent()) {
            scheduler.scheduleWithFixedDelay(this::rescanSafely, POLL_SECONDS, POLL_SECONDS, TimeUnit.SECONDS);
        }
    }

    private void rescanSafely() {
        try {
            rescan();
        } catch (RuntimeException e) {
            LOG.error("reading CALENDARS_DIR failed unexpectedly", e);
        }
    }

    /** One look at the folder: every changed, added or removed file; a bad one keeps what was served. */
    synchronized void rescan() {
        Map<String, byte[]> files;
        try {
            files = files();
        } catch (HolidayDataException e) {
            if (!e.getMessage().equals(folderProblem)) {
                folderProblem = e.getMessage();
                LOG.warn("{}; the calendars stay as they are", LogText.safe(e.getMessage(), LogText.LINE));
            }
            return;
        }
        folderProblem = "";
        Map<String, Schedule> next = new TreeMap<>(byName);
        boolean changed = false;
        for (Map.Entry<String, byte[]> file : files.entrySet()) {
            String name = file.getKey();
            if (Arrays.equals(seen.get(name), file.getValue())) {
                continue;
            }
            seen.put(name, file.getValue());
            Path path = dir.orElseThrow().resolve(name + ".json");
            try {
                Schedule schedule = CalendarFile.parse(path.toString(), name, file.getValue());
                LOG.info("calendar {} {} from {}", name, next.containsKey(name) ? "changed" : "added", path);
                next.put(name, schedule);
                changed = true;
            } catch (HolidayDataException e) {
                LOG.warn("{}; {}", LogText.safe(e.getMessage(), LogText.LINE), next.containsKey(name)
                        ? "calendar " + name + " stays as it was" : "calendar " + name + " is not added");
            }
        }
        for (String name : new TreeMap<>(next).keySet()) {
            if (!name.equals(Schedule.EXCHANGE.name()) && !files.containsKey(name)) {
                next.remove(name);
                seen.remove(name);
                LOG.info("calendar {} removed: its file is gone", name);
                changed = true;
            }
        }
        seen.keySet().retainAll(files.keySet());
        if (changed) {
            byName = frozen(next);
        }
    }

    /** The bytes of every calendar file of the folder, by name. */
    private Map<String, byte[]> files() throws HolidayDataException {
        Path folder = dir.orElseThrow();
        Map<String, byte[]> files = new TreeMap<>();
        try (DirectoryStream<Path> entries = Files.newDirectoryStream(folder, "*.json")) {
            for (Path path : entries) {
                String file = path.getFileName().toString();
                if (!CalendarFile.isCalendarFile(file)) {
                    throw new HolidayDataException(path.toString(), "not a calendar's file name: NAME.json, NAME 1 to "
                            + "32 of a-z, 0-9 and -");
                }
                if (Files.size(path) > MAX_BYTES) {
                    throw new HolidayDataException(path.toString(), "larger than " + MAX_BYTES + " bytes");
                }
                files.put(file.substring(0, file.length() - 5), Files.readAllBytes(path));
            }
        } catch (IOException e) {
            throw new HolidayDataException(folder.toString(), "cannot be read (" + e + ")");
        }
        return files;
    }
}
