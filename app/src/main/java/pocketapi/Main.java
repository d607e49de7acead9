package pocketapi;

import io.javalin.Javalin;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.OptionalInt;
import java.util.Set;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import java.util.function.Function;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import pocketapi.common.Jobs;
import pocketapi.config.Config;
import pocketapi.config.ConfigException;
import pocketapi.config.Help;
import pocketapi.config.WritableFolders;
import pocketapi.counters.CounterSettings;
import pocketapi.counters.CountersModule;
import pocketapi.files.FolderWatcher;
import pocketapi.files.Json;
import pocketapi.forecast.ForecastCalendars;
import pocketapi.forecast.ForecastModule;
import pocketapi.hitokoto.HitokotoModule;
import pocketapi.hitokoto.HitokotoSettings;
import pocketapi.holidays.HolidayDataException;
import pocketapi.holidays.HolidaySettings;
import pocketapi.holidays.HolidaysModule;
import pocketapi.holidays.RegionCalendars;
import pocketapi.holidays.data.HolidayCheck;
import pocketapi.logging.LogText;
import pocketapi.logging.Throttle;
import pocketapi.metrics.MetricsModule;
import pocketapi.metrics.MetricsSettings;
import pocketapi.notify.Notifier;
import pocketapi.notify.NotifyModule;
import pocketapi.notify.NotifySettings;
import pocketapi.notify.NotifyTest;
import pocketapi.notify.Target;
import pocketapi.pictures.ImagePoolException;
import pocketapi.pictures.PicturesModule;
import pocketapi.regions.RegionSettings;
import pocketapi.regions.Regions;
import pocketapi.regions.RegionsModule;
import pocketapi.web.CallCounter;
import pocketapi.web.HttpApi;
import pocketapi.web.JettyProperties;
import pocketapi.web.Module;
import pocketapi.web.ServerSettings;

/**
 * Starts pocketapi: configuration, the modules served ({@code SERVE}), the server, in that order; any bad input stops
 * it with exit code 2. On SIGTERM or Ctrl-C it stops the server, saves the counters and exits 0.
 */
public final class Main {
    static {
        // First of all, before any class can load Jetty.
        JettyProperties.set();
    }

    private static final Logger LOG = LoggerFactory.getLogger(Main.class);

    private Main() {}

    public static void main(String[] args) {
        OptionalInt done = command(List.of(args), System.getenv(), System.out, System.err);
        if (done.isPresent()) {
            System.exit(done.getAsInt());
            return;
        }
        Started started = start(System.getenv(), List.of(args), System.err);
        if (started == null) {
            System.exit(2);
            return;
        }
        Config config = started.config();
        Served served = started.served();
        Javalin app = started.app();
        Function<String, ScheduledExecutorService> threads = threads();
        served.modules().forEach(m -> m.start(threads));
        threads.apply("log").scheduleWithFixedDelay(() -> Throttle.flushAll(false), 1, 1, TimeUnit.MINUTES);
        Runtime.getRuntime().addShutdownHook(new Thread(() -> stop(app, served.save()), "shutdown"));
        LOG.info(
                "pocketapi {} listening on http://{}:{}, {}",
                version(),
                config.get(ServerSettings.HOST),
                app.port(),
                served.describe());
        // The start reads its files token by token: the databind, which the first JSON answer would load (~400 ms on
        // one core), loads a second later on a thread aside, not in the way of the first answers.
        threads.apply("log").schedule(Json::warm, 1, TimeUnit.SECONDS);
        if (config.get(HolidaySettings.CALENDARS_DIR).isPresent() && served.holidays() != null) {
            LOG.info(
                    "calendars of your own from {}: {}",
                    config.get(HolidaySettings.CALENDARS_DIR).get(),
                    served.holidays().own().all().keySet());
        }
        if (config.get(HitokotoSettings.HITOKOTO_DIR).isPresent() && served.hitokoto() != null) {
            LOG.info(
                    "sentences from {}: {} for /api/hitokoto",
                    config.get(HitokotoSettings.HITOKOTO_DIR).get(),
                    served.hitokoto().size());
        }
    }

    /**
     * The command-line modes, {@code --help}, {@code --version}, {@code --check-holidays}, {@code --train} and
     * {@code --notify-test}: each prints to {@code out} and {@code err} and gives the exit code; empty when the
     * arguments ask to serve. {@link #main} calls it with the process's environment and streams, the tests with their
     * own.
     */
    static OptionalInt command(List<String> args, Map<String, String> env, PrintStream out, PrintStream err) {
        if (args.contains("--help") || args.contains("-h")) {
            out.print(Help.text(Settings.all()));
            try {
                List<Target> targets = Target.parseAll(
                        env.getOrDefault("NOTIFY_URLS", ""), new Regions(Clock.systemUTC(), null)::parse);
                out.printf(
                        "%nNotification targets now: %s%n",
                        targets.isEmpty()
                                ? "none"
                                : String.join(
                                        ", ", targets.stream().map(Target::name).toList()));
            } catch (IllegalArgumentException e) {
                out.printf("%nNotification targets now: NOTIFY_URLS is not accepted (start the service to see why)%n");
            }
            return OptionalInt.of(0);
        }
        if (args.equals(List.of("--version"))) {
            out.println("pocketapi " + version());
            return OptionalInt.of(0);
        }
        if (!args.isEmpty() && args.get(0).equals("--check-holidays")) {
            boolean confirm = args.size() == 4 && args.get(2).equals("--confirm");
            if (args.size() != 2 && !confirm) {
                err.println("ERROR pocketapi: --check-holidays needs one PATH: a YYYY.json file or a folder of "
                        + "them, optionally followed by --confirm PATH2: chinese-days' YYYY.json file or folder");
                return OptionalInt.of(2);
            }
            return OptionalInt.of(HolidayCheck.run(Path.of(args.get(1)), confirm ? Path.of(args.get(3)) : null, out));
        }
        if (args.equals(List.of("--train"))) {
            return OptionalInt.of(Training.run(out, err, trainingEnv -> {
                Started started = start(trainingEnv, List.of(), err);
                return started == null
                        ? null
                        : new Training.Running() {
                            @Override
                            public int port() {
                                return started.app().port();
                            }

                            @Override
                            public void stop() {
                                started.app().stop();
                                started.served().save().getAsBoolean();
                            }
                        };
            }));
        }
        if (args.contains("--notify-test")) {
            List<String> settings = new ArrayList<>(args);
            settings.remove("--notify-test");
            try {
                Config config = Settings.parse(env, settings);
                return OptionalInt.of(NotifyTest.run(
                        config.read(
                                NotifySettings.NOTIFY_URLS,
                                v -> Target.parseAll(v, new Regions(Clock.systemUTC(), null)::parse)),
                        Notifier.http(userAgent()),
                        out));
            } catch (ConfigException e) {
                e.getMessage().lines().forEach(line -> err.println("ERROR pocketapi: " + line));
                return OptionalInt.of(2);
            }
        }
        return OptionalInt.empty();
    }

    /** A service listening: its configuration, its modules, its server. */
    record Started(Config config, Served served, Javalin app) {}

    /**
     * Reads the settings, tries the folders, reads the modules' files and listens; null when it cannot, each problem
     * said on {@code err} as one line {@code ERROR pocketapi: …} (the caller exits with code 2). Nothing is started yet
     * but the server.
     */
    static Started start(Map<String, String> env, List<String> args, PrintStream err) {
        Config config;
        Served served;
        try {
            config = Settings.parse(env, args);
            WritableFolders.check(folders(config));
            served = serve(
                    config,
                    Clock.systemUTC(),
                    MemoryBudget.check(config, Runtime.getRuntime().maxMemory(), config.get(Settings.SERVE)));
        } catch (ConfigException | HolidayDataException | ImagePoolException | FolderWatcher.Refused e) {
            e.getMessage().lines().forEach(line -> err.println("ERROR pocketapi: " + line));
            return null;
        }
        Javalin app = HttpApi.create(config, served.counter(), served.ignored(), served.modules());
        try {
            app.start(config.get(ServerSettings.HOST), config.get(ServerSettings.PORT));
        } catch (RuntimeException e) {
            err.println("ERROR pocketapi: HOST/PORT: cannot listen on " + config.get(ServerSettings.HOST) + ":"
                    + config.get(ServerSettings.PORT) + ": " + bindFailure(e, config) + "; expected a free port on an "
                    + "address of this machine");
            app.stop();
            return null;
        }
        return new Started(config, served, app);
    }

    /** The modules served, and what the server and the start-up line take of them. */
    record Served(
            List<Module> modules,
            CallCounter counter,
            List<String> ignored,
            BooleanSupplier save,
            HolidaysModule holidays,
            HitokotoModule hitokoto,
            String describe) {}

    /** The folders the capabilities served write to, each once: tried before any of them reads a file. */
    static List<WritableFolders.Wanted> folders(Config config) {
        List<String> serve = config.get(Settings.SERVE);
        List<WritableFolders.Wanted> wanted = new ArrayList<>();
        if (serve.contains("holidays")) {
            wanted.addAll(HolidaySettings.folders(config));
            wanted.addAll(RegionSettings.folders(config));
        }
        if (serve.contains("info")) {
            wanted.add(CounterSettings.folder(config));
        }
        if (serve.contains("notify")) {
            wanted.addAll(NotifySettings.folders(config));
        }
        // Distinct by setting and folder (not by the records' own equals: its first call costs tens of ms at start).
        Set<String> seen = new HashSet<>();
        return wanted.stream()
                .filter(w -> seen.add(w.setting().name() + "\u0000" + w.dir()))
                .toList();
    }

    /**
     * The modules {@code SERVE} names, in the order of the page, each reading its files now: the holiday calendar (with
     * the regions and the forecast), the pictures, the sentences, the counters, the notifications. One not served has
     * no object, reads no file and starts no thread.
     */
    static Served serve(Config config, Clock clock, MemoryBudget budget)
            throws ConfigException, HolidayDataException, ImagePoolException, FolderWatcher.Refused {
        List<String> serve = config.get(Settings.SERVE);
        List<Module> modules = new ArrayList<>();
        List<String> line = new ArrayList<>();
        HolidaysModule holidays = null;
        HitokotoModule hitokoto = null;
        CountersModule counters = null;
        RegionCalendars regions = RegionCalendars.NONE;
        if (serve.contains("holidays")) {
            RegionsModule regional = new RegionsModule(config, clock, userAgent());
            regions = regional.regions();
            ForecastCalendars forecasts = new ForecastCalendars(clock);
            holidays = HolidaysModule.load(config, clock, budget.calendars(), regions, forecasts, userAgent());
            modules.addAll(List.of(holidays, regional, new ForecastModule(holidays, forecasts)));
            line.add("holidays " + holidays.range() + " (" + updates(config, regional) + ")");
        }
        if (serve.contains("img")) {
            PicturesModule pictures =
                    PicturesModule.load(config, budget.pools(), config.get(CounterSettings.STATS_MAX_USERS));
            modules.add(pictures);
            line.add("pictures " + pictures.describe(config));
        }
        if (serve.contains("hitokoto")) {
            hitokoto = HitokotoModule.load(config, budget.sentences());
            modules.add(hitokoto);
        }
        if (serve.contains("info")) {
            counters = CountersModule.open(config, clock);
            modules.add(counters);
            line.add("counters " + counters.describe());
        } else {
            line.add("nothing counted (SERVE has no info)");
        }
        if (serve.contains("notify")) {
            modules.add(NotifyModule.of(config, holidays, regions, clock, userAgent()));
        }
        MetricsModule.of(config, List.copyOf(modules)).ifPresent(modules::add);
        line.add("serving " + String.join(", ", serve) + (config.get(MetricsSettings.METRICS) ? " and /metrics" : "")
                + "; " + budget);
        CountersModule saved = counters;
        return new Served(
                List.copyOf(modules),
                counters == null ? CallCounter.NONE : counters.counters(),
                counters == null ? List.of() : config.get(CounterSettings.STATS_IGNORE),
                saved == null ? () -> true : saved::stop,
                holidays,
                hitokoto,
                String.join(", ", line));
    }

    /** One thread a job, by name: the jobs of one name (the folders' looks, the updates) share it. */
    private static Function<String, ScheduledExecutorService> threads() {
        Map<String, ScheduledExecutorService> byName = new HashMap<>();
        return name -> {
            synchronized (byName) {
                return byName.computeIfAbsent(name, Jobs::thread);
            }
        };
    }

    private static String userAgent() {
        return "pocketapi/" + version();
    }

    /** Why the server could not listen, in words (Jetty wraps the JDK's terse BindException). */
    static String bindFailure(Throwable e, Config config) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof java.net.BindException) {
                String m = String.valueOf(t.getMessage()).toLowerCase(Locale.ROOT);
                if (m.contains("in use")) {
                    return "port " + config.get(ServerSettings.PORT) + " is already in use";
                }
                if (m.contains("assign requested address")) {
                    return config.get(ServerSettings.HOST) + " is not an address of this machine";
                }
                if (m.contains("permission denied")) {
                    return "port " + config.get(ServerSettings.PORT) + " needs privileges (ports below 1024 do)";
                }
            }
            if (t instanceof java.nio.channels.UnresolvedAddressException
                    || t instanceof java.net.UnknownHostException) {
                return config.get(ServerSettings.HOST) + " is not a known host name";
            }
        }
        return "the address cannot be used";
    }

    /**
     * The shutdown hook: stop taking requests, let those under way finish (HttpApi.STOP_TIMEOUT_MILLIS at most), save
     * the counters (Redis mode: a second at most for what Redis has not taken), and exit 0 — or 1 when the counters
     * could not all be saved (the log line says how many are lost).
     */
    private static void stop(Javalin app, BooleanSupplier saveCounters) {
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
                ? (config.get(Settings.UPDATES) ? "automatic updates off" : "automatic updates off (UPDATES=off)")
                : "updates every " + LogText.duration(config.get(HolidaySettings.HOLIDAY_UPDATE_SECONDS)) + ": "
                        + String.join("; ", on) + "; cache "
                        + config.get(HolidaySettings.HOLIDAY_CACHE_DIR).toAbsolutePath();
    }

    static String version() {
        String v = Main.class.getPackage().getImplementationVersion();
        return v == null ? "dev" : v;
    }
}
