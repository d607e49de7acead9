package pocketapi;

import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import pocketapi.config.Config;
import pocketapi.config.ConfigException;
import pocketapi.config.WritableFolders;
import pocketapi.counters.CounterSettings;
import pocketapi.counters.CountersModule;
import pocketapi.files.FolderWatcher;
import pocketapi.forecast.ForecastCalendars;
import pocketapi.forecast.ForecastModule;
import pocketapi.hitokoto.HitokotoModule;
import pocketapi.hitokoto.HitokotoSettings;
import pocketapi.holidays.HolidayDataException;
import pocketapi.holidays.HolidaySettings;
import pocketapi.holidays.HolidaysModule;
import pocketapi.holidays.RegionCalendars;
import pocketapi.logging.LogText;
import pocketapi.notify.NotifyModule;
import pocketapi.notify.NotifySettings;
import pocketapi.pictures.ImagePoolException;
import pocketapi.pictures.PicturesModule;
import pocketapi.regions.RegionSettings;
import pocketapi.regions.RegionsModule;
import pocketapi.web.Module;

/**
 * The capabilities {@code SERVE} names, in the order of the page, each saying for itself what it writes to and how it
 * starts, given those started before it: {@code Main} iterates them. A new capability is its package and one entry
 * here. Stateless.
 */
final class Capabilities {
    /** What a capability starts with: the settings, the clock, the heap's budget, and the modules started before. */
    record Loading(Config config, Clock clock, MemoryBudget budget, String userAgent, List<Module> before) {
        /** The module of {@code type} started before this one (SERVE's rules make sure it is there). */
        <T extends Module> T find(Class<T> type) {
            return before.stream()
                    .filter(type::isInstance)
                    .map(type::cast)
                    .findFirst()
                    .orElseThrow(() -> new IllegalStateException("no " + type.getSimpleName() + " started"));
        }
    }

    /** What a capability started: its modules, its words on the start-up line, and lines to log once it listens. */
    record Loaded(List<Module> modules, String words, List<String> notes) {
        Loaded(Module module, String words) {
            this(List.of(module), words, List.of());
        }
    }

    /** How a capability starts. */
    interface Loader {
        Loaded load(Loading loading)
                throws ConfigException, HolidayDataException, ImagePoolException, FolderWatcher.Refused;
    }

    /** How a capability's folders are found in the settings. */
    interface Folders {
        List<WritableFolders.Wanted> of(Config config);
    }

    /** A capability: its name in {@code SERVE}, the folders it writes to, how it starts. */
    record Capability(String name, Folders folders, Loader loader) {}

    static final List<Capability> ALL = List.of(
            new Capability("holidays", Capabilities::holidayFolders, Capabilities::holidays),
            new Capability("img", config -> List.of(), in -> {
                PicturesModule pictures = PicturesModule.load(
                        in.config(), in.budget().pools(), in.config().get(CounterSettings.STATS_MAX_USERS));
                return new Loaded(pictures, "pictures " + pictures.describe(in.config()));
            }),
            new Capability("hitokoto", config -> List.of(), Capabilities::hitokoto),
            new Capability("info", config -> List.of(CounterSettings.folder(config)), in -> {
                CountersModule counters = CountersModule.open(in.config(), in.clock());
                return new Loaded(counters, "counters " + counters.describe());
            }),
            new Capability(
                    "notify",
                    NotifySettings::folders,
                    in -> new Loaded(
                            NotifyModule.of(
                                    in.config(),
                                    in.find(HolidaysModule.class),
                                    in.find(RegionsModule.class).regions(),
                                    in.clock(),
                                    in.userAgent()),
                            "")));

    private Capabilities() {}

    /** Their names, in order. */
    static List<String> names() {
        return ALL.stream().map(Capability::name).toList();
    }

    private static List<WritableFolders.Wanted> holidayFolders(Config config) {
        List<WritableFolders.Wanted> wanted = new ArrayList<>(HolidaySettings.folders(config));
        wanted.addAll(RegionSettings.folders(config));
        return wanted;
    }

    /** The holiday calendar, with the regions and the forecast it answers for. */
    private static Loaded holidays(Loading in) throws HolidayDataException, FolderWatcher.Refused {
        Config config = in.config();
        RegionsModule regional = new RegionsModule(config, in.clock(), in.userAgent());
        RegionCalendars regions = regional.regions();
        ForecastCalendars forecasts = new ForecastCalendars(in.clock());
        HolidaysModule holidays =
                HolidaysModule.load(config, in.clock(), in.budget().calendars(), regions, forecasts, in.userAgent());
        List<String> notes = config
                .get(HolidaySettings.CALENDARS_DIR)
                .map(dir -> "calendars of your own from " + dir + ": "
                        + holidays.own().all().keySet())
                .stream()
                .toList();
        return new Loaded(
                List.of(holidays, regional, new ForecastModule(holidays, forecasts)),
                "holidays " + holidays.range() + " (" + updates(config, regional) + ")",
                notes);
    }

    private static Loaded hitokoto(Loading in) throws FolderWatcher.Refused {
        HitokotoModule hitokoto = HitokotoModule.load(in.config(), in.budget().sentences());
        List<String> notes = in
                .config()
                .get(HitokotoSettings.HITOKOTO_DIR)
                .map(dir -> "sentences from " + dir + ": " + hitokoto.size() + " for /api/hitokoto")
                .stream()
                .toList();
        return new Loaded(List.of(hitokoto), "", notes);
    }

    /** Every update source that is on, for the start-up line; "automatic updates off" when none is. */
    static String updates(Config config, RegionsModule regions) {
        List<String> on = new ArrayList<>();
        if (!config.get(HolidaySettings.HOLIDAY_UPDATE_URL).isEmpty()) {
            on.add("the mainland's from " + LogText.hosts(config.get(HolidaySettings.HOLIDAY_UPDATE_URL))
                    + " (holiday-cn), "
                    + (config.get(HolidaySettings.HOLIDAY_CONFIRM_URL).isEmpty()
                            ? "changes not cross-checked (HOLIDAY_CONFIRM_URL=off)"
                            : "each change confirmed by chinese-days from "
                                    + LogText.hosts(config.get(HolidaySettings.HOLIDAY_CONFIRM_URL))));
        }
        on.addAll(regions.updates());
        return on.isEmpty()
                ? (config.get(Offline.UPDATES) ? "automatic updates off" : "automatic updates off (UPDATES=off)")
                : "updates every " + LogText.duration(config.get(HolidaySettings.HOLIDAY_UPDATE_SECONDS)) + ": "
                        + String.join("; ", on) + "; cache "
                        + config.get(HolidaySettings.HOLIDAY_CACHE_DIR).toAbsolutePath();
    }
}
