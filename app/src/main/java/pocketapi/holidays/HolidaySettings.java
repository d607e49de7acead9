package pocketapi.holidays;

import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import pocketapi.config.Config;
import pocketapi.config.Setting;
import pocketapi.config.Values;
import pocketapi.config.WritableFolders;

/**
 * The holiday calendar's settings: its data, its updates, the calendars of one's own. Each is an environment variable
 * and a flag; {@code --help} and the README's table list them in this order.
 */
public final class HolidaySettings {
    public static final Setting<Optional<Path>> HOLIDAY_DATA_DIR = Setting.of(
            "HOLIDAY_DATA_DIR",
            "",
            "a folder of YYYY.json holiday years of your own; they win over every other source",
            Values.Value::folder);
    public static final Setting<List<URI>> HOLIDAY_UPDATE_URL = Setting.of(
            "HOLIDAY_UPDATE_URL",
            "https://raw.githubusercontent.com/NateScarlet/holiday-cn/master,"
                    + "https://cdn.jsdelivr.net/gh/NateScarlet/holiday-cn@master",
            "comma-separated base URLs tried in order; year Y is fetched from <base>/Y.json. off: no automatic updates",
            v -> v.urls("https://mirror.example.com/holiday-cn"));
    public static final Setting<Duration> HOLIDAY_UPDATE_SECONDS = Setting.of(
            "HOLIDAY_UPDATE_SECONDS",
            "21600",
            "seconds between update checks (6 hours), 10–2592000",
            v -> v.seconds(10, 2_592_000));
    public static final Setting<List<URI>> HOLIDAY_CONFIRM_URL = Setting.of(
            "HOLIDAY_CONFIRM_URL",
            "https://cdn.jsdelivr.net/npm/chinese-days/dist/years,https://unpkg.com/chinese-days/dist/years",
            "comma-separated base URLs of the confirming source, chinese-days' per-year files, tried in "
                    + "order (year Y is "
                    + "<base>/Y.json): a fetched change is served only when it agrees (docs/holiday-data.md). "
                    + "off: a new year is served as fetched, and a year already served never changes",
            v -> v.urls("https://mirror.example.com/chinese-days/dist/years"));
    public static final Setting<Duration> HOLIDAY_CONFIRM_WAIT_SECONDS = Setting.of(
            "HOLIDAY_CONFIRM_WAIT_SECONDS",
            "604800",
            "seconds a year new to the service waits for the confirming source to publish it before it is served "
                    + "unconfirmed (with a warning), 0–31536000; 7 days by default, 0 serves at once. The "
                    + "wait survives restarts",
            v -> v.seconds(0, 31_536_000));
    public static final Setting<Optional<Path>> CALENDARS_DIR = Setting.of(
            "CALENDARS_DIR",
            "",
            "a folder of NAME.json calendars of your own (a week rule and days of their own), chosen with "
                    + "calendar=NAME; "
                    + "re-read every 2 s while running (docs/holidays.md: Your own calendar)",
            Values.Value::folder);
    public static final Setting<Path> HOLIDAY_CACHE_DIR = Setting.of(
            "HOLIDAY_CACHE_DIR",
            "data/holidays",
            "where fetched years are kept across restarts (relative to the working folder; created if missing)",
            v -> v.path(true));

    /** In the order of --help and the README's table. */
    public static final List<Setting<?>> ALL = List.of(
            HOLIDAY_DATA_DIR,
            HOLIDAY_UPDATE_URL,
            HOLIDAY_UPDATE_SECONDS,
            HOLIDAY_CONFIRM_URL,
            HOLIDAY_CONFIRM_WAIT_SECONDS,
            CALENDARS_DIR,
            HOLIDAY_CACHE_DIR);

    private HolidaySettings() {}

    /** The folders the holiday calendar writes to: HOLIDAY_CACHE_DIR while its updates are on. */
    public static List<WritableFolders.Wanted> folders(Config config) {
        return config.get(HOLIDAY_UPDATE_URL).isEmpty() ? List.of() : List.of(cacheFolder(config));
    }

    /** HOLIDAY_CACHE_DIR, where fetched years are kept (the mainland's, and the regions' in a folder each). */
    public static WritableFolders.Wanted cacheFolder(Config config) {
        return new WritableFolders.Wanted(
                HOLIDAY_CACHE_DIR,
                config.get(HOLIDAY_CACHE_DIR).toAbsolutePath(),
                config.get(HOLIDAY_CACHE_DIR).toString(),
                "a folder pocketapi may write, e.g. /var/lib/pocketapi/holidays " + "(the unit's state folder)");
    }
}
