package pocketapi;

import java.io.IOException;
import java.net.http.HttpResponse;

/** A running pocketapi that answers requests: the jar as a process ({@link JarProcess}) or one in this JVM. */
interface Answering {
    /** GET {@code path} with header name/value pairs; redirects are not followed. */
    HttpResponse<String> get(String path, String... headers) throws IOException, InterruptedException;
}
