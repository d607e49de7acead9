package pocketapi.web;

import org.eclipse.jetty.http.HttpField;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.http.PreEncodedHttpField;
import org.eclipse.jetty.server.Handler;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.util.Callback;

/**
 * The two headers every answer carries, whatever its path, status or method: {@code X-Content-Type-Options: nosniff} (a
 * browser takes each body for the type it is sent as) and {@code Access-Control-Allow-Origin: *} (every answer is
 * public and read-only, so any page may read it). The outermost of the service's handlers; Jetty's own refusals, which
 * no handler sees, get the same two from {@link Responses#jettyError}. Stateless.
 */
final class AnswerHeaders extends Handler.Wrapper {
    static final HttpField NOSNIFF = new PreEncodedHttpField("X-Content-Type-Options", "nosniff");
    static final HttpField CORS = new PreEncodedHttpField(HttpHeader.ACCESS_CONTROL_ALLOW_ORIGIN, "*");

    @Override
    public boolean handle(Request request, Response response, Callback callback) throws Exception {
        response.getHeaders().put(NOSNIFF);
        response.getHeaders().put(CORS);
        return super.handle(request, response, callback);
    }
}
