package pocketapi.stats;

import java.net.URI;
import java.net.URISyntaxException;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.Optional;

/**
 * Where the shared counters live: {@code redis://[user:password@]host[:port][/db]}, or
 * {@code rediss://} for TLS. {@link #toString} never shows the password. Immutable.
 *
 * @param user     the ACL user, empty for the default user
 * @param password empty when Redis asks for none
 */
public record RedisTarget(String host, int port, Optional<String> user, Optional<String> password, int database,
                          boolean tls) {

    /** @throws IllegalArgumentException saying what is wrong */
    public static RedisTarget parse(String url) {
        URI uri;
        try {
            uri = new URI(url.strip());
        } catch (URISyntaxException e) {
            throw new IllegalArgumentException("not a URL");
        }
        String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
        if (!scheme.equals("redis") && !scheme.equals("rediss")) {
            throw new IllegalArgumentException("the scheme must be redis:// or rediss://");
        }
        if (uri.getHost() == null || uri.getHost().isEmpty()) {
            throw new IllegalArgumentException("a host is missing");
        }
        if (uri.getRawQuery() != null || uri.getRawFragment() != null) {
            throw new IllegalArgumentException("no query or fragment is accepted");
        }
        if (uri.getPort() == 0 || uri.getPort() > 65535 || uri.getPort() < -1) {
            throw new IllegalArgumentException("the port must be from 1 to 65535");
        }
        String path = uri.getRawPath() == null ? "" : uri.getRawPath();
        int database = 0;
        if (!path.isEmpty() && !path.equals("/")) {
            if (!path.matches("/\\d{1,5}")) {
                throw new IllegalArgumentException("the path must be a database number such as /0");
            }
            database = Integer.parseInt(path.substring(1));
        }
        Optional<String> user = Optional.empty();
        Optional<String> password = Optional.empty();
        if (uri.getRawUserInfo() != null) {
            String info = uri.getRawUserInfo();
            int colon = info.indexOf(':');
            String u = decode(colon < 0 ? info : info.substring(0, colon));
            user = u.isEmpty() ? Optional.empty() : Optional.of(u);
            password = colon < 0 ? Optional.empty() : Optional.of(decode(info.substring(colon + 1)));
            if (colon < 0) {  // redis://secret@host: a password alone, as redis-cli -u reads it
                password = user;
                user = Optional.empty();
            }
        }
        return new RedisTarget(uri.getHost(), uri.getPort() < 0 ? 6379 : uri.getPort(), user, password, database,
                scheme.equals("rediss"));
    }

    private static String decode(String s) {
        return URLDecoder.decode(s.replace("+", "%2B"), StandardCharsets.UTF_8);
    }

    @Override
    public String toString() {
        String auth = password.isPresent() ? user.orElse("") + ":***@" : user.map(u -> u + "@").orElse("");
        String h = host.contains(":") && !host.startsWith("[") ? "[" + host + "]" : host;
        return (tls ? "rediss://" : "redis://") + auth + h + ":" + port + "/" + database;
    }
}
