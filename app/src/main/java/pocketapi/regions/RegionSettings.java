package pocketapi.regions;

import java.net.URI;
import java.util.List;
import pocketapi.config.Config;
import pocketapi.config.Setting;
import pocketapi.config.WritableFolders;
import pocketapi.holidays.HolidaySettings;

/**
 * The regions' settings, each declared by its region and listed here in the order of {@link Regions#ALL}: where each
 * region's new years come from. Stateless.
 */
public final class RegionSettings {
    /** Every region's update and confirming URLs, in the order of --help and the README's table. */
    public static final List<Setting<List<URI>>> URLS =
            Regions.ALL.stream().flatMap(kind -> kind.settings().stream()).toList();

    /** The same, as {@code --help} lists settings. */
    public static final List<Setting<?>> ALL = List.copyOf(URLS);

    private RegionSettings() {}

    /** The regions' names in English, possessive, in order, for a sentence: {@code Hong Kong's, Macau's and ...}. */
    public static String names() {
        List<String> names =
                Regions.ALL.stream().map(kind -> kind.off().english() + "'s").toList();
        int last = names.size() - 1;
        return last <= 0
                ? String.join("", names)
                : String.join(", ", names.subList(0, last)) + " and " + names.get(last);
    }

    /** The folders the regions write to: HOLIDAY_CACHE_DIR while an update source of theirs is on. */
    public static List<WritableFolders.Wanted> folders(Config config) {
        boolean updates = Regions.every(config).stream().anyMatch(Regional::updates);
        return updates ? List.of(HolidaySettings.cacheFolder(config)) : List.of();
    }
}
