package pocketapi.http;

import pocketapi.holiday.source.HolidayData;
import pocketapi.holiday.source.OwnCalendars;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Optional;

import io.javalin.Javalin;
import pocketapi.config.Config;
import pocketapi.config.Setting;
import pocketapi.holiday.HolidayCalendar;
import pocketapi.holiday.LiveCalendar;
import pocketapi.image.ImagePools;
import pocketapi.image.NamedPools;
import pocketapi.image.SampleImages;
import pocketapi.hitokoto.SentenceFolder;
import pocketapi.stats.Counters;
import pocketapi.stats.LocalCounters;

/** The production wiring ({@link HttpApi#create}) with test inputs: built-in data, a chosen clock. */
final class TestApps {
    private TestApps() {
    }

    static HolidayCalendar calendar(Clock clock) {
        try {
            return HolidayData.load(Optional.empty(), clock);
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    /** Counters as a test's server has them: no file, a fixed key, 400 days of history. */
    static LocalCounters counters(Clock clock, int maxUsers) {
        return new LocalCounters(clock, new pocketapi.stats.UserKeys(new byte[32]), maxUsers, 400, 0);
    }

    /** The regions' built-in calendars, as a fresh service reads them (no cache folder, so nothing fetched is read). */
    static pocketapi.holiday.source.Regions regions(Clock clock) {
        return new pocketapi.holiday.source.Regions(clock, null);
    }

    /** The out-of-the-box service: defaults, bundled sample pictures. */
    static Javalin app() {
        return app(Clock.systemUTC());
    }

    static Javalin app(Clock clock) {
        return app(clock, counters(clock, 100_000));
    }

    /** The out-of-the-box service counting into the given counters. */
    static Javalin app(Clock clock, Counters counters) {
        try {
            ImagePools samples = ImagePools.samples();
            return HttpApi.create(Config.defaults(), new LiveCalendar(calendar(clock)), regions(clock), OwnCalendars.builtIn(), samples, NamedPools.none(), Optional.of(SampleImages.of(samples)), SentenceFolder.builtIn(), counters);
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    /** The service with an image host and its pools. */
    static Javalin app(Config config, ImagePools pools) {
        Clock clock = Clock.systemUTC();
        return HttpApi.create(config, new LiveCalendar(calendar(clock)), regions(clock), OwnCalendars.builtIn(), pools, NamedPools.none(), Optional.empty(),
                SentenceFolder.builtIn(), counters(clock, 100_000));
    }

    /** The service with the bundled samples and the given settings (PUBLIC_URL, TRUSTED_PROXIES, ACCESS_LOG ...). */
    static Javalin app(java.util.Map<String, String> settings) {
        return app(settings, Clock.systemUTC());
    }

    /** The service with the bundled samples and the given settings, on a chosen clock. */
    static Javalin app(java.util.Map<String, String> settings, Clock clock) {
        return app(settings, clock, counters(clock, 100_000));
    }

    /** The service with the bundled samples and the given settings, on a chosen clock, counting into the given counters. */
    static Javalin app(java.util.Map<String, String> settings, Clock clock, Counters counters) {
        try {
            Config config = Config.parse(settings, java.util.List.of());
            ImagePools samples = ImagePools.samples();
            return HttpApi.create(config, new LiveCalendar(calendar(clock)), regions(clock), OwnCalendars.builtIn(), samples, NamedPools.none(), Optional.of(SampleImages.of(samples)), SentenceFolder.builtIn(), counters);
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    /** The service of the given settings, their pool files and IMAGE_POOLS_DIR read as Main reads them. */
    static Javalin withPools(java.util.Map<String, String> settings) {
        try {
            Config config = Config.parse(settings, java.util.List.of());
            Clock clock = Clock.systemUTC();
            return HttpApi.create(config, new LiveCalendar(calendar(clock)), regions(clock), OwnCalendars.builtIn(),
                    ImagePools.load(config.get(Setting.IMAGE_POOL_PORTRAIT), config.get(Setting.IMAGE_POOL_LANDSCAPE)),
                    pocketapi.image.NamedPools.load(config.get(Setting.IMAGE_POOLS_DIR), Long.MAX_VALUE), Optional.empty(), SentenceFolder.builtIn(), counters(clock, 100_000));
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    /** The out-of-the-box service answering from a calendar the test may swap. */
    static Javalin app(LiveCalendar calendar) {
        try {
            ImagePools samples = ImagePools.samples();
            return HttpApi.create(Config.defaults(), calendar, regions(calendar.get().clock()), OwnCalendars.builtIn(), samples, NamedPools.none(), Optional.of(SampleImages.of(samples)),
                    SentenceFolder.builtIn(), counters(calendar.get().clock(), 100_000));
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    /** The out-of-the-box service serving these sentences. */
    static Javalin app(SentenceFolder sentences) {
        try {
            ImagePools samples = ImagePools.samples();
            Clock clock = Clock.systemUTC();
            return HttpApi.create(Config.defaults(), new LiveCalendar(calendar(clock)), regions(clock), OwnCalendars.builtIn(), samples, NamedPools.none(),
                    Optional.of(SampleImages.of(samples)), sentences, counters(clock, 100_000));
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    /** The out-of-the-box service with calendars of one's own. */
    static Javalin app(Clock clock, OwnCalendars own) {
        try {
            ImagePools samples = ImagePools.samples();
            return HttpApi.create(Config.defaults(), new LiveCalendar(calendar(clock)), regions(clock), own, samples, NamedPools.none(),
                    Optional.of(SampleImages.of(samples)), SentenceFolder.builtIn(), counters(clock, 100_000));
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    /** What Main hands the HTTP layer from a configuration. */

    static Clock at(String instant) {
        return Clock.fixed(Instant.parse(instant), ZoneOffset.UTC);
    }
}
