package pocketapi.http;

import java.nio.ByteBuffer;
import java.util.concurrent.atomic.AtomicLong;

import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.http.HttpMethod;
import org.eclipse.jetty.http.HttpStatus;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.server.handler.ErrorHandler;
import org.eclipse.jetty.util.Callback;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Jetty answers some requests before Javalin sees them (a malformed Host header or URI, headers
 * too large, an HTTP version it does not speak, {@code OPTIONS *}, the HTTP/2 preface); this gives
 * those answers the same JSON error body as everything else, whatever the method, never HTML and
 * never a stack trace, and no body at all to HEAD. They are the client's doing, so they say what
 * was wrong; the log gets at most one short count a minute, never what the client sent.
 */
final class JsonErrorHandler extends ErrorHandler {
    private static final Logger LOG = LoggerFactory.getLogger(JsonErrorHandler.class);
    private static final long REPORT_NANOS = 60_000_000_000L;

    private final AtomicLong rejected = new AtomicLong();
    private final AtomicLong reportedAt = new AtomicLong(System.nanoTime() - REPORT_NANOS);

    @Override
    public boolean errorPageForMethod(String method) {
        return true;  // Jetty's default leaves OPTIONS and PRI answers without a body
    }

    @Override
    protected void generateResponse(Request request, Response response, int code, String message,
                                    Throwable cause, Callback callback) {
        String sentence;
        if (code == 500) {
            sentence = "The server failed unexpectedly; the failure is logged.";
        } else if (code == 505) {
            sentence = "The request was rejected: HTTP version not supported; send HTTP/1.1 or HTTP/1.0 "
                    + "(a raw CR or space in the path also ends the request line early).";
        } else {
            sentence = "The request was rejected: " + (message == null ? HttpStatus.getMessage(code) : message) + ".";
        }
        if (code >= 400 && code != 500) {
            countRejected();
        }
        write(request, response, callback, code, sentence);
    }

    /** Writes the JSON error body (none for HEAD) with its type and length. */
    static void write(Request request, Response response, Callback callback, int code, String sentence) {
        byte[] body = Responses.errorBody(code, HttpStatus.getMessage(code), sentence);
        response.setStatus(code);
        response.getHeaders().put(HttpHeader.CONTENT_TYPE, Responses.JSON);
        response.getHeaders().put(Responses.NOSNIFF);
        if (HttpMethod.HEAD.is(request.getMethod()) || HeadAwareConnections.isHead(request)) {
            // A request Jetty rejected may not be known as HEAD to the response generator: send
            // nothing after the headers, so a pipelining client never reads a body as its next answer.
            response.getHeaders().put(HttpHeader.CONTENT_LENGTH, 0);
            response.write(true, null, callback);
            return;
        }
        response.getHeaders().put(HttpHeader.CONTENT_LENGTH, body.length);
        response.write(true, ByteBuffer.wrap(body), callback);
    }

    /** At most one line a minute, with a count: a flood of bad requests cannot flood the log. */
    private void countRejected() {
        rejected.incrementAndGet();
        long now = System.nanoTime();
        long last = reportedAt.get();
        if (now - last >= REPORT_NANOS && reportedAt.compareAndSet(last, now)) {
            long total = rejected.getAndSet(0);
            LOG.info("rejected {} malformed request{} since the last report (answered 4xx before reaching an "
                    + "endpoint; what clients sent is not logged)", total, total == 1 ? "" : "s");
        }
    }
}
