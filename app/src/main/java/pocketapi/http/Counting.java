package pocketapi.http;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.net.UnknownHostException;


import io.javalin.http.Context;
import io.javalin.http.Handler;
import pocketapi.stats.Counters;
import pocketapi.stats.Counters.Report;

/**
 * Who is calling, and the counting of calls: one explicit wrapper around the handler of each
 * counted endpoint. Only a request that reaches such a handler is counted (404 and 405 never do),
 * before the handler runs, so a 400 counts and {@code /api/info} sees itself. Thread-safe.
 */
final class Counting {
    static final int MAX_ID_LENGTH = 128;

    private final Counters counters;
    private final TrustedProxies trusted;

    /** A handler that answers with the numbers of its own call (only {@code /api/info}). */
    interface Reporting {
        void handle(Context ctx, Report report) throws Exception;
    }

    Counting(Counters counters, TrustedProxies trusted) {
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
        SocketAddress address = JettyInternals.peer(ctx);
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

    /** Counts each call, then lets {@code handler} answer it. */
    Handler counted(Handler handler) {
        return ctx -> {
            counters.count(userId(ctx));
            handler.handle(ctx);
        };
    }

    /** Counts each call and hands its report to {@code handler}. */
    Handler reporting(Reporting handler) {
        return ctx -> handler.handle(ctx, counters.countAndReport(userId(ctx)));
    }
}
