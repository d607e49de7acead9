package pocketapi;

import io.javalin.Javalin;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import pocketapi.config.Config;
import pocketapi.counters.CounterSettings;
import pocketapi.counters.Counters;
import pocketapi.counters.CountersModule;
import pocketapi.counters.LocalCounters;
import pocketapi.counters.UserKeys;
import pocketapi.forecast.ForecastCalendars;
import pocketapi.forecast.ForecastModule;
import pocketapi.hitokoto.HitokotoModule;
import pocketapi.hitokoto.SentenceFolder;
import pocketapi.holidays.HolidayCalendar;
import pocketapi.holidays.HolidaysModule;
import pocketapi.holidays.LiveCalendar;
import pocketapi.holidays.data.HolidayData;
import pocketapi.holidays.data.OwnCalendars;
import pocketapi.notify.NotifyModule;
import pocketapi.pictures.ImagePools;
import pocketapi.pictures.NamedPools;
import pocketapi.pictures.PicturesModule;
import pocketapi.pictures.SampleImages;
import pocketapi.regions.Regions;
import pocketapi.regions.RegionsModule;
import pocketapi.web.CallCounter;
import pocketapi.web.HttpApi;
import pocketapi.web.Module;

/**
 * The production wiring ({@link HttpApi#create} over the modules {@code SERVE} names, in {@link Capabilities}' order)
 * with test inputs: built-in data, a chosen clock, counters in memory.
 */
public final class TestApps {
    private TestApps() {}

    public static HolidayCalendar calendar(Clock clock) {
        try {
            return HolidayData.load(Optional.empty(), clock);
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    /** Counters as a test's server has them: no file, a fixed key, 400 days of history. */
    public static LocalCounters counters(Clock clock, int maxUsers) {
        return new LocalCounters(clock, new UserKeys(new byte[32]), maxUsers, 400, 0);
    }

    /** The regions' built-in calendars, as a fresh service reads them (no cache folder, so nothing fetched is read). */
    public static Regions regions(Clock clock) {
        return new Regions(clock, null);
    }

    /** The regions with the update sources of the settings, reading no cache folder. */
    private static Regions regions(Config config, Clock clock) {
        return new Regions(Regions.every(config), clock, null);
    }

    /** The out-of-the-box service: defaults, bundled sample pictures. */
    public static Javalin app() {
        return app(Clock.systemUTC());
    }

    public static Javalin app(Clock clock) {
        return app(clock, counters(clock, 100_000));
    }

    /** The out-of-the-box service counting into the given counters. */
    public static Javalin app(Clock clock, Counters counters) {
        return app(Map.of(), clock, counters);
    }

    /** The service with an image host and its pools. */
    public static Javalin app(Config config, ImagePools pools) {
        Clock clock = Clock.systemUTC();
        return build(
                config,
                clock,
                new LiveCalendar(calendar(clock)),
                OwnCalendars.builtIn(),
                new PicturesModule(config, pools, NamedPools.none(), Optional.empty(), 100_000),
                SentenceFolder.builtIn(),
                counters(clock, 100_000));
    }

    /**
     * The service with the bundled samples and the given settings (PUBLIC_URL, TRUSTED_PROXIES, ACCESS_LOG, SERVE ...).
     */
    public static Javalin app(Map<String, String> settings) {
        return app(settings, Clock.systemUTC());
    }

    /** The service with the bundled samples and the given settings, on a chosen clock (and its STATS_HISTORY_DAYS). */
    public static Javalin app(Map<String, String> settings, Clock clock) {
        int days = config(settings).get(CounterSettings.STATS_HISTORY_DAYS);
        return app(settings, clock, new LocalCounters(clock, new UserKeys(new byte[32]), 100_000, days, 0));
    }

    /**
     * The service with the bundled samples and the given settings, on a chosen clock, counting into the given counters.
     */
    public static Javalin app(Map<String, String> settings, Clock clock, Counters counters) {
        Config config = config(settings);
        return build(
                config,
                clock,
                new LiveCalendar(calendar(clock)),
                OwnCalendars.builtIn(),
                samples(config),
                SentenceFolder.builtIn(),
                counters);
    }

    /**
     * The service with pools of its own written in {@code dir}: one portrait and one landscape picture, and in
     * {@code dir/named} a pool {@code wall} of two pictures with their sizes (so /img/{name}/… routes exist).
     * IMAGE_HOST is only the prefix of the links the service answers with, never fetched (and example.com is reserved,
     * RFC 2606): the tests that use this read the links, they do not follow them.
     */
    public static Javalin withNamedPool(Path dir) throws IOException {
        return withNamedPool(dir, Map.of());
    }

    /** {@link #withNamedPool(Path)} with more settings. */
    public static Javalin withNamedPool(Path dir, Map<String, String> more) throws IOException {
        Path named = Files.createDirectory(dir.resolve("named"));
        Files.writeString(named.resolve("wall.txt"), "a.jpg 800x600\nb.jpg 600x800\n");
        Files.writeString(dir.resolve("p.txt"), "p.jpg\n");
        Files.writeString(dir.resolve("l.txt"), "l.jpg\n");
        Map<String, String> settings = new java.util.HashMap<>(more);
        settings.putAll(Map.of(
                "IMAGE_HOST",
                "https://img.example.com",
                "IMAGE_POOL_PORTRAIT",
                dir.resolve("p.txt").toString(),
                "IMAGE_POOL_LANDSCAPE",
                dir.resolve("l.txt").toString(),
                "IMAGE_POOLS_DIR",
                named.toString()));
        return withPools(settings);
    }

    /** The service of the given settings, their pool files and IMAGE_POOLS_DIR read as Main reads them. */
    public static Javalin withPools(Map<String, String> settings) {
        try {
            Config config = config(settings);
            Clock clock = Clock.systemUTC();
            return build(
                    config,
                    clock,
                    new LiveCalendar(calendar(clock)),
                    OwnCalendars.builtIn(),
                    PicturesModule.load(config, Long.MAX_VALUE, 100_000),
                    SentenceFolder.builtIn(),
                    counters(clock, 100_000));
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    /** The out-of-the-box service answering from a calendar the test may swap. */
    public static Javalin app(LiveCalendar calendar) {
        Config config = Settings.defaults();
        Clock clock = calendar.get().clock();
        return build(
                config,
                clock,
                calendar,
                OwnCalendars.builtIn(),
                samples(config),
                SentenceFolder.builtIn(),
                counters(clock, 100_000));
    }

    /** The out-of-the-box service serving these sentences. */
    public static Javalin app(SentenceFolder sentences) {
        Config config = Settings.defaults();
        Clock clock = Clock.systemUTC();
        return build(
                config,
                clock,
                new LiveCalendar(calendar(clock)),
                OwnCalendars.builtIn(),
                samples(config),
                sentences,
                counters(clock, 100_000));
    }

    /** The out-of-the-box service with calendars of one's own. */
    public static Javalin app(Clock clock, OwnCalendars own) {
        Config config = Settings.defaults();
        return build(
                config,
                clock,
                new LiveCalendar(calendar(clock)),
                own,
                samples(config),
                SentenceFolder.builtIn(),
                counters(clock, 100_000));
    }

    public static Clock at(String instant) {
        return Clock.fixed(Instant.parse(instant), ZoneOffset.UTC);
    }

    private static Config config(Map<String, String> settings) {
        try {
            return Settings.parse(settings, List.of());
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    private static PicturesModule samples(Config config) {
        try {
            ImagePools samples = ImagePools.samples();
            return new PicturesModule(
                    config, samples, NamedPools.none(), Optional.of(SampleImages.of(samples)), 100_000);
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    /** The modules SERVE names, in Main's order, over these parts; none started. */
    private static Javalin build(
            Config config,
            Clock clock,
            LiveCalendar calendar,
            OwnCalendars own,
            PicturesModule pictures,
            SentenceFolder sentences,
            Counters counters) {
        List<String> serve = config.get(Settings.SERVE);
        List<Module> modules = new ArrayList<>();
        Regions regions = regions(config, clock);
        HolidaysModule holidays = null;
        if (serve.contains("holidays")) {
            ForecastCalendars forecasts = new ForecastCalendars(clock);
            holidays = HolidaysModule.of(config, clock, calendar, own, regions, forecasts);
            modules.add(holidays);
            modules.add(new RegionsModule(config, clock, regions, "pocketapi-test"));
            modules.add(new ForecastModule(holidays, forecasts));
        }
        if (serve.contains("img")) {
            modules.add(pictures);
        }
        if (serve.contains("hitokoto")) {
            modules.add(new HitokotoModule(sentences));
        }
        boolean counted = serve.contains("info");
        CountersModule counting = counted ? CountersModule.of(config, counters) : null;
        if (counted) {
            modules.add(counting);
        }
        if (serve.contains("notify")) {
            try {
                modules.add(NotifyModule.of(config, holidays, regions, clock, "pocketapi-test"));
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        }
        pocketapi.metrics.MetricsModule.of(config, List.copyOf(modules)).ifPresent(modules::add);
        return HttpApi.create(
                config,
                counted ? counting.calls() : CallCounter.NONE,
                counted ? config.get(CounterSettings.STATS_IGNORE) : List.of(),
                modules);
    }
}
