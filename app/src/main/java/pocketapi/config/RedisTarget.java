package pocketapi.config;

import java.net.URI;
import java.net.URISyntaxException;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.Optional;

/**
 * Where the shared counters live: {@code redis://[user:password@]host[:port][/db]}, or {@code rediss://} for TLS
 * ({@code redis://secret@host}: a password alone, as redis-cli reads it). {@link #toString} never shows the password.
 * Immutable.
 */
public record RedisTarget(
        String host, int port, Optional<String> user, Optional<String> password, int database, boolean tls) {

    /** @throws IllegalArgumentException saying what is wrong (never repeating the URL: it may hold a password) */
    public static RedisTarget parse(String url) {
        URI uri;
        try {
            uri = new URI(url.strip());
        } catch (URISyntaxException e) {
            throw new IllegalArgumentException("not a URL");
        }
        String scheme = String.valueOf(uri.getScheme()).toLowerCase(Locale.ROOT);
        String path = uri.getRawPath() == null ? "" : uri.getRawPath();
        check(scheme.equals("redis") || scheme.equals("rediss"), "the scheme must be redis:// or rediss://");
        check(uri.getHost() != null && !uri.getHost().isEmpty(), "a host is missing");
        check(uri.getRawQuery() == null && uri.getRawFragment() == null, "no query or fragment is accepted");
        check(uri.getPort() == -1 || uri.getPort() >= 1 && uri.getPort() <= 65535, "the port must be from 1 to 65535");
        check(path.matches("/?|/\\d{1,5}"), "the path must be a database number such as /0");
        String info = uri.getRawUserInfo();
        int colon = info == null ? -1 : info.indexOf(':');
        Optional<String> user = Optional.ofNullable(colon < 0 ? null : decode(info.substring(0, colon)))
                .filter(u -> !u.isEmpty());
        Optional<String> password = Optional.ofNullable(info == null ? null : decode(info.substring(colon + 1)));
        return new RedisTarget(
                uri.getHost(),
                uri.getPort() < 0 ? 6379 : uri.getPort(),
                user,
                password,
                path.length() > 1 ? Integer.parseInt(path.substring(1)) : 0,
                scheme.equals("rediss"));
    }

    private static void check(boolean ok, String problem) {
        if (!ok) {
            throw new IllegalArgumentException(problem);
        }
    }

    private static String decode(String s) {
        return URLDecoder.decode(s.replace("+", "%2B"), StandardCharsets.UTF_8);
    }

    @Override
    public String toString() {
        String auth = password.isPresent()
                ? user.orElse("") + ":***@"
                : user.map(u -> u + "@").orElse("");
        String h = host.contains(":") && !host.startsWith("[") ? "[" + host + "]" : host;
        return (tls ? "rediss://" : "redis://") + auth + h + ":" + port + "/" + database;
    }
}
