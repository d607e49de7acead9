package pocketapi;

import java.time.Clock;
import java.util.List;
import java.util.Optional;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import io.javalin.Javalin;
import pocketapi.holiday.HolidayCalendar;
import pocketapi.holiday.HolidayData;
import pocketapi.holiday.HolidayDataException;
import pocketapi.http.HttpApi;
import pocketapi.image.ImagePoolException;
import pocketapi.image.ImagePools;
import pocketapi.image.SampleImages;
import pocketapi.stats.StatsFlusher;
import pocketapi.stats.StatsStore;
import pocketapi.stats.UsageCounters;

/**
 * Starts pocketapi: configuration, data, counters, server, in that order; any bad input stops it
 * with exit code 2. On SIGTERM or Ctrl-C it stops the server, saves the counters and exits 0.
 */
public final class Main {
    private static final Logger LOG = LoggerFactory.getLogger(Main.class);

    private Main() {
    }

    public static void main(String[] args) {
        if (List.of(args).contains("--help")) {
            System.out.print(Help.text());
            return;
        }
        Clock clock = Clock.systemUTC();
        Config config;
        HolidayCalendar calendar;
        ImagePools pools;
        Optional<SampleImages> samples;
        try {
            config = Config.parse(System.getenv(), List.of(args));
            calendar = HolidayData.load(config.holidayDataDir(), clock);
            pools = ImagePools.load(config.poolPortrait(), config.poolLandscape());
            samples = pools.bundled() ? Optional.of(SampleImages.of(pools)) : Optional.empty();
        } catch (ConfigException | HolidayDataException | ImagePoolException e) {
            System.err.println("ERROR pocketapi: " + e.getMessage());
            System.exit(2);
            return;
        }
        StatsStore store = new StatsStore(config.statsFile(), clock);
        UsageCounters counters = new UsageCounters(clock, config.statsMaxUsers(), store.load().orElse(null));
        StatsFlusher flusher = new StatsFlusher(counters, store, config.statsFlush());

        Javalin app = HttpApi.create(config, calendar, pools, samples, counters);
        try {
            app.start(config.host(), config.port());
        } catch (RuntimeException e) {
            Throwable cause = e.getCause() == null ? e : e.getCause();
            System.err.println("ERROR pocketapi: HOST/PORT: cannot listen on " + config.host() + ":" + config.port()
                    + " (" + cause.getMessage() + "); expected a free port on an address of this machine");
            System.exit(2);
            return;
        }
        flusher.start();
        Runtime.getRuntime().addShutdownHook(new Thread(() -> stop(app, flusher), "shutdown"));
        LOG.info("pocketapi {} listening on http://{}:{}, holidays {} to {}, pictures {} portrait + {} landscape "
                        + "from {}, counters in {} saved every {} s",
                version(), config.host(), app.port(), calendar.first(), calendar.last(),
                pools.portrait().size(), pools.landscape().size(),
                config.imageHost().orElse("the bundled samples"), store.file(), config.statsFlush().toSeconds());
    }

    /** The shutdown hook: stop taking requests, let those under way finish, save the counters, exit 0. */
    private static void stop(Javalin app, StatsFlusher flusher) {
        LOG.info("stopping");
        try {
            app.stop();
        } finally {
            flusher.close();
            LOG.info("stopped");
            // A JVM ended by a signal exits 143; the counters are safe now, so report a clean stop.
            Runtime.getRuntime().halt(0);
        }
    }

    static String version() {
        String v = Main.class.getPackage().getImplementationVersion();
        return v == null ? "dev" : v;
    }
}
