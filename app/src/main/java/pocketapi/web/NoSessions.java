package pocketapi.web;

import org.eclipse.jetty.ee10.servlet.ServletContextRequest;
import org.eclipse.jetty.ee10.servlet.SessionHandler;
import org.eclipse.jetty.server.Handler;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.session.AbstractSessionManager.RequestedSession;
import org.eclipse.jetty.util.Callback;

/**
 * The session handler in Javalin's place, for a service that keeps no session: a request is told it asked for none,
 * without its cookies and path searched for a session id or its answer's stream wrapped to save one (Javalin's default
 * handler did both on every request). Jetty's servlet context needs a session handler in its chain; this one passes
 * every request straight on.
 */
final class NoSessions extends SessionHandler {
    @Override
    public boolean handle(Request request, Response response, Callback callback) throws Exception {
        ServletContextRequest servlet = Request.as(request, ServletContextRequest.class);
        if (servlet != null) {
            servlet.setRequestedSession(RequestedSession.NO_REQUESTED_SESSION);
        }
        Handler next = getHandler();
        return next != null && next.handle(request, response, callback);
    }
}
