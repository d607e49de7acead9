package pocketapi;

import java.net.URI;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import io.javalin.Javalin;
import pocketapi.holiday.update.HolidayCache;
import pocketapi.holiday.source.HolidayCheck;
import pocketapi.holiday.source.HolidayData;
import pocketapi.holiday.HolidayDataException;
import pocketapi.holiday.update.HolidayFetcher;
import pocketapi.holiday.update.HolidayUpdater;
import pocketapi.holiday.update.RegionUpdater;
import pocketapi.holiday.source.Regions;
import pocketapi.holiday.LiveCalendar;
import pocketapi.holiday.source.OwnCalendars;
import pocketapi.http.HttpApi;
import pocketapi.image.ImagePoolException;
import pocketapi.image.ImagePools;
import pocketapi.image.NamedPools;
import pocketapi.image.SampleImages;
import pocketapi.notify.Notifier;
import pocketapi.notify.NotifyTest;
import pocketapi.notify.Target;
import pocketapi.config.Config;
import pocketapi.config.Setting;
import pocketapi.config.ConfigException;
import pocketapi.config.Help;
import pocketapi.files.Allowance;
import pocketapi.files.FolderWatcher;
import pocketapi.logging.LogText;
import pocketapi.logging.Throttle;

/**
 * Starts pocketapi: configuration, data, counters, server, in that order; any bad input stops it
 * with exit code 2. On SIGTERM or Ctrl-C it stops the server, saves the counters and exits 0.
 */
public final class Main {
    static {
        // First of all, before any class can load Jetty: see HttpApi.STRICT_CONTENT_TYPES.
        System.setProperty(HttpApi.STRICT_CONTENT_TYPES, "true");
    }

    private static final Logger LOG = LoggerFactory.getLogger(Main.class);

    private Main() {
    }

    public static void main(String[] args) {
        if (List.of(args).contains("--help") || List.of(args).contains("-h")) {
            System.out.print(Help.text());
            try {
                List<Target> targets = Target.parseAll(System.getenv().getOrDefault("NOTIFY_URLS", ""));
                System.out.printf("%nNotification targets now: %s%n", targets.isEmpty() ? "none"
                        : String.join(", ", targets.stream().map(Target::name).toList()));
            } catch (IllegalArgumentException e) {
                System.out.printf("%nNotification targets now: NOTIFY_URLS is not accepted (start the service to see why)%n");
            }
            return;
        }
        if (List.of(args).equals(List.of("--version"))) {
            System.out.println("pocketapi " + version());
            return;
        }
        if (args.length > 0 && args[0].equals("--check-holidays")) {
            boolean confirm = args.length == 4 && args[2].equals("--confirm");
            if (args.length != 2 && !confirm) {
                System.err.println("ERROR pocketapi: --check-holidays needs one PATH: a YYYY.json file or a folder of "
                        + "them, optionally followed by --confirm PATH2: chinese-days' YYYY.json file or folder");
                System.exit(2);
            }
            System.exit(HolidayCheck.run(Path.of(args[1]), confirm ? Path.of(args[3]) : null, System.out));
            return;
        }
        if (List.of(args).contains("--notify-test")) {
            List<String> settings = new java.util.ArrayList<>(List.of(args));
            settings.remove("--notify-test");
            try {
                System.exit(NotifyTest.run(Config.parse(System.getenv(), settings).read(Setting.NOTIFY_URLS, Target::parseAll),
                        Notifier.http("pocketapi/" + version()), System.out));
            } catch (ConfigException e) {
                e.getMessage().lines().forEach(line -> System.err.println("ERROR pocketapi: " + line));
                System.exit(2);
            }
            return;
        }
        Clock clock = Clock.systemUTC();
        Config config;
        HolidayCache cache;
        HolidayData.Loaded holidays;
        OwnCalendars own;
        ImagePools pools;
        NamedPools named;
        pocketapi.hitokoto.SentenceFolder sentences;
        Optional<SampleImages> samples;
        Counting counting;
        MemoryBudget budget;
        List<Target> targets;
        try {
            config = Config.parse(System.getenv(), List.of(args));
            config.prepareFolders();
            cache = new HolidayCache(config.get(Setting.HOLIDAY_CACHE_DIR), clock);
            holidays = HolidayData.load(config.get(Setting.HOLIDAY_DATA_DIR), cache.load(), clock);
            budget = MemoryBudget.check(config, Runtime.getRuntime().maxMemory());
            own = OwnCalendars.load(config.get(Setting.CALENDARS_DIR), budget.calendars());
            targets = config.read(Setting.NOTIFY_URLS, Target::parseAll);
            String unknown = NotifyTest.unknownCalendars(targets, own.all().keySet());
            if (unknown != null) {
                throw new ConfigException(unknown);
            }
            pools = ImagePools.load(config.get(Setting.IMAGE_POOL_PORTRAIT), config.get(Setting.IMAGE_POOL_LANDSCAPE),
                    new Allowance(budget.pools(), "the pool files' pictures"));
            samples = pools.bundled() ? Optional.of(SampleImages.of(pools)) : Optional.empty();
            named = NamedPools.load(config.get(Setting.IMAGE_POOLS_DIR), budget.pools() - pools.both().bytes());
            sentences = pocketapi.hitokoto.SentenceFolder.load(config.get(Setting.HITOKOTO_DIR), budget.sentences());
            counting = Counting.open(config, clock);
        } catch (ConfigException | HolidayDataException | ImagePoolException | FolderWatcher.Refused e) {
            e.getMessage().lines().forEach(line -> System.err.println("ERROR pocketapi: " + line));
            System.exit(2);
            return;
        }
        LiveCalendar calendar = new LiveCalendar(holidays.calendar());
        Regions regions = new Regions(clock, config.get(Setting.HOLIDAY_CACHE_DIR));
        Javalin app = HttpApi.create(config, calendar, regions, own, pools, named, samples, sentences, counting.counters());
        try {
            app.start(config.get(Setting.HOST), config.get(Setting.PORT));
        } catch (RuntimeException e) {
            System.err.println("ERROR pocketapi: HOST/PORT: cannot listen on " + config.get(Setting.HOST) + ":" + config.get(Setting.PORT)
                    + ": " + bindFailure(e, config) + "; expected a free port on an address of this machine");
            System.exit(2);
            return;
        }
        counting.start().accept(Jobs::thread);
        Jobs.thread("log").scheduleWithFixedDelay(() -> Throttle.flushAll(false), 1, 1, TimeUnit.MINUTES);
        Runtime.getRuntime().addShutdownHook(new Thread(() -> stop(app, counting.stop()), "shutdown"));
        LOG.info("pocketapi {} listening on http://{}:{}, holidays {} to {} ({}), pictures {} portrait + {} landscape "
                        + "from {}, counters {}, {} users at most; {}",
                version(), config.get(Setting.HOST), app.port(), holidays.calendar().first(), holidays.calendar().last(),
                updates(config),
                pools.portrait().size(), pools.landscape().size(),
                config.get(Setting.IMAGE_HOST).orElse("the bundled samples"), counting.where(), config.get(Setting.STATS_MAX_USERS), budget);
        if (config.get(Setting.CALENDARS_DIR).isPresent()) {
            LOG.info("calendars of your own from {}: {}", config.get(Setting.CALENDARS_DIR).get(), own.all().keySet());
        }
        config.get(Setting.HITOKOTO_DIR).ifPresent(dir -> LOG.info("sentences from {}: {} for /api/hitokoto", dir,
                sentences.sentences().size()));
        java.util.concurrent.ScheduledExecutorService folders = Jobs.thread("folders");
        own.start(folders);
        named.start(folders);
        sentences.start(folders);
        if (!targets.isEmpty()) {
            new Notifier(targets, calendar, regions::get, own::all, config.get(Setting.PUBLIC_URL),
                    config.get(Setting.STATS_FILE).toAbsolutePath().resolveSibling("notify.state"), clock, HttpApi::detailJson,
                    Notifier.http("pocketapi/" + version())).start(Jobs.thread("notify"));
        }
        // Not needed to answer: made a moment after the start, in the background, so as not to slow the first answers.
        HolidayUpdater.Sources sources = new HolidayUpdater.Sources(config.get(Setting.HOLIDAY_UPDATE_URL), config.get(Setting.HOLIDAY_UPDATE_SECONDS),
                config.get(Setting.HOLIDAY_CONFIRM_URL), config.get(Setting.HOLIDAY_CONFIRM_WAIT_SECONDS));
        java.util.concurrent.ScheduledExecutorService updates = Jobs.thread("updates");
        updates.schedule(() -> new HolidayUpdater(calendar, sources, cache, holidays.pinned(),
                new HolidayFetcher("pocketapi/" + version()), clock).start(updates), 500, TimeUnit.MILLISECONDS);
        new RegionUpdater(regions, new RegionUpdater.Sources(config.get(Setting.HK_UPDATE_URL), config.get(Setting.TW_UPDATE_URL),
                config.get(Setting.TW_CONFIRM_URL), config.get(Setting.MO_UPDATE_URL), config.get(Setting.HOLIDAY_UPDATE_SECONDS),
                config.get(Setting.HOLIDAY_CONFIRM_WAIT_SECONDS)), new HolidayFetcher("pocketapi/" + version()), clock)
                .start(updates);
    }

    /** Why the server could not listen, in words (Jetty wraps the JDK's terse BindException). */
    static String bindFailure(Throwable e, Config config) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof java.net.BindException) {
                String m = String.valueOf(t.getMessage()).toLowerCase(java.util.Locale.ROOT);
                if (m.contains("in use")) {
                    return "port " + config.get(Setting.PORT) + " is already in use";
                }
                if (m.contains("assign requested address")) {
                    return config.get(Setting.HOST) + " is not an address of this machine";
                }
                if (m.contains("permission denied")) {
                    return "port " + config.get(Setting.PORT) + " needs privileges (ports below 1024 do)";
                }
            }
            if (t instanceof java.nio.channels.UnresolvedAddressException
                    || t instanceof java.net.UnknownHostException) {
                return config.get(Setting.HOST) + " is not a known host name";
            }
        }
        return "the address cannot be used";
    }

    /**
     * The shutdown hook: stop taking requests, let those under way finish (HttpApi.STOP_TIMEOUT_MILLIS
     * at most), save the counters (Redis mode: a second at most for what Redis has not taken), and
     * exit 0 — or 1 when the counters could not all be saved (the log line says how many are lost).
     */
    private static void stop(Javalin app, java.util.function.BooleanSupplier saveCounters) {
        LOG.info("stopping");
        boolean saved = false;
        try {
            app.stop();
        } finally {
            try {
                Throttle.flushAll(true);
                saved = saveCounters.getAsBoolean();
            } finally {
                LOG.info(saved ? "stopped" : "stopped, with counters lost (see above)");
                // A JVM ended by a signal exits 143; the counters are safe now, so report a clean stop.
                Runtime.getRuntime().halt(saved ? 0 : 1);
            }
        }
    }

    /** Every update source that is on, for the startup line; "automatic updates off" when none is. */
    static String updates(Config config) {
        List<String> on = new ArrayList<>();
        if (!config.get(Setting.HOLIDAY_UPDATE_URL).isEmpty()) {
            on.add("the mainland's from " + hosts(config.get(Setting.HOLIDAY_UPDATE_URL)) + " (holiday-cn), "
                    + (config.get(Setting.HOLIDAY_CONFIRM_URL).isEmpty() ? "changes not cross-checked (HOLIDAY_CONFIRM_URL=off)"
                    : "each change confirmed by chinese-days from " + hosts(config.get(Setting.HOLIDAY_CONFIRM_URL))));
        }
        if (!config.get(Setting.HK_UPDATE_URL).isEmpty()) {
            on.add("Hong Kong's from " + hosts(config.get(Setting.HK_UPDATE_URL)));
        }
        if (!config.get(Setting.TW_UPDATE_URL).isEmpty()) {
            on.add("Taiwan's from " + hosts(config.get(Setting.TW_UPDATE_URL)) + (config.get(Setting.TW_CONFIRM_URL).isEmpty()
                    ? "" : ", confirmed by " + hosts(config.get(Setting.TW_CONFIRM_URL))));
        }
        if (!config.get(Setting.MO_UPDATE_URL).isEmpty()) {
            on.add("Macau's from " + hosts(config.get(Setting.MO_UPDATE_URL)));
        }
        return on.isEmpty() ? "automatic updates off" : "updates every " + LogText.duration(config.get(
                Setting.HOLIDAY_UPDATE_SECONDS)) + ": " + String.join("; ", on) + "; cache "
                + config.get(Setting.HOLIDAY_CACHE_DIR).toAbsolutePath();
    }

    private static String hosts(List<URI> urls) {
        List<String> hosts = new ArrayList<>();
        for (URI url : urls) {
            hosts.add(url.getPort() < 0 ? url.getHost() : url.getHost() + ":" + url.getPort());
        }
        return String.join(", ", hosts);
    }

    static String version() {
        String v = Main.class.getPackage().getImplementationVersion();
        return v == null ? "dev" : v;
    }
}
