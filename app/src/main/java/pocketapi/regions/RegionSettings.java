package pocketapi.regions;

import java.net.URI;
import java.util.List;
import pocketapi.config.Config;
import pocketapi.config.Setting;
import pocketapi.config.WritableFolders;
import pocketapi.holidays.HolidaySettings;

/** The regions' settings: where each region's new years come from. */
public final class RegionSettings {
    public static final Setting<List<URI>> HK_UPDATE_URL = Setting.of(
            "HK_UPDATE_URL",
            "https://www.1823.gov.hk/common/ical/tc.json,"
                    + "https://cdn.jsdelivr.net/gh/mathsgod/holiday-data/data/tc.json",
            "comma-separated URLs of Hong Kong's list of general holidays (1823.gov.hk's tc.json, or a "
                    + "mirror's), tried in "
                    + "order once region=hk has been asked for; a new year is confirmed by the General "
                    + "Holidays Ordinance's rules. "
                    + "off: Hong Kong's built-in years only",
            v -> v.urls("https://mirror.example.com/hk/tc.json"));
    public static final Setting<List<URI>> TW_UPDATE_URL = Setting.of(
            "TW_UPDATE_URL",
            "https://cdn.jsdelivr.net/gh/ruyut/TaiwanCalendar/data",
            "comma-separated base URLs of Taiwan's office calendar as ruyut/TaiwanCalendar has it (year Y is "
                    + "<base>/Y.json), "
                    + "tried in order once region=tw has been asked for. off: Taiwan's built-in years only",
            v -> v.urls("https://mirror.example.com/TaiwanCalendar/data"));
    public static final Setting<List<URI>> TW_CONFIRM_URL = Setting.of(
            "TW_CONFIRM_URL",
            "https://cdn.jsdelivr.net/gh/imsyuan/taiwan-holidays/data",
            "comma-separated base URLs of the confirming source for Taiwan, imsyuan/taiwan-holidays "
                    + "(<base>/Y/holidays.json "
                    + "and makeup-workdays.json): a new year is served at once when it lists the same days, else after "
                    + "HOLIDAY_CONFIRM_WAIT_SECONDS; a change to a year already served only when it does. "
                    + "off: new years after the "
                    + "wait, and a year already served never changes",
            v -> v.urls("https://mirror.example.com/taiwan-holidays/data"));
    public static final Setting<List<URI>> MO_UPDATE_URL = Setting.of(
            "MO_UPDATE_URL",
            "https://www.gov.mo/zh-hant/public-holidays/ical/",
            "comma-separated URLs of Macau's public holidays as an iCalendar (gov.mo's), tried in order once "
                    + "region=mo has "
                    + "been asked for; a new year is confirmed by Ordem Executiva 60/2000's rules, the civil "
                    + "service's days left out. "
                    + "off: Macau's built-in years only",
            v -> v.urls("https://mirror.example.com/mo/holidays.ics"));

    /** In the order of --help and the README's table. */
    public static final List<Setting<?>> ALL = List.of(HK_UPDATE_URL, TW_UPDATE_URL, TW_CONFIRM_URL, MO_UPDATE_URL);

    private RegionSettings() {}

    /** The folders the regions write to: HOLIDAY_CACHE_DIR while an update source of theirs is on. */
    public static List<WritableFolders.Wanted> folders(Config config) {
        boolean updates = !config.get(HK_UPDATE_URL).isEmpty()
                || !config.get(TW_UPDATE_URL).isEmpty()
                || !config.get(MO_UPDATE_URL).isEmpty();
        return updates ? List.of(HolidaySettings.cacheFolder(config)) : List.of();
    }
}
