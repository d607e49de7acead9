package pocketapi.holidays.data;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ScheduledExecutorService;
import pocketapi.files.Allowance;
import pocketapi.files.Folder;
import pocketapi.files.FolderWatcher;
import pocketapi.holidays.HolidayDataException;
import pocketapi.holidays.OwnCalendar;

/**
 * The calendars a request may choose with {@code calendar=NAME}: the built-in {@code exchange}, and one per
 * {@code NAME.json} in {@code CALENDARS_DIR} ({@link CalendarFile}), at most {@value #MAX_CALENDARS},
 * {@value #MAX_FILE} bytes each, watched by a {@link FolderWatcher}: read at start, where a bad file stops the start,
 * then every few seconds, a changed calendar swapped in whole. Thread-safe.
 */
public final class OwnCalendars {
    static final int MAX_CALENDARS = 48;
    private static final int MAX_FILE = 1 << 20;
    private static final long MAX_FOLDER = 8 << 20;

    private final FolderWatcher<OwnCalendar> watcher;

    private OwnCalendars(FolderWatcher<OwnCalendar> watcher) {
        this.watcher = watcher;
    }

    /** The built-in calendar alone (no CALENDARS_DIR). */
    public static OwnCalendars builtIn() {
        try {
            return load(Optional.empty(), Long.MAX_VALUE);
        } catch (FolderWatcher.Refused e) {
            throw new IllegalStateException(e);
        }
    }

    /**
     * Reads every calendar of {@code dir}.
     *
     * @param budget what the calendars may take of the heap together
     */
    public static OwnCalendars load(Optional<Path> dir, long budget) throws FolderWatcher.Refused {
        FolderWatcher.Rules<OwnCalendar> rules = new FolderWatcher.Rules<>(
                "CALENDARS_DIR",
                "calendar",
                name -> name.endsWith(".json"),
                stem -> stem,
                MAX_FILE,
                MAX_FOLDER,
                MAX_CALENDARS,
                OwnCalendars::read,
                CalendarFile::bytes,
                budget);
        return new OwnCalendars(
                FolderWatcher.load(dir, rules, Map.of(OwnCalendar.EXCHANGE.name(), OwnCalendar.EXCHANGE)));
    }

    /** A calendar's file, each day charged before it is read. */
    private static OwnCalendar read(String name, List<Folder.File> files, Allowance allowance)
            throws FolderWatcher.Refused {
        Folder.File file = files.get(0);
        try {
            return CalendarFile.parse(file.path().toString(), name, file.bytes(), allowance);
        } catch (HolidayDataException e) {
            throw new FolderWatcher.Refused(e.source() + ": " + e.detailed()); // the operator's own file: quoted
        } catch (java.io.IOException e) {
            throw new FolderWatcher.Refused(file.path() + " (CALENDARS_DIR): cannot be read (" + e.getMessage() + ")");
        }
    }

    /** What the calendars take of the heap now. */
    public long bytes() {
        return watcher.all().values().stream().mapToLong(CalendarFile::bytes).sum();
    }

    /** The calendars by name, the built-in one included, in name order. */
    public Map<String, OwnCalendar> all() {
        return watcher.all();
    }

    /** Re-reads the folder every few seconds, on {@code scheduler}. */
    public void start(ScheduledExecutorService scheduler) {
        watcher.start(scheduler);
    }

    /** One look at the folder now (tests). */
    void rescan() {
        watcher.rescan();
    }
}
