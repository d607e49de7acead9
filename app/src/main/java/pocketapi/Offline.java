package pocketapi;

import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import pocketapi.config.Config;
import pocketapi.config.Setting;
import pocketapi.holidays.HolidaySettings;
import pocketapi.regions.RegionSettings;

/**
 * {@code UPDATES}, the one switch for a machine without internet: every fetch of holiday data off (the mainland's and
 * each region's), whatever the update URLs say. Stateless.
 */
final class Offline {
    static final Setting<Boolean> UPDATES = Setting.of(
            "UPDATES",
            "on",
            "on or off. off: no fetch at all (the mainland's holiday updates and their confirmations, "
                    + RegionSettings.names() + "), whatever the *_UPDATE_URL and *_CONFIRM_URL settings say: for a "
                    + "machine without internet",
            v -> v.onOff());

    /** The settings {@link #UPDATES}{@code =off} turns off: every source fetched from. */
    static final List<Setting<List<URI>>> FETCHED = fetched();

    private Offline() {}

    private static List<Setting<List<URI>>> fetched() {
        List<Setting<List<URI>>> fetched =
                new ArrayList<>(List.of(HolidaySettings.HOLIDAY_UPDATE_URL, HolidaySettings.HOLIDAY_CONFIRM_URL));
        fetched.addAll(RegionSettings.URLS);
        return List.copyOf(fetched);
    }

    /** {@code config} with every fetched source off when {@code UPDATES=off}; as it is otherwise. */
    static Config apply(Config config) {
        if (!config.get(UPDATES)) {
            for (Setting<List<URI>> fetched : FETCHED) {
                config = config.with(fetched, List.of());
            }
        }
        return config;
    }
}
