package pocketapi.web;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.regex.Pattern;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.server.Handler;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.util.Callback;
import org.eclipse.jetty.util.InetAddressSet;

/**
 * Works out who each request is ({@link Caller}), once, and hands it on as the request's {@link #CALLER}: the user id
 * {@code /api/info} counts is {@code CF-Connecting-IP}, else the first {@code X-Forwarded-For} entry, trimmed, read as
 * UTF-8, cut to 128 characters, else {@code unknown}; with {@code TRUSTED_PROXIES} (Jetty's {@link InetAddressSet})
 * those headers count only from a listed peer, and from any other the id is the peer's address. A caller whose address
 * (the user id when it is an IP address, the peer's when the id is {@code unknown}) is in {@code STATS_IGNORE}, or who
 * sends {@code X-Pocketapi-Page: 1} ({@link #PAGE}), is answered but not counted. Its {@code User-Agent} goes with it
 * (the counters tell crawlers by it). Thread-safe.
 */
final class Callers extends Handler.Wrapper {
    /** The request attribute that holds the {@link Caller}. */
    static final String CALLER = "pocketapi.caller";

    /**
     * The header the service's own page sends with its calls, {@code X-Pocketapi-Page: 1}, which are then not counted:
     * a page view would otherwise add five calls. A web page of another site cannot send it (a header of its own needs
     * CORS's preflight, which is 405 here), so only this page, or a client that asks not to be counted, is left out.
     */
    public static final String PAGE = "X-Pocketapi-Page";

    private static final Pattern IP_LITERAL =
            Pattern.compile("[0-9]{1,3}(\\.[0-9]{1,3}){3}|\\[?[0-9A-Fa-f:.]*:[0-9A-Fa-f:.%\\w]*]?");

    /** Null when TRUSTED_PROXIES is unset: every peer's headers are believed, as the specification has it. */
    private final InetAddressSet trusted;
    /** STATS_IGNORE; null when unset. */
    private final InetAddressSet ignored;

    /**
     * @param trustedProxies TRUSTED_PROXIES, {@code ignore} STATS_IGNORE, as the configuration checked them: IP
     *     literals and CIDR ranges
     */
    Callers(List<String> trustedProxies, List<String> ignore) {
        this.trusted = set(trustedProxies);
        this.ignored = set(ignore);
    }

    private static InetAddressSet set(List<String> entries) {
        InetAddressSet set = entries.isEmpty() ? null : new InetAddressSet();
        entries.forEach(entry -> set.add(entry));
        return set;
    }

    @Override
    public boolean handle(Request request, Response response, Callback callback) throws Exception {
        Caller caller = caller(
                Request.getRemoteAddr(request),
                request.getHeaders().get("CF-Connecting-IP"),
                request.getHeaders().get(HttpHeader.X_FORWARDED_FOR),
                request.getHeaders().get(HttpHeader.USER_AGENT));
        if (caller.counted() && "1".equals(request.getHeaders().get(PAGE))) {
            caller = new Caller(caller.user(), caller.client(), caller.via(), false, caller.agent());
        }
        request.setAttribute(CALLER, caller);
        return super.handle(request, response, callback);
    }

    /** Who a request from {@code peer} with these headers is (and no User-Agent). */
    Caller caller(String peer, String cfConnectingIp, String xForwardedFor) {
        return caller(peer, cfConnectingIp, xForwardedFor, null);
    }

    /** Who a request from {@code peer} with these headers is. */
    Caller caller(String peer, String cfConnectingIp, String xForwardedFor, String agent) {
        if (trusted == null && ignored == null) { // the common case: no address to read
            return new Caller(userId(cfConnectingIp, xForwardedFor), peer, null, true, agent);
        }
        InetAddress address = literal(peer);
        String user;
        String client = peer;
        String via = null;
        if (trusted == null) {
            user = userId(cfConnectingIp, xForwardedFor);
        } else if (address == null || !trusted.test(address)) {
            user = client = address == null ? peer : address.getHostAddress();
        } else {
            user = client = userId(cfConnectingIp, xForwardedFor);
            via = peer;
        }
        boolean counted = ignored == null || !ignored.test(user.equals("unknown") ? address : literal(user));
        return new Caller(user, client, via, counted, agent);
    }

    /** An IP address as written (never looked up), or null when {@code text} is not one. */
    static InetAddress literal(String text) {
        if (text == null || !IP_LITERAL.matcher(text).matches()) {
            return null;
        }
        try {
            return InetAddress.getByName(text);
        } catch (UnknownHostException e) {
            return null; // a literal the pattern let through that is no address after all: not an address
        }
    }

    /**
     * {@code CF-Connecting-IP}, else the first {@code X-Forwarded-For} entry, trimmed, as UTF-8, at most 128
     * characters; else {@code unknown}.
     */
    static String userId(String cfConnectingIp, String xForwardedFor) {
        String id = cfConnectingIp == null ? "" : cfConnectingIp.strip();
        if (id.isEmpty() && xForwardedFor != null) {
            int comma = xForwardedFor.indexOf(',');
            id = (comma < 0 ? xForwardedFor : xForwardedFor.substring(0, comma)).strip();
        }
        if (id.isEmpty()) {
            return "unknown";
        }
        id = utf8(id);
        if (id.length() > 128) {
            id = id.substring(0, Character.isHighSurrogate(id.charAt(127)) ? 127 : 128);
        }
        return id;
    }

    /** A header Jetty read as Latin-1, as the UTF-8 its bytes are (when they are: else as it came). */
    private static String utf8(String latin1) {
        for (int i = 0; i < latin1.length(); i++) {
            if (latin1.charAt(i) >= 0x80) {
                try {
                    return StandardCharsets.UTF_8
                            .newDecoder()
                            .decode(ByteBuffer.wrap(latin1.getBytes(StandardCharsets.ISO_8859_1)))
                            .toString();
                } catch (CharacterCodingException e) {
                    return latin1; // not UTF-8: the id as the bytes came
                }
            }
        }
        return latin1;
    }
}
