package pocketapi;

import io.javalin.Javalin;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.OptionalInt;
import java.util.Set;
import java.util.concurrent.ScheduledExecutorService;
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
import pocketapi.counters.Importing;
import pocketapi.files.FolderWatcher;
import pocketapi.files.Json;
import pocketapi.holidays.HolidayDataException;
import pocketapi.holidays.data.HolidayCheck;
import pocketapi.logging.Throttle;
import pocketapi.metrics.MetricsModule;
import pocketapi.metrics.MetricsSettings;
import pocketapi.notify.Notifier;
import pocketapi.notify.NotifySettings;
import pocketapi.notify.NotifyTest;
import pocketapi.notify.Target;
import pocketapi.pictures.ImagePoolException;
import pocketapi.regions.Regions;
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
        Jobs.every(
                threads.apply("log"),
                "the log's summaries",
                Duration.ofMinutes(1),
                Duration.ofMinutes(1),
                () -> Throttle.flushAll(false));
        Runtime.getRuntime().addShutdownHook(new Thread(() -> stop(app, served.save()), "shutdown"));
        LOG.info(
                "pocketapi {} listening on http://{}:{}, {}",
                version(),
                config.get(ServerSettings.HOST),
                app.port(),
                served.describe());
        // The start reads its files token by token: the databind, which the first JSON answer would load (~400 ms on
        // one core), loads a second later on a thread aside, not in the way of the first answers.
        Jobs.once(threads.apply("log"), "the JSON codec's warm-up", Duration.ofSeconds(1), Json::warm);
        served.notes().forEach(LOG::info);
    }

    /**
     * {@code --import FILE [--import-name NAME] [--setting value ...]}: adds FILE ({@code -}: standard input, shown as
     * NAME: the .deb's command passes it so) to the counters the settings name; the exit code (Importing says which).
     */
    static int importFile(
            Map<String, String> env, List<String> args, java.io.InputStream stdin, PrintStream out, PrintStream err) {
        List<String> settings = new ArrayList<>(args.subList(1, args.size()));
        if (settings.isEmpty() || settings.get(0).startsWith("--")) {
            err.println("ERROR pocketapi: --import needs one FILE: a CSV export (GoatCounter's, Plausible's "
                    + "imported_visitors, or rows of YYYY-MM-DD,N and total,N), or - for standard input");
            return 2;
        }
        String file = settings.remove(0);
        String name = file.equals("-") ? "standard input" : file;
        int at = settings.indexOf("--import-name");
        if (at >= 0 && at + 1 < settings.size()) {
            name = settings.get(at + 1);
            settings.subList(at, at + 2).clear();
        }
        try {
            return Importing.run(Settings.parse(env, settings), file, stdin, name, Clock.systemUTC(), out, err);
        } catch (ConfigException e) {
            e.getMessage().lines().forEach(line -> err.println("ERROR pocketapi: " + line));
            return 2;
        }
    }

    /**
     * The command-line modes, {@code --help}, {@code --version}, {@code --check-holidays}, {@code --train},
     * {@code --import} and {@code --notify-test}: each prints to {@code out} and {@code err} and gives the exit code;
     * empty when the arguments ask to serve. {@link #main} calls it with the process's environment and streams, the
     * tests with their own.
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
        if (!args.isEmpty() && args.get(0).equals("--import")) {
            return OptionalInt.of(importFile(env, args, System.in, out, err));
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
            String describe,
            List<String> notes) {}

    /** The folders the capabilities served write to, each once: tried before any of them reads a file. */
    static List<WritableFolders.Wanted> folders(Config config) {
        List<String> serve = config.get(Settings.SERVE);
        List<WritableFolders.Wanted> wanted = new ArrayList<>();
        for (Capabilities.Capability capability : Capabilities.ALL) {
            if (serve.contains(capability.name())) {
                wanted.addAll(capability.folders().of(config));
            }
        }
        // Distinct by setting and folder (not by the records' own equals: its first call costs tens of ms at start).
        Set<String> seen = new HashSet<>();
        return wanted.stream()
                .filter(w -> seen.add(w.setting().name() + "\u0000" + w.dir()))
                .toList();
    }

    /**
     * The modules {@code SERVE} names, in the order of the page ({@link Capabilities}), each reading its files now,
     * then /metrics over them. One not served has no object, reads no file and starts no thread.
     */
    static Served serve(Config config, Clock clock, MemoryBudget budget)
            throws ConfigException, HolidayDataException, ImagePoolException, FolderWatcher.Refused {
        List<String> serve = config.get(Settings.SERVE);
        List<Module> modules = new ArrayList<>();
        List<String> line = new ArrayList<>();
        List<String> notes = new ArrayList<>();
        for (Capabilities.Capability capability : Capabilities.ALL) {
            if (serve.contains(capability.name())) {
                Capabilities.Loaded loaded = capability
                        .loader()
                        .load(new Capabilities.Loading(config, clock, budget, userAgent(), List.copyOf(modules)));
                modules.addAll(loaded.modules());
                if (!loaded.words().isEmpty()) {
                    line.add(loaded.words());
                }
                notes.addAll(loaded.notes());
            }
        }
        CountersModule counters = modules.stream()
                .filter(CountersModule.class::isInstance)
                .map(CountersModule.class::cast)
                .findFirst()
                .orElse(null);
        if (counters == null) {
            line.add("nothing counted (SERVE has no info)");
        }
        MetricsModule.of(config, List.copyOf(modules)).ifPresent(modules::add);
        line.add("serving " + String.join(", ", serve) + (config.get(MetricsSettings.METRICS) ? " and /metrics" : "")
                + "; " + budget);
        return new Served(
                List.copyOf(modules),
                counters == null ? CallCounter.NONE : counters.calls(),
                counters == null ? List.of() : config.get(CounterSettings.STATS_IGNORE),
                counters == null ? () -> true : counters::stop,
                String.join(", ", line),
                List.copyOf(notes));
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

    static String version() {
        String v = Main.class.getPackage().getImplementationVersion();
        return v == null ? "dev" : v;
    }
}
