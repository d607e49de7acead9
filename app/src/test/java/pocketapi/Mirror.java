package pocketapi;

import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * A local stand-in for holiday-cn's mirrors (the tests never reach the internet): answers {@code /<file>} with whatever
 * the test publishes, 404 otherwise, and can be told to accept a request and never answer it, or to answer with a byte
 * a second. Records every path asked for.
 */
public final class Mirror implements AutoCloseable {
    /** One published answer. */
    public record Answer(int status, String contentType, byte[] body, String location) {}

    private final HttpServer server;
    private final ExecutorService threads = Executors.newCachedThreadPool(r -> {
        Thread t = new Thread(r, "mirror");
        t.setDaemon(true);
        return t;
    });
    private final Map<String, Answer> answers = new ConcurrentHashMap<>();
    private final List<String> requests = new CopyOnWriteArrayList<>();
    private final CountDownLatch released = new CountDownLatch(1);
    private volatile boolean hang;
    private volatile boolean drip;

    public Mirror() throws IOException {
        server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        server.setExecutor(threads);
        server.createContext("/", exchange -> {
            String path = exchange.getRequestURI().getPath();
            if (drip) {
                requests.add(path);
                exchange.getResponseHeaders().set("Content-Type", "application/json");
                exchange.sendResponseHeaders(200, 0); // chunked: a body that never ends
                try (OutputStream out = exchange.getResponseBody()) {
                    while (!released.await(1, java.util.concurrent.TimeUnit.SECONDS)) {
                        out.write(' ');
                        out.flush();
                    }
                } catch (IOException | InterruptedException e) {
                    // the client gave up, or the mirror closes
                }
                exchange.close();
                return;
            }
            if (hang) {
                requests.add(path);
                try {
                    released.await(); // accepted, and never answered until the mirror closes
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                exchange.close();
                return;
            }
            // The answer is chosen before the request is recorded: a test that sees the request knows
            // what it was answered.
            Answer answer = answers.getOrDefault(path, new Answer(404, "text/plain", "Not Found".getBytes(), null));
            requests.add(path);
            exchange.getResponseHeaders().set("Content-Type", answer.contentType());
            if (answer.location() != null) {
                exchange.getResponseHeaders().set("Location", answer.location());
            }
            exchange.sendResponseHeaders(answer.status(), answer.body().length == 0 ? -1 : answer.body().length);
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(answer.body());
            } catch (IOException e) {
                // the client gave up (a body it found too large)
            }
            exchange.close();
        });
        server.start();
    }

    /** The base URL, as HOLIDAY_UPDATE_URL takes it. */
    public URI base() {
        return URI.create("http://127.0.0.1:" + server.getAddress().getPort());
    }

    /** Serves {@code json} at {@code /<file>} with status 200. */
    public Mirror publish(String file, String json) {
        return answer(file, 200, "application/json; charset=utf-8", json.getBytes(StandardCharsets.UTF_8));
    }

    public Mirror answer(String file, int status, String contentType, byte[] body) {
        answers.put("/" + file, new Answer(status, contentType, body, null));
        return this;
    }

    /** Answers {@code /<file>} with a 302 to {@code location}. */
    public Mirror redirect(String file, String location) {
        answers.put("/" + file, new Answer(302, "text/plain", new byte[0], location));
        return this;
    }

    public Mirror withdraw(String file) {
        answers.remove("/" + file);
        return this;
    }

    /** From now on every request is accepted and never answered. */
    public Mirror hang() {
        hang = true;
        return this;
    }

    /** From now on every request is answered 200 with a body of a byte a second that never ends. */
    public Mirror drip() {
        drip = true;
        return this;
    }

    public List<String> requests() {
        return List.copyOf(requests);
    }

    @Override
    public void close() {
        released.countDown();
        server.stop(0);
        threads.shutdownNow();
    }
}
