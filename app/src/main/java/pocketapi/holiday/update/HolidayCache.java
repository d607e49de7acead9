package pocketapi.holiday.update;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import pocketapi.util.Disk;
import pocketapi.util.LogText;
import pocketapi.holiday.HolidayDataException;
import pocketapi.holiday.HolidayGate;
import pocketapi.holiday.HolidayYear;
import pocketapi.holiday.source.HolidayData;

/**
 * The folder where fetched years are kept ({@code HOLIDAY_CACHE_DIR}), one {@code YYYY.json} per
 * year exactly as it was fetched, so that a restart without network keeps them. A file is written
 * atomically (temporary file, fsync, rename). Reading never fails the start: a file that cannot be
 * read, or that the gate would not serve, is moved aside as {@code .corrupt-<timestamp>} and
 * logged. Used by one thread at a time (start-up, then the updater).
 */
public final class HolidayCache {
    private static final Logger LOG = LoggerFactory.getLogger(HolidayCache.class);

    private final Path dir;
    private final Clock clock;

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
        List<Path> files;
        try {
            files = HolidayData.yearFiles(dir);
        } catch (IOException e) {
            if (Files.exists(dir)) {
                LOG.warn("cannot list the holiday cache {} ({}); starting without it", dir, e.toString());
            }
            return years;
        }
        for (Path file : files) {
            String problem;
            try {
                HolidayYear year = HolidayData.parseFile(file).canonical();  // fetched: names through the table
                HolidayGate.Verdict verdict = HolidayGate.check(year);
                if (verdict.served()) {
                    years.add(year);
                    continue;
                }
                problem = verdict.describe();
            } catch (HolidayDataException e) {
                problem = e.problem();  // the cache holds fetched text: no quote of it
            }
            setAside(file, problem);
        }
        return years;
    }

    private void setAside(Path file, String problem) {
        try {
            LOG.warn("holiday cache file {} is not usable ({}); kept aside as {}", file, LogText.safe(problem, LogText.LINE),
                    Disk.LOCAL.setAside(file, clock));
        } catch (IOException e) {
            LOG.warn("holiday cache file {} is not usable ({}) and cannot be moved aside ({}); ignored", file,
                    LogText.safe(problem, LogText.LINE),
                    e.toString());
        }
    }

    /** Forgets a fetched year (it was withdrawn): a restart serves what it would without it. */
    public void remove(int year) throws IOException {
        Disk.LOCAL.delete(dir.resolve(year + ".json"));
    }

    /** Keeps a fetched year's file, replacing an older copy atomically. */
    public void write(int year, byte[] json) throws IOException {
        Disk.LOCAL.replace(dir.resolve(year + ".json"), json);
    }
}
