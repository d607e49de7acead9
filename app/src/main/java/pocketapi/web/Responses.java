package pocketapi.web;

import com.fasterxml.jackson.core.JsonProcessingException;
import io.javalin.http.Context;
import io.javalin.http.HttpResponseException;
import java.nio.ByteBuffer;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.concurrent.TimeoutException;
import org.eclipse.jetty.http.*;
import org.eclipse.jetty.io.EofException;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.server.handler.ErrorHandler;
import org.eclipse.jetty.util.Callback;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import pocketapi.files.Json;
import pocketapi.logging.LogText;
import pocketapi.logging.Throttle;

/**
 * Writes every answer: bodies with the exact content types the docs show ({@code application/json; charset=utf-8},
 * {@code text/plain; charset=utf-8}), through Javalin's result; and <b>every error</b>, ours and the ones Jetty answers
 * before Javalin sees a request, as {@code {"status":400,"error":"Bad Request", "message":"..."}} ({@link #error}).
 * What clients do to their own connections (going away, not reading) is counted and logged once a minute, never as an
 * error. Stateless and thread-safe.
 */
public final class Responses {
    private static final Logger LOG = LoggerFactory.getLogger(Responses.class);
    public static final String JSON = "application/json; charset=utf-8";
    /** Every answer's type until it sets another: Javalin sets it as each request starts ({@link HttpApi}). */
    public static final String TEXT = "text/plain; charset=utf-8";

    private static final Throttle GONE = Throttle.counting(
            LOG,
            false,
            "%d answer(s) dropped since the last report: the client went away or "
                    + "stopped reading before it was written");
    private static final Throttle REJECTED = Throttle.counting(
            LOG,
            false,
            "rejected %d malformed request(s) since the last report (answered 4xx "
                    + "before reaching an endpoint; what clients sent is not logged)");
    private static final Throttle STOPPING = Throttle.counting(
            LOG,
            false,
            "stopping: answered %d request(s) that came after the stop began with 503 (the client may try again once "
                    + "the service is back)");

    private static final Throttle FAILED = Throttle.untilCleared();

    private Responses() {}

    /** A record as JSON, by the one codec. */
    public static byte[] bytes(Object record) {
        try {
            return Json.mapper().writeValueAsBytes(record);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("an answer's record is always serializable", e);
        }
    }

    /**
     * Text as the answer: its type is already {@link #TEXT}, the default each request starts with, so it is not set a
     * second time (Jetty parses a type it is given: a microsecond of a short answer).
     */
    public static void text(Context ctx, String text) {
        ctx.result(text);
    }

    /** Text already encoded as UTF-8 as the answer, as {@link #text(Context, String)}. */
    public static void text(Context ctx, byte[] utf8) {
        ctx.result(utf8);
    }

    /**
     * Bytes of a type that has no charset ({@code image/png}) as the answer. The servlet API keeps the charset of the
     * default text type for any type set after it without one ({@code image/png;charset=utf-8}): it is cleared first.
     */
    public static void binary(Context ctx, String type, byte[] bytes) {
        ctx.res().setCharacterEncoding(null);
        ctx.contentType(type).result(bytes);
    }

    /**
     * A strong entity tag of an answer's bytes: the first 12 bytes of their SHA-256, in hex, quoted (the same bytes
     * always give the same tag, other bytes another).
     */
    public static String etag(byte[] body) {
        try {
            return "\""
                    + HexFormat.of()
                            .formatHex(MessageDigest.getInstance("SHA-256").digest(body), 0, 12) + "\"";
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is part of every Java runtime", e);
        }
    }

    /**
     * When the request's {@code If-None-Match} names {@code etag} or is {@code *} (compared weakly, RFC 9110 §13.1.2),
     * answers {@code 304} without a body: no {@code Content-Type}, and a {@code Content-Length} that is the one a 200
     * would have ({@code length}, RFC 9110 §8.6); the headers set before ({@code ETag}, {@code Cache-Control}) stay.
     * True when it did: the caller then writes nothing more.
     */
    public static boolean notModified(Context ctx, String etag, int length) {
        String ifNoneMatch = ctx.header("If-None-Match");
        if (ifNoneMatch != null) {
            for (String tag : ifNoneMatch.split(",")) {
                String t = tag.strip().replaceFirst("^W/", "");
                if (t.equals("*") || t.equals(etag)) {
                    ctx.status(304).removeHeader("Content-Type");
                    ctx.res().setContentLength(length);
                    return true;
                }
            }
        }
        return false;
    }

    /** A record as the JSON answer, by Javalin's result (Jetty sets the length, for a HEAD too). */
    public static void json(Context ctx, Object record) {
        ctx.contentType(JSON).result(bytes(record));
    }

    /**
     * The body of every error answer; {@code error}: the status's name (Javalin's, or Jetty's for its own rejections).
     */
    record Failure(int status, String error, String message) {}

    static byte[] errorBody(int status, String reason, String message) {
        return bytes(new Failure(status, reason, message));
    }

    static void error(Context ctx, int status, String message) {
        ctx.status(status)
                .contentType(JSON)
                .result(errorBody(
                        status, io.javalin.http.HttpStatus.forStatus(status).getMessage(), message));
    }

    /** What any failure of a request becomes (the one exception mapper). */
    static void error(Context ctx, Exception e) {
        if (e instanceof HttpResponseException h) {
            if (h.getStatus() == 405) {
                ctx.header("Allow", "GET, HEAD"); // Javalin names none; every route here takes both
            }
            // Javalin's own (no route, a wrong method, an unknown sample picture): say what was wrong and what is
            // there.
            boolean javalins = h instanceof io.javalin.router.EndpointNotFound
                    || h instanceof io.javalin.http.MethodNotAllowedResponse
                    || h.getMessage()
                            .equals(io.javalin.http.HttpStatus.forStatus(h.getStatus())
                                    .getMessage());
            error(
                    ctx,
                    h.getStatus(),
                    !javalins
                            ? h.getMessage()
                            : switch (h.getStatus()) {
                                case 404 -> "No endpoint at " + ctx.path() + "; see / for the endpoints.";
                                case 405 -> ctx.method() + " is not allowed on " + ctx.path() + "; use GET or HEAD";
                                default -> h.getMessage();
                            });
        } else if (clientGone(e)) {
            GONE.count();
        } else {
            failed(ctx.method().name(), ctx.path(), e);
            error(ctx, 500, "The server failed unexpectedly; the failure is logged.");
        }
    }

    /** One line a failure; its stack trace once per kind and place, not once per request. */
    private static void failed(String method, String path, Throwable e) {
        StackTraceElement at = e.getStackTrace().length > 0 ? e.getStackTrace()[0] : null;
        if (FAILED.first(e.getClass().getName() + " at " + at)) {
            LOG.error(
                    "unexpected failure on {} {} (its stack trace is logged once, the same failure again in one line)",
                    method,
                    LogText.safe(path, LogText.SHORT),
                    e);
        } else {
            LOG.error(
                    "unexpected failure on {} {}: {} at {}",
                    method,
                    LogText.safe(path, LogText.SHORT),
                    e.getClass().getSimpleName(),
                    at);
        }
    }

    /** Whether a failure is a client's doing: it closed the connection, or did not read in time. */
    static boolean clientGone(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof EofException
                    || t instanceof TimeoutException
                    || t instanceof java.nio.channels.ClosedChannelException
                    || t instanceof java.net.SocketException
                            && String.valueOf(t.getMessage()).matches("(?i).*(broken pipe|connection reset).*")) {
                return true;
            }
        }
        return false;
    }

    /** A malformed request refused before Javalin sees it: 400, counted in the minute's line of rejections. */
    static void rejected(Request request, Response response, Callback callback, String message) {
        REJECTED.count();
        jettyError(request, response, callback, 400, message);
    }

    /**
     * Writes an error at Jetty's level (a request Javalin never saw), with the headers of every answer
     * ({@link AnswerHeaders}) and no body after a HEAD.
     */
    static void jettyError(Request request, Response response, Callback callback, int status, String message) {
        byte[] body = errorBody(status, HttpStatus.getMessage(status), message);
        response.setStatus(status);
        response.getHeaders().put(AnswerHeaders.NOSNIFF);
        response.getHeaders().put(AnswerHeaders.CORS);
        response.getHeaders().put(HttpHeader.CONTENT_TYPE, JSON);
        // A request Jetty rejected may not be known as HEAD to the response generator: send nothing after the
        // headers, so that a pipelining client never reads a body as its next answer.
        boolean head = HttpMethod.HEAD.is(request.getMethod());
        response.getHeaders().put(HttpHeader.CONTENT_LENGTH, head ? 0 : body.length);
        response.write(true, head ? null : ByteBuffer.wrap(body), callback);
    }

    /**
     * Jetty's own answers (a malformed Host or URI, headers too large, an HTTP version it does not speak,
     * {@code OPTIONS *}; and, from Jetty's graceful stop, 503 to a request that came after the stop began): the JSON
     * error body, whatever the method, saying what was wrong.
     */
    static final class JettyErrors extends ErrorHandler {
        @Override
        public boolean errorPageForMethod(String method) {
            return true; // Jetty's default leaves OPTIONS and PRI answers without a body
        }

        @Override
        protected void generateResponse(
                Request request, Response response, int code, String message, Throwable cause, Callback callback) {
            String sentence = switch (code) {
                case 500 -> "The server failed unexpectedly; the failure is logged.";
                case 503 -> "The service is stopping; try again in a moment.";
                case 505 ->
                    "The request was rejected: HTTP version not supported; send HTTP/1.1 or HTTP/1.0 "
                            + "(a raw CR or space in the path also ends the request line early).";
                default ->
                    "The request was rejected: " + (message == null ? HttpStatus.getMessage(code) : message) + ".";
            };
            if (code == 500 && cause != null && !clientGone(cause)) {
                failed(request.getMethod(), request.getHttpURI().getPath(), cause); // the body says it is logged
            } else if (code == 503) {
                STOPPING.count(); // Jetty's graceful stop (GracefulHandler) is the only source of a 503 here
            } else if (code >= 400 && code < 500 || code == 505) {
                REJECTED.count();
            }
            jettyError(request, response, callback, code, sentence);
        }
    }
}
