package pocketapi;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A real redis-server (Debian's package) for one test: a free port on 127.0.0.1, no persistence, stopped afterwards. It
 * can be paused (SIGSTOP) and resumed, killed and started again empty. Skips, saying why, where redis-server is missing
 * (a failure under POCKETAPI_REQUIRE_TOOLS=1).
 */
public final class RedisServer implements AutoCloseable {
    private static final Path REDIS = Path.of("/usr/bin/redis-server");
    private final int port;
    private Process process;

    private RedisServer(int port) throws IOException {
        this.port = port;
        launch();
    }

    public static RedisServer start() throws IOException {
        RequiredTools.require("redis-server", REDIS);
        int port;
        try (ServerSocket free = new ServerSocket(0)) {
            port = free.getLocalPort();
        }
        return new RedisServer(port);
    }

    private void launch() throws IOException {
        process = new ProcessBuilder(List.of(
                        REDIS.toString(),
                        "--port",
                        Integer.toString(port),
                        "--bind",
                        "127.0.0.1",
                        "--save",
                        "",
                        "--appendonly",
                        "no",
                        "--protected-mode",
                        "yes",
                        "--loglevel",
                        "warning"))
                .redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                .start();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (!"+PONG".equals(command("PING"))) {
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException("redis-server did not start on port " + port);
            }
            sleep(20);
        }
    }

    public int port() {
        return port;
    }

    public String url() {
        return "redis://127.0.0.1:" + port;
    }

    /** SIGSTOP: the server keeps its connections open and answers nothing. */
    public void pause() throws Exception {
        signal("STOP");
    }

    /** SIGCONT. */
    public void resume() throws Exception {
        signal("CONT");
    }

    private void signal(String name) throws Exception {
        Process kill = new ProcessBuilder("kill", "-" + name, Long.toString(process.pid())).start();
        if (kill.waitFor() != 0) {
            throw new IllegalStateException("kill -" + name + " failed");
        }
    }

    /** Kills the server (its data is gone: no persistence) and starts a new, empty one on the same port. */
    public void restartEmpty() throws Exception {
        process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
        launch();
    }

    /** Kills the server and leaves the port closed. */
    public void stop() throws Exception {
        process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
    }

    /** Sends one inline command and returns the first line of the answer (null when unreachable). */
    public String command(String line) {
        try (Socket socket = new Socket("127.0.0.1", port)) {
            socket.setSoTimeout(2_000);
            OutputStream out = socket.getOutputStream();
            out.write((line + "\r\n").getBytes(StandardCharsets.UTF_8));
            out.flush();
            InputStream in = socket.getInputStream();
            StringBuilder answer = new StringBuilder();
            for (int c; (c = in.read()) != -1 && c != '\r'; ) {
                answer.append((char) c);
            }
            if (answer.charAt(0) == '$' && !answer.toString().equals("$-1")) {
                in.read(); // \n
                StringBuilder value = new StringBuilder();
                for (int c; (c = in.read()) != -1 && c != '\r'; ) {
                    value.append((char) c);
                }
                return value.toString();
            }
            return answer.toString();
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }

    /** Sends one inline command and returns the whole answer as Redis wrote it (null when unreachable). */
    public String raw(String line) {
        try (Socket socket = new Socket("127.0.0.1", port)) {
            socket.setSoTimeout(500);
            socket.getOutputStream().write((line + "\r\n").getBytes(StandardCharsets.UTF_8));
            InputStream in = socket.getInputStream();
            java.io.ByteArrayOutputStream answer = new java.io.ByteArrayOutputStream();
            byte[] buffer = new byte[8192];
            try {
                for (int n; (n = in.read(buffer)) > 0; ) {
                    answer.write(buffer, 0, n);
                }
            } catch (java.net.SocketTimeoutException e) {
                // the whole answer has come
            }
            return answer.toString(StandardCharsets.UTF_8);
        } catch (IOException e) {
            return null;
        }
    }

    /** An integer key's value (0 when absent). */
    public long number(String key) {
        String answer = command("GET " + key);
        return answer == null || answer.equals("$-1") ? 0 : Long.parseLong(answer);
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @Override
    public void close() throws Exception {
        stop(); // SIGKILL ends a paused server too
    }
}
