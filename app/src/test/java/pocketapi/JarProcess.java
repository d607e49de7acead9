package pocketapi;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** The packaged jar as a real process (for failsafe tests): started with {@code java -jar}, output captured. */
final class JarProcess implements AutoCloseable {
    private static final Pattern LISTENING = Pattern.compile("listening on http://[^ ]+:(\\d+)");
    private static final HttpClient CLIENT = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
            .followRedirects(HttpClient.Redirect.NEVER).build();

    private final Process process;
    private final List<String> output = Collections.synchronizedList(new ArrayList<>());
    private final CountDownLatch started = new CountDownLatch(1);
    private volatile int port = -1;

    private JarProcess(Process process) {
        this.process = process;
        Thread reader = new Thread(this::readOutput, "jar-output");
        reader.setDaemon(true);
        reader.start();
    }

    static Path jar() {
        return Path.of(System.getProperty("pocketapi.jar", "target/pocketapi.jar")).toAbsolutePath();
    }

    /** Launches the jar with the given extra environment and arguments; does not wait for it. */
    static JarProcess launch(Map<String, String> env, String... args) throws IOException {
        List<String> command = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-jar", jar().toString()));
        command.addAll(List.of(args));
        // A fresh working folder, so the default data/stats.json lands there and not in the project.
        ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true)
                .directory(Files.createTempDirectory("pocketapi-it").toFile());
        for (Setting setting : Setting.values()) {
            builder.environment().remove(setting.name());
        }
        // Tests never reach the internet: holiday updates stay off unless a test points them at a local mirror.
        builder.environment().put(Setting.HOLIDAY_UPDATE_URL.name(), "off");
        builder.environment().putAll(env);
        return new JarProcess(builder.start());
    }

    /** Launches on a free port and waits until the server says it is listening. */
    static JarProcess start(Map<String, String> env, String... args) throws Exception {
        JarProcess jar = launch(withDefaultPort(env), args);
        if (!jar.started.await(20, TimeUnit.SECONDS)) {
            jar.close();
            throw new IllegalStateException("the jar did not start:\n" + jar.output());
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

    private void readOutput() {
        try (BufferedReader in = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
            String line;
            while ((line = in.readLine()) != null) {
                output.add(line);
                Matcher m = LISTENING.matcher(line);
                if (m.find()) {
                    port = Integer.parseInt(m.group(1));
                    started.countDown();
                }
            }
        } catch (IOException e) {
            output.add("(output closed: " + e + ")");
        }
    }

    Process process() {
        return process;
    }

    String origin() {
        return "http://127.0.0.1:" + port;
    }

    String output() {
        synchronized (output) {
            return String.join("\n", output);
        }
    }

    HttpResponse<String> get(String path, String... headers) throws IOException, InterruptedException {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(origin() + path)).timeout(Duration.ofSeconds(10));
        if (headers.length > 0) {
            request.headers(headers);
        }
        return CLIENT.send(request.build(), HttpResponse.BodyHandlers.ofString());
    }

    /** Sends any method, without a body. */
    HttpResponse<String> send(String method, String path) throws IOException, InterruptedException {
        HttpRequest request = HttpRequest.newBuilder(URI.create(origin() + path)).timeout(Duration.ofSeconds(10))
                .method(method, HttpRequest.BodyPublishers.noBody()).build();
        return CLIENT.send(request, HttpResponse.BodyHandlers.ofString());
    }

    /** Waits for the process to end by itself and returns its exit code. */
    int waitFor(Duration timeout) throws InterruptedException {
        if (!process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
            throw new IllegalStateException("still running after " + timeout + ":\n" + output());
        }
        return process.exitValue();
    }

    @Override
    public void close() {
        process.destroyForcibly();
        try {
            process.waitFor(10, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
