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

/** Starts pocketapi: configuration, data, server, in that order; any bad input stops it with exit code 2. */
public final class Main {
    private static final Logger LOG = LoggerFactory.getLogger(Main.class);

    private Main() {
    }

    public static void main(String[] args) {
        if (List.of(args).contains("--help")) {
            System.out.print(Help.text());
            return;
        }
        Config config;
        HolidayCalendar calendar;
        ImagePools pools;
        Optional<SampleImages> samples;
        try {
            config = Config.parse(System.getenv(), List.of(args));
            calendar = HolidayData.load(config.holidayDataDir(), Clock.systemUTC());
            pools = ImagePools.load(config.poolPortrait(), config.poolLandscape());
            samples = pools.bundled() ? Optional.of(SampleImages.of(pools)) : Optional.empty();
        } catch (ConfigException | HolidayDataException | ImagePoolException e) {
            System.err.println("ERROR pocketapi: " + e.getMessage());
            System.exit(2);
            return;
        }
        Javalin app = HttpApi.create(config, calendar, pools, samples).start(config.host(), config.port());
        Runtime.getRuntime().addShutdownHook(new Thread(app::stop, "shutdown"));
        LOG.info("pocketapi {} listening on http://{}:{}, holidays {} to {}, pictures {} portrait + {} landscape from {}",
                version(), config.host(), app.port(), calendar.first(), calendar.last(),
                pools.portrait().size(), pools.landscape().size(),
                config.imageHost().orElse("the bundled samples"));
    }

    static String version() {
        String v = Main.class.getPackage().getImplementationVersion();
        return v == null ? "dev" : v;
    }
}
