package pocketapi.web;

import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.http.HttpVersion;
import org.eclipse.jetty.server.Handler;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.util.Callback;

/**
 * Refuses, with 400, the malformed requests Jetty lets through: HTTP/1.0 with {@code Transfer-Encoding}, faulty framing
 * (RFC 9112 §6.1), answered and the connection closed, so nothing smuggled behind it is read; and a path with a
 * malformed escape, which Javalin's path parameters cannot decode. Stateless.
 */
final class Malformed extends Handler.Wrapper {
    @Override
    public boolean handle(Request request, Response response, Callback callback) throws Exception {
        if (request.getConnectionMetaData().getHttpVersion() == HttpVersion.HTTP_1_0
                && request.getHeaders().contains(HttpHeader.TRANSFER_ENCODING)) {
            response.getHeaders().put(HttpHeader.CONNECTION, "close");
            Responses.rejected(
                    request,
                    response,
                    callback,
                    "The request was rejected: HTTP/1.0 has no Transfer-Encoding; send HTTP/1.1, or a Content-Length.");
            return true;
        }
        if (!wellEscaped(request.getHttpURI().getPath())) {
            Responses.rejected(
                    request,
                    response,
                    callback,
                    "The request was rejected: a malformed escape in the path; every % must be followed by two hex "
                            + "digits (%20, %E4%B8%AD).");
            return true;
        }
        return super.handle(request, response, callback);
    }

    /**
     * Whether every {@code %} in a raw path starts an escape of two hex digits (the path parameters' decoder throws
     * otherwise).
     */
    static boolean wellEscaped(String path) {
        for (int i = path == null ? -1 : path.indexOf('%'); i >= 0; i = path.indexOf('%', i + 1)) {
            if (i + 2 >= path.length()
                    || Character.digit(path.charAt(i + 1), 16) < 0
                    || Character.digit(path.charAt(i + 2), 16) < 0) {
                return false;
            }
        }
        return true;
    }
}
