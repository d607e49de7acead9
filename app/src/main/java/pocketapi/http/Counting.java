package pocketapi.http;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.net.UnknownHostException;

import org.eclipse.jetty.ee10.servlet.ServletContextRequest;

import io.javalin.http.Context;
import pocketapi.TrustedProxies;
import pocketapi.stats.UsageCounters;

/**
 * Who is calling, and the counting of a call. The user id is taken in the {@code before} step of an
 * endpoint; the call is counted in {@code beforeMatched}, which runs only once a route has matched
 * and before its handler, so 404 and 405 are never counted and {@code /api/info} sees itself.
 * Thread-safe.
 */
final class Counting {
    static final int MAX_ID_LENGTH = 128;
    private static final String USER = "pocketapi.user";
    private static final String REPORT = "pocketapi.report";

    private final UsageCounters counters;
    private final TrustedProxies trusted;

    Counting(UsageCounters counters, TrustedProxies trusted) {
        this.counters = counters;
        this.trusted = trusted;
    }

    /** {@code CF-Connecting-IP}, else the first {@code X-Forwarded-For} entry, trimmed; else {@code unknown}. */
    static String userId(String cfConnectingIp, String xForwardedFor) {
        String id = trimmed(cfConnectingIp);
        if (id == null && xForwardedFor != null) {
            int comma = xForwardedFor.indexOf(',');
            id = trimmed(comma < 0 ? xForwardedFor : xForwardedFor.substring(0, comma));
        }
        if (id == null) {
            return "unknown";
        }
        if (id.length() > MAX_ID_LENGTH) {
            int end = Character.isHighSurrogate(id.charAt(MAX_ID_LENGTH - 1)) ? MAX_ID_LENGTH - 1 : MAX_ID_LENGTH;
            id = id.substring(0, end);
        }
        return id;
    }

    /**
     * The user id of a request: from the forwarding headers, unless TRUSTED_PROXIES is set and the
     * connection does not come from a listed proxy: then the peer's own address.
     */
    String userId(Context ctx) {
        if (trusted.isSet()) {
            InetAddress peer = peer(ctx);
            if (!trusted.contains(peer)) {
                return peer.getHostAddress();
            }
        }
        return userId(ctx.header("CF-Connecting-IP"), ctx.header("X-Forwarded-For"));
    }

    private static InetAddress peer(Context ctx) {
        SocketAddress address = ServletContextRequest.getServletContextRequest(ctx.req())
                .getConnectionMetaData().getRemoteSocketAddress();
        if (address instanceof InetSocketAddress inet && inet.getAddress() != null) {
            return inet.getAddress();
        }
        try {
            return InetAddress.getByName(ctx.req().getRemoteAddr());  // an IP literal: no lookup
        } catch (UnknownHostException e) {
            return InetAddress.getLoopbackAddress();
        }
    }

    private static String trimmed(String value) {
        if (value == null) {
            return null;
        }
        String v = value.strip();
        return v.isEmpty() ? null : v;
    }

    void identify(Context ctx) {
        ctx.attribute(USER, userId(ctx));
    }

    /** Counts the call if {@link #identify} marked it as one of the six endpoints. */
    void count(Context ctx) {
        String user = ctx.attribute(USER);
        if (user != null) {
            ctx.attribute(REPORT, counters.record(user));
        }
    }

    static UsageCounters.Report report(Context ctx) {
        return ctx.attribute(REPORT);
    }
}
