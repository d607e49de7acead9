package pocketapi.http;

import java.nio.charset.StandardCharsets;

import io.javalin.http.Context;
import io.javalin.http.HttpStatus;

/** Writes bodies with the exact content types of the contract (§2). Stateless and thread-safe. */
final class Responses {
    static final String JSON = "application/json; charset=utf-8";
    static final String TEXT = "text/plain; charset=utf-8";

    private Responses() {
    }

    /** {@code {"status":400,"error":"Bad Request","message":"..."}}: the body of every 4xx/5xx answer. */
    static byte[] errorBody(int status, String reason, String message) {
        return new JsonObject().put("status", status).put("error", reason).put("message", message).bytes();
    }

    static void json(Context ctx, byte[] body) {
        ctx.contentType(JSON).result(body);
    }

    static void text(Context ctx, byte[] body) {
        ctx.contentType(TEXT).result(body);
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
