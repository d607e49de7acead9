package pocketapi.web;

import io.javalin.Javalin;
import io.javalin.testtools.JavalinTest;
import io.javalin.testtools.TestConfig;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;

/**
 * Runs a real server on a random port for one test, with a plain JDK client that can send any method
 * (javalin-testtools' client has no HEAD or OPTIONS) and never follows redirects.
 */
public final class TestServer {
    private static final HttpClient CLIENT = HttpClient.newBuilder()
            .version(HttpClient.Version.HTTP_1_1)
            .followRedirects(HttpClient.Redirect.NEVER)
            .connectTimeout(Duration.ofSeconds(5))
            .build();

    private final String origin;

    private TestServer(String origin) {
        this.origin = origin;
    }

    public interface Body {
        void run(TestServer server) throws Exception;
    }

    /** Starts {@code app}, runs {@code body}, stops it. No clean-up request is sent, so nothing extra is counted. */
    public static void run(Javalin app, Body body) {
        JavalinTest.test(app, new TestConfig(false), (server, client) -> body.run(new TestServer(client.getOrigin())));
    }

    public String origin() {
        return origin;
    }

    public HttpResponse<String> get(String path, String... headers) {
        return send("GET", path, headers);
    }

    public HttpResponse<String> head(String path, String... headers) {
        return send("HEAD", path, headers);
    }

    /** Sends {@code method} to {@code path} with header name/value pairs; the path is sent as written. */
    public HttpResponse<String> send(String method, String path, String... headers) {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(origin + path))
                .timeout(Duration.ofSeconds(10))
                .method(method, HttpRequest.BodyPublishers.noBody());
        if (headers.length > 0) {
            request.headers(headers);
        }
        try {
            return CLIENT.send(request.build(), HttpResponse.BodyHandlers.ofString());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    public static String contentType(HttpResponse<?> response) {
        return response.headers().firstValue("Content-Type").orElse(null);
    }

    /** Writes raw bytes and reads every byte of the answer(s) until the server closes, as Latin-1 text. */
    public String raw(byte[] request) {
        try {
            return exchange(URI.create(origin), request);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public String raw(String request) {
        return raw(request.getBytes(java.nio.charset.StandardCharsets.UTF_8));
    }

    /** Sends raw bytes and reads until the server closes the connection (or 2 s pass without a byte). */
    public static String exchange(URI origin, byte[] request) throws IOException {
        try (java.net.Socket socket = new java.net.Socket(origin.getHost(), origin.getPort())) {
            socket.setSoTimeout(2_000);
            java.io.OutputStream out = socket.getOutputStream();
            out.write(request);
            out.flush();
            java.io.InputStream in = socket.getInputStream();
            java.io.ByteArrayOutputStream answer = new java.io.ByteArrayOutputStream();
            byte[] buffer = new byte[8192];
            try {
                for (int n; (n = in.read(buffer)) > 0 && answer.size() < 1_000_000; ) {
                    answer.write(buffer, 0, n);
                }
            } catch (java.net.SocketTimeoutException e) {
                // A request the server still waits on (e.g. a body it was promised): what came is the answer.
            } catch (IOException e) {
                // Reset after the answer: keep what was read.
            }
            return answer.toString(java.nio.charset.StandardCharsets.ISO_8859_1);
        }
    }
}
