package pocketapi.http;

import java.nio.charset.StandardCharsets;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;

import io.javalin.http.Context;
import io.javalin.http.HttpStatus;

/** Writes bodies with the exact content types of the contract (§2). Stateless and thread-safe. */
final class Responses {
    static final String JSON = "application/json; charset=utf-8";
    static final String TEXT = "text/plain; charset=utf-8";
    private static final ObjectMapper MAPPER = new ObjectMapper();

    private Responses() {
    }

    @JsonPropertyOrder({"status", "error", "message"})
    record ErrorBody(int status, String error, String message) {
    }

    /** Serializes a record to JSON bytes; done once per value where the value is known up front. */
    static byte[] toJson(Object value) {
        try {
            return MAPPER.writeValueAsBytes(value);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot serialize " + value.getClass(), e);
        }
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

    /** The error body of every 4xx/5xx answer: {@code {"status":400,"error":"Bad Request","message":"..."}}. */
    static void error(Context ctx, int status, String message) {
        ctx.status(status);
        json(ctx, toJson(new ErrorBody(status, HttpStatus.forStatus(status).getMessage(), message)));
    }
}
