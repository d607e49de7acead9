package pocketapi.http;

import io.javalin.http.Handler;
import pocketapi.Resources;

/** The landing page (read from the jar once) and the health check; neither is counted. */
final class Pages {
    private Pages() {
    }

    static Handler landing() {
        byte[] page = Resources.read("web/index.html")
                .orElseThrow(() -> new IllegalStateException("web/index.html is missing from the jar"));
        return ctx -> ctx.header("Cache-Control", "no-cache").contentType("text/html; charset=utf-8").result(page);
    }

    static Handler health() {
        return ctx -> Responses.text(ctx, "ok");
    }
}
