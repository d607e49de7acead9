package pocketapi.http;

import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.http.HttpVersion;
import org.eclipse.jetty.server.Handler;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.util.Callback;

/**
 * Answers what Jetty lets through but HTTP forbids, before Javalin sees it. An HTTP/1.0 request
 * with {@code Transfer-Encoding} has faulty framing (RFC 9112 §6.1: the server must close the
 * connection after it): it gets 400 and the connection is closed, so nothing a client smuggled
 * behind it is ever read as a second request.
 */
final class ProtocolGuard extends Handler.Wrapper {
    @Override
    public boolean handle(Request request, Response response, Callback callback) throws Exception {
        response.getHeaders().put(Responses.NOSNIFF);
        if (request.getConnectionMetaData().getHttpVersion() == HttpVersion.HTTP_1_0
                && request.getHeaders().contains(HttpHeader.TRANSFER_ENCODING)) {
            response.getHeaders().put(HttpHeader.CONNECTION, "close");
            JsonErrorHandler.write(request, response, callback, 400,
                    "The request was rejected: HTTP/1.0 has no Transfer-Encoding; send HTTP/1.1, or a Content-Length.");
            return true;
        }
        return super.handle(request, response, callback);
    }
}
