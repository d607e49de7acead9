package pocketapi;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import pocketapi.config.Setting;
import pocketapi.holidays.HolidaySettings;
import pocketapi.regions.RegionSettings;

/** The packaged jar as a real process (for failsafe tests): started with {@code java -jar}, output captured. */
final class JarProcess implements Answering, AutoCloseable {
    private static final Pattern LISTENING = Pattern.compile("listening on http://[^ ]+:(\\d+)");

    private final Process process;
    /**
     * Everything the process writes, in a file (a pipe's last lines can be lost when the process ends), in its own
     * folder.
     */
    private final Path log;

    private volatile int port = -1;

    private JarProcess(Process process, Path log) {
        this.process = process;
        this.log = log;
    }

    static Path jar() {
        return Path.of(System.getProperty("pocketapi.jar", "target/pocketapi.jar"))
                .toAbsolutePath();
    }

    /** Launches the jar with the given extra environment and arguments; does not wait for it. */
    static JarProcess launch(Map<String, String> env, String... args) throws IOException {
        return launch(List.of(), List.of(), env, args);
    }

    /**
     * Launches {@code <wrapper...> java <jvm...> -jar pocketapi.jar <args...>}: a wrapper such as {@code bash -c
     * 'ulimit -f 64 && exec "$@"' bash} changes the process's limits.
     */
    static JarProcess launch(List<String> wrapper, List<String> jvm, Map<String, String> env, String... args)
            throws IOException {
        List<String> command = new ArrayList<>(wrapper);
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.addAll(jvm);
        command.addAll(List.of("-jar", jar().toString()));
        command.addAll(List.of(args));
        // A fresh working folder, so the default data/stats.json lands there and not in the project.
        Path work = Files.createTempDirectory("pocketapi-it");
        Path log = work.resolve("output.log");
        ProcessBuilder builder = new ProcessBuilder(command)
                .redirectErrorStream(true)
                .redirectOutput(log.toFile())
                .directory(work.toFile());
        for (Setting<?> setting : Settings.all()) {
            builder.environment().remove(setting.name());
        }
        // Tests never reach the internet: holiday updates stay off unless a test points them at a local mirror.
        builder.environment().put(HolidaySettings.HOLIDAY_UPDATE_URL.name(), "off");
        builder.environment().put(HolidaySettings.HOLIDAY_CONFIRM_URL.name(), "off");
        for (Setting<?> region : RegionSettings.ALL) {
            builder.environment().put(region.name(), "off");
        }
        builder.environment().putAll(env);
        return new JarProcess(builder.start(), log);
    }

    /** Launches on a free port and waits until the server says it is listening. */
    static JarProcess start(Map<String, String> env, String... args) throws Exception {
        return start(List.of(), List.of(), env, args);
    }

    /** {@link #start} with a wrapper and JVM options, as {@link #launch(List, List, Map, String...)}. */
    static JarProcess start(List<String> wrapper, List<String> jvm, Map<String, String> env, String... args)
            throws Exception {
        JarProcess jar = launch(wrapper, jvm, withDefaultPort(env), args);
        // A bound only, against a hang: it returns as soon as the line is there, however busy the machine.
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (jar.port < 0) {
            Matcher m = LISTENING.matcher(jar.output());
            if (m.find()) {
                jar.port = Integer.parseInt(m.group(1));
            } else if (System.nanoTime() > deadline || !jar.process.isAlive()) {
                jar.close();
                throw new IllegalStateException("the jar did not start:\n" + jar.output());
            } else {
                Thread.sleep(10);
            }
        }
        return jar;
    }

    private static Map<String, String> withDefaultPort(Map<String, String> env) {
        if (env.containsKey("PORT")) {
            return env;
        }
        Map<String, String> copy = new java.util.HashMap<>(env);
        copy.put("PORT", "0");
        copy.putIfAbsent("HOST", "127.0.0.1");
        return copy;
    }

    Process process() {
        return process;
    }

    int port() {
        return port;
    }

    /** The JVM options of the unit's ExecStart (app/deploy/pocketapi.service): the heap a service runs with. */
    static List<String> unitFlags() throws IOException {
        for (String line : Files.readAllLines(Path.of("deploy/pocketapi.service"))) {
            if (line.startsWith("ExecStart=")) {
                List<String> words =
                        List.of(line.substring("ExecStart=".length()).trim().split("\\s+"));
                // Not the class-data-sharing archive of an installed package: a test's JVM is this machine's own.
                return words.subList(1, words.indexOf("-jar")).stream()
                        .filter(w -> !w.startsWith("-XX:SharedArchiveFile=") && !w.startsWith("-Xshare:"))
                        .toList();
            }
        }
        throw new IllegalStateException("no ExecStart in the unit");
    }

    /** The heap in use after a full collection, in bytes (jcmd: GC.run, then GC.heap_info). */
    long heapAfterGc() throws Exception {
        String jcmd = Path.of(System.getProperty("java.home"), "bin", "jcmd").toString();
        run(jcmd, Long.toString(process.pid()), "GC.run");
        String info = run(jcmd, Long.toString(process.pid()), "GC.heap_info");
        Matcher used =
                Pattern.compile("generation\\s+total \\d+K, used (\\d+)K").matcher(info);
        long kb = 0;
        while (used.find()) {
            kb += Long.parseLong(used.group(1)); // the young and the old generation
        }
        return kb * 1024;
    }

    private static String run(String... command) throws Exception {
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        p.waitFor(30, TimeUnit.SECONDS);
        return out;
    }

    @Override
    public String origin() {
        return "http://127.0.0.1:" + port;
    }

    /** What the process has written so far (trailing newline removed). */
    String output() {
        try {
            return Files.readString(log, StandardCharsets.UTF_8).stripTrailing();
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    /** Waits until the output contains {@code text} (a log line written just after what a test saw happen). */
    String awaitOutput(String text, Duration timeout) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (!output().contains(text) && System.nanoTime() - deadline < 0) {
            Thread.sleep(20);
        }
        return output();
    }

    /**
     * Waits for the process to end by itself and returns its exit code. How soon it ends is the bench's to measure
     * (app/bench/memory.sh): a busy machine must not fail a test, so the bound is only there to end a build that would
     * hang.
     */
    int exitCode() throws InterruptedException {
        return waitFor(Duration.ofSeconds(60));
    }

    private int waitFor(Duration timeout) throws InterruptedException {
        if (!process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
            throw new IllegalStateException("still running after " + timeout + ":\n" + output());
        }
        return process.exitValue();
    }

    /** Ends the process, and removes its working folder (the default data/ included). */
    @Override
    public void close() {
        process.destroyForcibly();
        try {
            process.waitFor(10, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        try {
            // jcmd's attach (heapAfterGc) made a socket in HotSpot's temporary folder, /tmp on Linux; a JVM that is
            // killed, or halts, leaves it behind.
            Files.deleteIfExists(Path.of("/tmp", ".java_pid" + process.pid()));
        } catch (IOException e) {
            // best effort, as below
        }
        try (var files = Files.walk(log.getParent())) {
            files.sorted(java.util.Comparator.reverseOrder())
                    .forEach(p -> p.toFile().delete());
        } catch (IOException e) {
            // best effort: a folder in /tmp
        }
    }
}
