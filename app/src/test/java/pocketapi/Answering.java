package pocketapi;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;

/** A running pocketapi that answers requests: the jar as a process ({@link JarProcess}) or one in this JVM. */
interface Answering {
    /** HTTP/1.1, redirects not followed: the answers as a client sees them on the wire. */
    HttpClient CLIENT = HttpClient.newBuilder()
            .version(HttpClient.Version.HTTP_1_1)
            .followRedirects(HttpClient.Redirect.NEVER)
            .build();

    /** {@code http://127.0.0.1:<port>}. */
    String origin();

    /** GET {@code path} with header name/value pairs. */
    default HttpResponse<String> get(String path, String... headers) throws IOException, InterruptedException {
        return send("GET", path, headers);
    }

    /** Sends any method, without a body, with header name/value pairs. */
    default HttpResponse<String> send(String method, String path, String... headers)
            throws IOException, InterruptedException {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(origin() + path))
                .timeout(Duration.ofSeconds(10))
                .method(method, HttpRequest.BodyPublishers.noBody());
        if (headers.length > 0) {
            request.headers(headers);
        }
        return CLIENT.send(request.build(), HttpResponse.BodyHandlers.ofString());
    }
}
