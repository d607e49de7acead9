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
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Runs a real server on a random port for one test, with a plain JDK client that can send any method
 * (javalin-testtools' client has no HEAD or OPTIONS) and never follows redirects. Every answer the client receives is
 * checked, once the test's body has run, against the server's own /openapi.json ({@link DocumentedAnswers}): an answer
 * the document does not describe fails the test, whatever the test asserted.
 */
public final class TestServer {
    private static final HttpClient CLIENT = HttpClient.newBuilder()
            .version(HttpClient.Version.HTTP_1_1)
            .followRedirects(HttpClient.Redirect.NEVER)
            .connectTimeout(Duration.ofSeconds(5))
            .build();

    private final String origin;
    /** Every answer received, to be checked against the document. */
    private final List<Answer> answers = java.util.Collections.synchronizedList(new ArrayList<>());

    /** An answer received, and what asked for it. */
    private record Answer(String method, URI uri, int status, Map<String, List<String>> headers, String body) {}

    private TestServer(String origin) {
        this.origin = origin;
    }

    public interface Body {
        void run(TestServer server) throws Exception;
    }

    /** Starts {@code app}, runs {@code body}, stops it. No clean-up request is sent, so nothing extra is counted. */
    public static void run(Javalin app, Body body) {
        JavalinTest.test(app, new TestConfig(false), (server, client) -> {
            TestServer test = new TestServer(client.getOrigin());
            body.run(test);
            test.checkAnswers();
        });
    }

    /**
     * Checks every answer received against the server's /openapi.json, fetched now (after the test's own requests, so
     * it adds nothing they see).
     */
    private void checkAnswers() throws IOException, InterruptedException {
        List<Answer> received;
        synchronized (answers) {
            received = List.copyOf(answers);
        }
        if (received.isEmpty()) {
            return;
        }
        HttpResponse<String> document = CLIENT.send(
                HttpRequest.newBuilder(URI.create(origin + "/openapi.json")).build(),
                HttpResponse.BodyHandlers.ofString());
        DocumentedAnswers documented = DocumentedAnswers.of(document.body());
        List<String> problems = new ArrayList<>();
        for (Answer a : received) {
            problems.addAll(documented.problems(a.method(), a.uri(), a.status(), a.headers(), a.body()));
        }
        if (!problems.isEmpty()) {
            throw new AssertionError("answers /openapi.json does not describe:\n" + String.join("\n", problems));
        }
    }

    /**
     * An answer this test read by other means than {@link #send} (a raw socket as curl sends it), to be checked with
     * the others; {@code headers} by name in any letter case.
     */
    public void received(
            String method, String pathAndQuery, int status, Map<String, List<String>> headers, String body) {
        java.util.TreeMap<String, List<String>> byName = new java.util.TreeMap<>(String.CASE_INSENSITIVE_ORDER);
        byName.putAll(headers);
        answers.add(new Answer(method, URI.create(origin + pathAndQuery), status, byName, body));
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
            HttpResponse<String> answer = CLIENT.send(request.build(), HttpResponse.BodyHandlers.ofString());
            answers.add(new Answer(
                    method,
                    answer.request().uri(),
                    answer.statusCode(),
                    answer.headers().map(),
                    answer.body()));
            return answer;
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
