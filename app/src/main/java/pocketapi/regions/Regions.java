package pocketapi.regions;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import pocketapi.config.Config;
import pocketapi.files.Disk;
import pocketapi.files.Folder;
import pocketapi.holidays.HolidayCalendar;
import pocketapi.holidays.HolidayDataException;
import pocketapi.holidays.HolidaySettings;
import pocketapi.holidays.HolidayYear;
import pocketapi.holidays.ListedDay;
import pocketapi.holidays.Region;
import pocketapi.holidays.RegionCalendars;
import pocketapi.holidays.data.HolidayData;
import pocketapi.logging.LogText;

/**
 * The regions other than the mainland, each one {@link Regional} object, listed once ({@link #ALL}), and their
 * calendars: each read on its first use from the jar ({@code regions/<code>/YYYY.json}, holiday-cn's layout) and from
 * the years fetched for it before ({@code HOLIDAY_CACHE_DIR/<code>/}), so a region nobody asks for costs nothing; a
 * year fetched while running is swapped in whole ({@link #offer}). Reads take no lock. Thread-safe.
 */
public final class Regions implements RegionCalendars {
    /**
     * Every region, in the order of {@code region=}'s values, the page's switch and {@code --help}: the one place that
     * names them. Their settings ({@link RegionSettings}), the folders they write to and what the page says of them
     * come from here.
     */
    static final List<Regional.Kind> ALL = List.of(HongKong.KIND, Macau.KIND, Taiwan.KIND);

    private static final Logger LOG = LoggerFactory.getLogger(Regions.class);
    private final List<Regional> all;
    private final Clock clock;
    /** HOLIDAY_CACHE_DIR; null: none (tests of the HTTP layer). */
    private final Path cache;

    private volatile Map<Regional, HolidayCalendar> read = Map.of();

    /** The regions, in the order they are listed, with their update sources as given. */
    public Regions(List<Regional> all, Clock clock, Path cache) {
        this.all = List.copyOf(all);
        this.clock = clock;
        this.cache = cache;
    }

    /** Every region, its updates off. */
    public Regions(Clock clock, Path cache) {
        this(ALL.stream().map(Regional.Kind::off).toList(), clock, cache);
    }

    /** Every region with the update sources {@code config} gives it (none: off). */
    public static List<Regional> every(Config config) {
        return ALL.stream().map(kind -> kind.of(config)).toList();
    }

    /** The regions as the settings have them. */
    public static Regions of(Config config, Clock clock) {
        return new Regions(every(config), clock, config.get(HolidaySettings.HOLIDAY_CACHE_DIR));
    }

    @Override
    public List<Region> regions() {
        return List.<Region>copyOf(all);
    }

    @Override
    public HolidayCalendar calendar(Region region) {
        return get(regional(region));
    }

    @Override
    public boolean updates(Region region) {
        return regional(region).updates();
    }

    private Regional regional(Region region) {
        for (Regional r : all) {
            if (r == region) {
                return r;
            }
        }
        throw new IllegalArgumentException("not a region of this service: " + region.code());
    }

    /** The region of a code ({@code hk}); thrown when there is none. */
    public Regional get(String code) {
        return regional(parse(code));
    }

    /** The calendar of {@code region}. */
    public HolidayCalendar get(Regional region) {
        HolidayCalendar calendar = read.get(region);
        return calendar != null ? calendar : load(region);
    }

    /** The regions asked for so far, in the order they are listed: the only ones the updater looks after. */
    public List<Regional> asked() {
        Map<Regional, HolidayCalendar> now = read;
        return all.stream().filter(now::containsKey).toList();
    }

    /** Where the years fetched for {@code region} are kept. */
    public Path cache(Regional region) {
        return cache.resolve(region.code());
    }

    /** {@code region}'s calendar with {@code year} added or replaced; false when nothing would change. */
    public synchronized boolean offer(Regional region, HolidayYear year) throws HolidayDataException {
        HolidayCalendar now = get(region);
        HolidayYear served = now.years().get(year.year());
        if (served != null && served.sameDays(year)) {
            return false;
        }
        put(region, now.withYear(year));
        return true;
    }

    /**
     * The built-in years with those fetched before over them, classified once; the built-in ones alone if those do not
     * fit.
     */
    private synchronized HolidayCalendar load(Regional region) {
        HolidayCalendar calendar = read.get(region);
        if (calendar == null) {
            try {
                List<HolidayYear> shipped = shipped(region);
                Map<Integer, HolidayYear> years = new TreeMap<>();
                shipped.forEach(y -> years.put(y.year(), y));
                try {
                    cached(region).forEach(y -> years.put(y.year(), y));
                    calendar = HolidayCalendar.of(region, years.values(), clock);
                } catch (HolidayDataException | IOException e) { // the kept years leave a gap, or cannot be listed
                    LOG.warn(
                            "the years fetched for {} in {} are not used ({}); the built-in ones are",
                            region.english(),
                            cache(region),
                            e.getMessage());
                    calendar = HolidayCalendar.of(region, shipped, clock);
                }
            } catch (HolidayDataException e) {
                throw new IllegalStateException(
                        "the jar's " + region.english() + " data does not read: " + e.getMessage(), e);
            }
            put(region, calendar);
        }
        return calendar;
    }

    private void put(Regional region, HolidayCalendar calendar) {
        Map<Regional, HolidayCalendar> next = new HashMap<>();
        next.putAll(read);
        next.put(region, calendar);
        read = next;
    }

    /**
     * The years fetched for {@code region} before, read by the same rules as HOLIDAY_DATA_DIR's files, each listing its
     * own year alone; a file that does not read is moved aside on its own ({@code .corrupt-<timestamp>}), the others
     * stay.
     */
    private List<HolidayYear> cached(Regional region) throws IOException {
        List<HolidayYear> years = new ArrayList<>();
        if (cache != null && Files.isDirectory(cache(region))) {
            for (Folder.File file : HolidayData.yearFiles(cache(region))) {
                try {
                    HolidayYear year = HolidayData.parse(file);
                    for (ListedDay day : year.days()) {
                        if (day.date().getYear() != year.year()) {
                            throw new HolidayDataException(
                                    year.source(), "lists " + day.date() + ", outside " + year.year());
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
                    LOG.warn(
                            "{} holiday cache file {} is not usable ({}); {}",
                            region.english(),
                            file.path(),
                            LogText.safe(e.problem(), LogText.LINE),
                            aside);
                }
            }
        }
        return years;
    }

    /** A region's years shipped in the jar, as one calendar (a test holds every region's files to it). */
    public static HolidayCalendar builtIn(Regional region, Clock clock) throws HolidayDataException {
        return HolidayCalendar.of(region, shipped(region), clock);
    }

    private static List<HolidayYear> shipped(Regional region) throws HolidayDataException {
        return HolidayData.shipped(region.folder());
    }
}
