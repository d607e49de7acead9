package pocketapi.http;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.util.List;

import org.eclipse.jetty.util.InetAddressSet;

/**
 * Who a request is, worked out once per request (by {@link FrontDoor}, which hands it on as the request's
 * {@link #ATTRIBUTE}): the user id {@code /api/info} counts, and the client the fair share of threads
 * counts. The user id is {@code CF-Connecting-IP}, else the first {@code X-Forwarded-For} entry,
 * trimmed, read as UTF-8, cut to 128 characters, else {@code unknown}; with {@code TRUSTED_PROXIES}
 * (Jetty's {@link InetAddressSet}: addresses and CIDR ranges) those headers count only from a listed
 * peer, and from any other the id is the peer's address. Immutable and thread-safe.
 */
final class Callers {
    /** The request attribute that holds the {@link Caller}. */
    static final String ATTRIBUTE = "pocketapi.caller";

    /**
     * One request's caller.
     *
     * @param user   the id {@code /api/info} counts and shows
     * @param client whom the fair share counts: the peer, or behind a trusted proxy the client it forwards
     * @param via    the trusted proxy it came through, or null
     */
    record Caller(String user, String client, String via) {
    }

    /** Null when TRUSTED_PROXIES is unset: every peer's headers are believed, as the specification has it. */
    private final InetAddressSet trusted;

    /** @param trustedProxies TRUSTED_PROXIES as the configuration checked it (Config: IP literals and CIDR ranges) */
    Callers(List<String> trustedProxies) {
        this.trusted = trustedProxies.isEmpty() ? null : new InetAddressSet();
        trustedProxies.forEach(entry -> trusted.add(entry));
    }

    Caller of(String peer, String cfConnectingIp, String xForwardedFor) {
        if (trusted == null) {
            return new Caller(userId(cfConnectingIp, xForwardedFor), peer, null);
        }
        try {
            InetAddress address = InetAddress.getByName(peer);  // a literal: parsed, not looked up
            if (!trusted.test(address)) {
                return new Caller(address.getHostAddress(), address.getHostAddress(), null);
            }
        } catch (UnknownHostException e) {
            return new Caller(peer, peer, null);
        }
        String user = userId(cfConnectingIp, xForwardedFor);
        return new Caller(user, user, peer);
    }

    /** {@code CF-Connecting-IP}, else the first {@code X-Forwarded-For} entry, trimmed, as UTF-8, at most 128 characters; else {@code unknown}. */
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
                    return StandardCharsets.UTF_8.newDecoder().decode(ByteBuffer.wrap(latin1.getBytes(StandardCharsets.ISO_8859_1)))
                            .toString();
                } catch (CharacterCodingException e) {
                    return latin1;
                }
            }
        }
        return latin1;
    }
}
