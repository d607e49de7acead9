package pocketapi;

import java.time.Clock;
import java.util.List;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import io.javalin.Javalin;
import pocketapi.holiday.HolidayCalendar;
import pocketapi.holiday.HolidayData;
import pocketapi.holiday.HolidayDataException;
import pocketapi.http.HttpApi;

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
        try {
            config = Config.parse(System.getenv(), List.of(args));
            calendar = HolidayData.load(config.holidayDataDir(), Clock.systemUTC());
        } catch (ConfigException | HolidayDataException e) {
            System.err.println("ERROR pocketapi: " + e.getMessage());
            System.exit(2);
            return;
        }
        Javalin app = HttpApi.create(calendar).start(config.host(), config.port());
        Runtime.getRuntime().addShutdownHook(new Thread(app::stop, "shutdown"));
        LOG.info("pocketapi {} listening on http://{}:{}, holidays {} to {}", version(), config.host(),
                app.port(), calendar.first(), calendar.last());
    }

    static String version() {
        String v = Main.class.getPackage().getImplementationVersion();
        return v == null ? "dev" : v;
    }
}
