package pocketapi.http;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;

import io.javalin.http.Handler;

/** The landing page (read from the jar once) and the health check; neither is counted. */
final class Pages {
    private Pages() {
    }

    static Handler landing() {
        byte[] page = resource("web/index.html");
        return ctx -> ctx.header("Cache-Control", "no-cache").contentType("text/html; charset=utf-8").result(page);
    }

    static Handler health() {
        return ctx -> Responses.text(ctx, "ok");
    }

    private static byte[] resource(String path) {
        try (InputStream in = Pages.class.getClassLoader().getResourceAsStream(path)) {
            if (in == null) {
                throw new IllegalStateException(path + " is missing from the jar");
            }
            return in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
