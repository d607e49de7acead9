package pocketapi.http;

import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.net.SocketAddress;
import java.util.ArrayList;
import java.util.List;

import org.eclipse.jetty.ee10.servlet.ServletContextRequest;
import org.eclipse.jetty.ee10.servlet.ServletContextResponse;
import org.eclipse.jetty.http.HttpCompliance;
import org.eclipse.jetty.http.HttpFields;
import org.eclipse.jetty.http.HttpGenerator;
import org.eclipse.jetty.http.HttpParser;
import org.eclipse.jetty.server.AbstractConnector;
import org.eclipse.jetty.server.ConnectionMetaData;
import org.eclipse.jetty.server.internal.HttpConnection;
import org.eclipse.jetty.util.Jetty;

import io.javalin.http.Context;
import jakarta.servlet.ServletRequest;

/**
 * Everything pocketapi uses of Jetty beneath Javalin's and the Servlet API's surface, in one
 * place, checked when the server is built, so that a Jetty upgrade that changed one of them stops
 * the start with a sentence saying which and why, instead of failing requests one by one:
 * <ul>
 *   <li>the response's own header list, to add pre-encoded headers (Responses, faster answers);</li>
 *   <li>the connection's remote socket address, for the peer a proxy is trusted by (Counting);</li>
 *   <li>{@code HttpConnection.newHttpParser}, to see a request begin with HEAD before Jetty parses
 *       it (HeadAwareConnections, no body after an unparseable HEAD);</li>
 *   <li>{@code HttpGenerator.__STRICT}, which keeps Jetty from rewriting content types (HttpApi);</li>
 *   <li>{@code HttpParser.inHeaderState}, to see when a request's headers are in (HeadAwareConnections,
 *       the header time-out), and {@code AbstractConnector.handleAcceptFailure}, to log a failed accept
 *       once a minute (Connections).</li>
 * </ul>
 */
final class JettyInternals {
    /** The Jetty line these internals were checked against. */
    static final String CHECKED_AGAINST = "12.1";

    private JettyInternals() {
    }

    /** @throws IllegalStateException naming what changed in the Jetty on the classpath */
    static void check() {
        List<String> missing = new ArrayList<>();
        requireMethod(missing, ServletContextRequest.class, "getServletContextRequest", "the response's header list",
                ServletRequest.class);
        requireMethod(missing, ServletContextRequest.class, "getServletContextResponse", "the response's header list");
        requireMethod(missing, ServletContextResponse.class, "getHeaders", "the response's header list");
        requireMethod(missing, ConnectionMetaData.class, "getRemoteSocketAddress", "the peer address of TRUSTED_PROXIES");
        requireMethod(missing, HttpConnection.class, "newHttpParser", "seeing HEAD before Jetty parses a request",
                HttpCompliance.class);
        requireField(missing, HttpGenerator.class, "__STRICT", "exact Content-Type headers");
        requireMethod(missing, HttpParser.class, "inHeaderState", "the header time-out");
        requireMethod(missing, AbstractConnector.class, "handleAcceptFailure", "logging failed accepts once a minute",
                Throwable.class);
        if (!missing.isEmpty()) {
            throw new IllegalStateException(problem(Jetty.VERSION, missing));
        }
    }

    static String problem(String version, List<String> missing) {
        return "Jetty " + version + " is not the Jetty pocketapi was checked against (" + CHECKED_AGAINST + ".x): "
                + String.join("; ", missing) + ". Build pocketapi with the Jetty its pom.xml pins, or update "
                + JettyInternals.class.getSimpleName();
    }

    static void requireMethod(List<String> missing, Class<?> owner, String name, String why, Class<?>... parameters) {
        for (Class<?> c = owner; c != null; c = c.getSuperclass()) {
            try {
                Method m = c.getDeclaredMethod(name, parameters);
                if (!Modifier.isPrivate(m.getModifiers())) {
                    return;
                }
            } catch (NoSuchMethodException e) {
                // look further up
            }
        }
        for (Class<?> i : owner.getInterfaces()) {
            try {
                i.getMethod(name, parameters);
                return;
            } catch (NoSuchMethodException e) {
                // not there either
            }
        }
        missing.add(owner.getName() + "." + name + " is gone (needed for " + why + ")");
    }

    static void requireField(List<String> missing, Class<?> owner, String name, String why) {
        try {
            Field f = owner.getField(name);
            if (!Modifier.isStatic(f.getModifiers())) {
                missing.add(owner.getName() + "." + name + " is no longer static (needed for " + why + ")");
            }
        } catch (NoSuchFieldException e) {
            missing.add(owner.getName() + "." + name + " is gone (needed for " + why + ")");
        }
    }

    /** The response's own header list: pre-encoded headers go straight in. */
    static HttpFields.Mutable headers(Context ctx) {
        return ServletContextRequest.getServletContextRequest(ctx.req()).getServletContextResponse().getHeaders();
    }

    /** The address of the peer that opened the connection. */
    static SocketAddress peer(Context ctx) {
        return ServletContextRequest.getServletContextRequest(ctx.req()).getConnectionMetaData().getRemoteSocketAddress();
    }

    /** Whether Jetty leaves content types as they are written. */
    static boolean strictContentTypes() {
        return HttpGenerator.__STRICT;
    }
}
