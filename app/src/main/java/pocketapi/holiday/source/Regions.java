package pocketapi.holiday.source;

import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

import pocketapi.files.Resources;
import pocketapi.holiday.HolidayCalendar;
import pocketapi.holiday.HolidayDataException;
import pocketapi.holiday.HolidayYear;
import pocketapi.holiday.Region;

/**
 * The built-in calendars of the regions other than the mainland ({@code regions/<code>/YYYY.json}, holiday-cn's layout),
 * each read on its first use: a region nobody asks for costs nothing. Thread-safe.
 */
public final class Regions {
    private final Clock clock;
    private final Map<Region, HolidayCalendar> read = new EnumMap<>(Region.class);

    public Regions(Clock clock) {
        this.clock = clock;
    }

    /** The calendar of {@code region} (not the mainland's, which is live). */
    public synchronized HolidayCalendar get(Region region) {
        return read.computeIfAbsent(region, r -> {
            try {
                return builtIn(r, clock);
            } catch (HolidayDataException e) {
                throw new IllegalStateException("the jar's " + r.english() + " data does not read: " + e.getMessage(), e);
            }
        });
    }

    /** A region's years shipped in the jar, as one calendar (a test holds every region's files to it). */
    public static HolidayCalendar builtIn(Region region, Clock clock) throws HolidayDataException {
        String folder = "regions/" + region.code() + "/";
        List<HolidayYear> years = new ArrayList<>();
        for (String name : new String(bytes(folder + "index.txt"), StandardCharsets.UTF_8).split("\n")) {
            if (!name.isBlank()) {
                String path = folder + name.strip();
                years.add(HolidayFile.parse(HolidayData.BUILT_IN + path, Integer.parseInt(name.strip().substring(0, 4)),
                        bytes(path)));
            }
        }
        return HolidayCalendar.of(region, years, clock);
    }

    private static byte[] bytes(String path) throws HolidayDataException {
        return Resources.read(path).orElseThrow(() -> new HolidayDataException(HolidayData.BUILT_IN + path, "missing from the jar"));
    }
}
