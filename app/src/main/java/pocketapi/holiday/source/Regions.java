package pocketapi.holiday.source;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import pocketapi.files.Disk;
import pocketapi.files.Folder;
import pocketapi.holiday.HolidayCalendar;
import pocketapi.holiday.HolidayDataException;
import pocketapi.holiday.HolidayYear;
import pocketapi.holiday.ListedDay;
import pocketapi.holiday.Region;
import pocketapi.logging.LogText;

/**
 * The calendars of the regions other than the mainland: each read on its first use from the jar ({@code
 * regions/<code>/YYYY.json}, holiday-cn's layout) and from the years fetched for it before ({@code
 * HOLIDAY_CACHE_DIR/<code>/}), so a region nobody asks for costs nothing; a year fetched while running is swapped in
 * whole ({@link #offer}). Reads take no lock. Thread-safe.
 */
public final class Regions {
    private static final Logger LOG = LoggerFactory.getLogger(Regions.class);
    private final Clock clock;
    /** HOLIDAY_CACHE_DIR; null: none (tests of the HTTP layer). */
    private final Path cache;
    private volatile Map<Region, HolidayCalendar> read = Map.of();

    public Regions(Clock clock, Path cache) {
        this.clock = clock;
        this.cache = cache;
    }

    /** The calendar of {@code region} (not the mainland's, which is live). */
    public HolidayCalendar get(Region region) {
        HolidayCalendar calendar = read.get(region);
        return calendar != null ? calendar : load(region);
    }

    /** The regions asked for so far: the only ones the updater looks after. */
    public Set<Region> asked() {
        return read.keySet();
    }

    /** Where the years fetched for {@code region} are kept. */
    public Path cache(Region region) {
        return cache.resolve(region.code());
    }

    /** {@code region}'s calendar with {@code year} added or replaced; false when nothing would change. */
    public synchronized boolean offer(Region region, HolidayYear year) throws HolidayDataException {
        HolidayCalendar now = get(region);
        HolidayYear served = now.years().get(year.year());
        if (served != null && served.sameDays(year)) {
            return false;
        }
        put(region, now.withYear(year));
        return true;
    }

    /** The built-in years with those fetched before over them, classified once; the built-in ones alone if those do not fit. */
    private synchronized HolidayCalendar load(Region region) {
        HolidayCalendar calendar = read.get(region);
        if (calendar == null) {
            try {
                List<HolidayYear> shipped = shipped(region);
                Map<Integer, HolidayYear> years = new TreeMap<>();
                shipped.forEach(y -> years.put(y.year(), y));
                try {
                    cached(region).forEach(y -> years.put(y.year(), y));
                    calendar = HolidayCalendar.of(region, years.values(), clock);
                } catch (HolidayDataException | IOException e) {  // the kept years leave a gap, or cannot be listed
                    LOG.warn("the years fetched for {} in {} are not used ({}); the built-in ones are", region.english(),
                            cache(region), e.getMessage());
                    calendar = HolidayCalendar.of(region, shipped, clock);
                }
            } catch (HolidayDataException e) {
                throw new IllegalStateException("the jar's " + region.english() + " data does not read: " + e.getMessage(), e);
            }
            put(region, calendar);
        }
        return calendar;
    }

    private void put(Region region, HolidayCalendar calendar) {
        Map<Region, HolidayCalendar> next = new EnumMap<>(Region.class);
        next.putAll(read);
        next.put(region, calendar);
        read = next;
    }

    /**
     * The years fetched for {@code region} before, read by the same rules as HOLIDAY_DATA_DIR's files, each listing its
     * own year alone; a file that does not read is moved aside on its own ({@code .corrupt-<timestamp>}), the others
     * stay.
     */
    private List<HolidayYear> cached(Region region) throws IOException {
        List<HolidayYear> years = new ArrayList<>();
        if (cache != null && Files.isDirectory(cache(region))) {
            for (Folder.File file : HolidayData.yearFiles(cache(region))) {
                try {
                    HolidayYear year = HolidayData.parse(file);
                    for (ListedDay day : year.days()) {
                        if (day.date().getYear() != year.year()) {
                            throw new HolidayDataException(year.source(), "lists " + day.date() + ", outside " + year.year());
                        }
                    }
                    years.add(year);
                } catch (HolidayDataException e) {
                    String aside;
                    try {
                        aside = "kept aside as " + Disk.LOCAL.setAside(file.path(), clock);
                    } catch (IOException moved) {
                        aside = "cannot be moved aside (" + moved + "); ignored";
                    }
                    LOG.warn("{} holiday cache file {} is not usable ({}); {}", region.english(), file.path(),
                            LogText.safe(e.problem(), LogText.LINE), aside);
                }
            }
        }
        return years;
    }

    /** A region's years shipped in the jar, as one calendar (a test holds every region's files to it). */
    public static HolidayCalendar builtIn(Region region, Clock clock) throws HolidayDataException {
        return HolidayCalendar.of(region, shipped(region), clock);
    }

    private static List<HolidayYear> shipped(Region region) throws HolidayDataException {
        return HolidayData.shipped("regions/" + region.code() + "/");
    }
}
