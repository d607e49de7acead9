package pocketapi.http;

import io.javalin.http.Context;
import pocketapi.stats.UsageCounters;

/**
 * Who is calling, and the counting of a call. The user id is taken in the {@code before} step of an
 * endpoint; the call is counted in {@code beforeMatched}, which runs only once a route has matched
 * and before its handler, so 404 and 405 are never counted and {@code /api/info} sees itself.
 */
final class Counting {
    static final int MAX_ID_LENGTH = 128;
    private static final String USER = "pocketapi.user";
    private static final String REPORT = "pocketapi.report";

    private Counting() {
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

    private static String trimmed(String value) {
        if (value == null) {
            return null;
        }
        String v = value.strip();
        return v.isEmpty() ? null : v;
    }

    static void identify(Context ctx) {
        ctx.attribute(USER, userId(ctx.header("CF-Connecting-IP"), ctx.header("X-Forwarded-For")));
    }

    /** Counts the call if {@link #identify} marked it as one of the six endpoints. */
    static void count(Context ctx, UsageCounters counters) {
        String user = ctx.attribute(USER);
        if (user != null) {
            ctx.attribute(REPORT, counters.record(user));
        }
    }

    static UsageCounters.Report report(Context ctx) {
        return ctx.attribute(REPORT);
    }
}
