package pocketapi.http;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;

import org.eclipse.jetty.http.HttpField;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.http.PreEncodedHttpField;

import io.javalin.http.Context;
import jakarta.servlet.http.HttpServletResponse;
import io.javalin.http.HttpStatus;

/**
 * Writes bodies with the exact content types the README shows ({@code application/json; charset=utf-8},
 * {@code text/plain; charset=utf-8}). Stateless and thread-safe.
 *
 * <p>Answers go straight to Jetty: headers as pre-encoded constants, the body with its length
 * through the servlet stream. Javalin's own result path would copy the bytes again and search a
 * list of MIME types for compression on every answer, which together cost more than our handlers.
 */
final class Responses {
    static final String JSON = "application/json; charset=utf-8";
    static final String TEXT = "text/plain; charset=utf-8";
    private static final HttpField JSON_TYPE = new PreEncodedHttpField(HttpHeader.CONTENT_TYPE, JSON);
    private static final HttpField TEXT_TYPE = new PreEncodedHttpField(HttpHeader.CONTENT_TYPE, TEXT);
    static final HttpField ICS_TYPE = new PreEncodedHttpField(HttpHeader.CONTENT_TYPE, IcsFeed.TYPE);
    static final HttpField CORS = new PreEncodedHttpField("Access-Control-Allow-Origin", "*");
    static final HttpField NO_STORE = new PreEncodedHttpField(HttpHeader.CACHE_CONTROL, "no-store");
    /** On every answer: a browser must take each body for the type it is sent as, never guess another. */
    static final HttpField NOSNIFF = new PreEncodedHttpField("X-Content-Type-Options", "nosniff");

    private Responses() {
    }

    /** {@code {"status":400,"error":"Bad Request","message":"..."}}: the body of every 4xx/5xx answer. */
    static byte[] errorBody(int status, String reason, String message) {
        return new JsonObject().put("status", status).put("error", reason).put("message", message).bytes();
    }

    static void json(Context ctx, byte[] body) {
        send(ctx, JSON_TYPE, body);
    }

    static void text(Context ctx, byte[] body) {
        send(ctx, TEXT_TYPE, body);
    }

    /** Adds a header given as a pre-encoded constant. */
    static void header(Context ctx, HttpField field) {
        JettyInternals.headers(ctx).put(field);
    }

    static void send(Context ctx, HttpField type, byte[] body) {
        header(ctx, type);
        HttpServletResponse res = ctx.res();
        res.setStatus(ctx.statusCode());
        res.setContentLength(body.length);
        try {
            res.getOutputStream().write(body);  // for HEAD, Jetty sends the headers and drops the bytes
        } catch (IOException e) {
            throw new UncheckedIOException(e);  // the client went away
        }
    }

    static void text(Context ctx, String body) {
        text(ctx, body.getBytes(StandardCharsets.UTF_8));
    }

    /** Answers {@code status} with the error body. */
    static void error(Context ctx, int status, String message) {
        ctx.status(status);
        json(ctx, errorBody(status, HttpStatus.forStatus(status).getMessage(), message));
    }
}
