package pocketapi;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import pocketapi.config.Config;
import pocketapi.config.ConfigException;
import pocketapi.config.Setting;
import pocketapi.counters.CounterSettings;
import pocketapi.hitokoto.HitokotoSettings;
import pocketapi.holidays.HolidaySettings;
import pocketapi.metrics.MetricsSettings;
import pocketapi.notify.NotifySettings;
import pocketapi.pictures.PictureSettings;
import pocketapi.regions.RegionSettings;
import pocketapi.web.ServerSettings;

/**
 * Every setting of the service, each declared by the capability that reads it, listed here in the order of
 * {@code --help}, the README's table and {@code pocketapi.env}; and {@link #SERVE}, the capabilities served. Stateless.
 */
public final class Settings {
    /** The capabilities {@code SERVE} takes, in the order of the page ({@link Capabilities}). */
    public static final List<String> CAPABILITIES = Capabilities.names();

    public static final Setting<List<String>> SERVE = Setting.of(
            "SERVE",
            String.join(",", CAPABILITIES),
            "comma-separated capabilities to serve: holidays (the holiday calendar, with the regions and the "
                    + "forecast), img "
                    + "(the pictures), info (the counters with their history and badges; without it nothing "
                    + "is counted or saved), "
                    + "hitokoto, notify (needs holidays). One not served answers 404, reads no file and "
                    + "starts no thread; /healthz, "
                    + "/api/ping and the page stay",
            v -> v.names(CAPABILITIES));

    private Settings() {}

    /** Every setting, in order. */
    public static List<Setting<?>> all() {
        List<Setting<?>> all = new ArrayList<>(ServerSettings.ALL);
        all.add(SERVE);
        all.add(Offline.UPDATES);
        for (List<Setting<?>> settings : List.of(
                HolidaySettings.ALL,
                RegionSettings.ALL,
                PictureSettings.ALL,
                HitokotoSettings.ALL,
                CounterSettings.ALL,
                NotifySettings.ALL,
                MetricsSettings.ALL)) {
            all.addAll(settings);
        }
        return List.copyOf(all);
    }

    /** Reads every setting from {@code env} and {@code args}, and checks those that go together. */
    public static Config parse(Map<String, String> env, List<String> args) throws ConfigException {
        Config config = Offline.apply(Config.parse(env, args, all()));
        PictureSettings.check(config);
        if (config.get(SERVE).contains("notify") && !config.get(SERVE).contains("holidays")) {
            throw new ConfigException(SERVE.name() + " (" + SERVE.flag() + "): notify needs holidays (the calendars it "
                    + "tells of); serve both, or neither");
        }
        return config;
    }

    /** The built-in defaults, as a user gets them with no configuration at all. */
    public static Config defaults() {
        try {
            return parse(Map.of(), List.of());
        } catch (ConfigException e) {
            throw new IllegalStateException("the defaults must be valid", e);
        }
    }
}
