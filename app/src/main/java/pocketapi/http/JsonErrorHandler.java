package pocketapi.http;

import java.nio.ByteBuffer;

import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.http.HttpStatus;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.server.handler.ErrorHandler;
import org.eclipse.jetty.util.Callback;

/**
 * Jetty answers some requests before Javalin sees them (a malformed Host header or URI, headers
 * too large); this gives those answers the same JSON error body as everything else, never HTML
 * and never a stack trace.
 */
final class JsonErrorHandler extends ErrorHandler {
    @Override
    protected void generateResponse(Request request, Response response, int code, String message,
                                    Throwable cause, Callback callback) {
        String reason = HttpStatus.getMessage(code);
        String sentence = code >= 500 ? "The server failed unexpectedly; the failure is logged."
                : "The request was rejected: " + (message == null ? reason : message) + ".";
        byte[] body = Responses.errorBody(code, reason, sentence);
        response.getHeaders().put(HttpHeader.CONTENT_TYPE, Responses.JSON);
        response.getHeaders().put(HttpHeader.CONTENT_LENGTH, body.length);
        response.write(true, ByteBuffer.wrap(body), callback);
    }
}
