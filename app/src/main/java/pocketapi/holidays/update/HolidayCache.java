package pocketapi.holidays.update;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Clock;
import java.time.DateTimeException;
import java.time.Instant;
import java.util.*;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import pocketapi.files.Disk;
import pocketapi.files.Folder;
import pocketapi.files.Json;
import pocketapi.holidays.HolidayDataException;
import pocketapi.holidays.HolidayGate;
import pocketapi.holidays.HolidayYear;
import pocketapi.holidays.data.HolidayData;
import pocketapi.logging.LogText;

/**
 * The folder where the updater keeps what must survive a restart ({@code HOLIDAY_CACHE_DIR}): each fetched year as
 * {@code YYYY.json}, so that a restart without network keeps it, and in {@value #LEDGER} when a year new to the service
 * was first seen (its wait for the confirming source runs from then) and which fetched years the confirming source has
 * confirmed. Every file is written atomically. Reading never fails the start: a year that cannot be read, or that the
 * gate would not serve, is moved aside as {@code .corrupt-<timestamp>}; an unreadable ledger is read as empty (the
 * waits start again: the safe side). Used by one thread at a time.
 */
public final class HolidayCache {
    private static final Logger LOG = LoggerFactory.getLogger(HolidayCache.class);
    static final String LEDGER = "confirmation.json";

    private final Path dir;
    private final Clock clock;
    private Ledger ledger;

    public HolidayCache(Path dir, Clock clock) {
        this.dir = dir.toAbsolutePath();
        this.clock = clock;
    }

    public Path dir() {
        return dir;
    }

    /** Every usable year in the folder (none if it does not exist). */
    public List<HolidayYear> load() {
        List<HolidayYear> years = new ArrayList<>();
        List<Folder.File> files;
        try {
            files = HolidayData.yearFiles(dir);
        } catch (IOException e) {
            if (Files.exists(dir)) {
                LOG.warn("cannot read the holiday cache {} ({}); starting without it", dir, e.getMessage());
            }
            return years;
        }
        for (Folder.File file : files) {
            String problem;
            try {
                HolidayYear year = HolidayData.parse(file).canonical(); // fetched: names through the table
                HolidayGate.Verdict verdict = HolidayGate.check(year);
                if (verdict.served()) {
                    years.add(year);
                    continue;
                }
                problem = verdict.describe();
            } catch (HolidayDataException e) {
                problem = e.problem(); // the cache holds fetched text: no quote of it
            }
            String aside;
            try {
                aside = "kept aside as " + Disk.LOCAL.setAside(file.path(), clock);
            } catch (IOException e) {
                aside = "cannot be moved aside (" + e + "); ignored";
            }
            LOG.warn(
                    "holiday cache file {} is not usable ({}); {}",
                    file.path(),
                    LogText.safe(problem, LogText.LINE),
                    aside);
        }
        return years;
    }

    /** Forgets a fetched year (it was withdrawn): a restart serves what it would without it. */
    public void remove(int year) throws IOException {
        Disk.LOCAL.delete(dir.resolve(year + ".json"));
    }

    /** Keeps a fetched year's file, replacing an older copy atomically. */
    public void write(int year, byte[] json) throws IOException {
        Disk.LOCAL.replace(dir.resolve(year + ".json"), json);
    }

    /** The ledger's file: when each year new to the service was first seen, and what confirmed each fetched year. */
    record Ledger(Map<Integer, String> firstSeen, Map<Integer, String> confirmedBy) {}

    /** When {@code year} was first seen; records {@code now} if it never was. */
    public Instant firstSeen(int year, Instant now) {
        String seen = ledger().firstSeen().get(year);
        try {
            if (seen != null) {
                return Instant.parse(seen);
            }
        } catch (DateTimeException e) {
            // Not a time (edited by hand): recorded anew below, as if first seen now; the wait starts again, the safe
            // side.
        }
        put(ledger().firstSeen(), year, now.toString());
        return now;
    }

    /** The confirming file(s) that confirmed the served {@code year}, if it is confirmed. */
    Optional<String> confirmedBy(int year) {
        return Optional.ofNullable(ledger().confirmedBy().get(year));
    }

    /** Records that the served {@code year} is confirmed by {@code by}, or (null) that it changed unconfirmed. */
    void confirmed(int year, String by) {
        put(ledger().confirmedBy(), year, by);
    }

    private Ledger ledger() {
        if (ledger == null) {
            ledger = new Ledger(new TreeMap<>(), new TreeMap<>());
            Path path = dir.resolve(LEDGER);
            try {
                Ledger read = Json.mapper().readValue(Folder.readFile(path, HolidayData.MAX_FILE), Ledger.class);
                ledger.firstSeen().putAll(read.firstSeen() == null ? Map.of() : read.firstSeen());
                ledger.confirmedBy().putAll(read.confirmedBy() == null ? Map.of() : read.confirmedBy());
            } catch (NoSuchFileException e) {
                // nothing remembered yet
            } catch (IOException | RuntimeException e) {
                LOG.warn("cannot read {} ({}); waits for confirmation start again", path, e.toString());
            }
        }
        return ledger;
    }

    private void put(Map<Integer, String> entries, int year, String value) {
        String before = value == null ? entries.remove(year) : entries.put(year, value);
        if (value == null ? before == null : value.equals(before)) {
            return;
        }
        try {
            Disk.LOCAL.replace(
                    dir.resolve(LEDGER),
                    Json.mapper().writerWithDefaultPrettyPrinter().writeValueAsBytes(ledger));
        } catch (IOException e) {
            LOG.error(
                    "cannot write {} ({}); a restart starts the waits for confirmation again",
                    dir.resolve(LEDGER),
                    e.toString());
        }
    }
}
