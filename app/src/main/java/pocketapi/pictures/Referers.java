package pocketapi.pictures;

import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * IMAGE_REFERERS: the sites whose pages may show the pictures ({@code example.com}, or {@code *.example.com} for its
 * subdomains). A request whose {@code Referer} names another host is refused; one without a {@code Referer} (a direct
 * visit, a browser that sends none) and one from the service's own pages are allowed. Unset: every request is.
 * Immutable.
 */
public record Referers(List<String> hosts) {
    /**
     * A URL's host, read leniently (whatever follows it, a query a strict parser refuses included): the scheme, any
     * user info, then the host up to the first {@code / ? # :} (or a backslash, which browsers read as a slash).
     */
    private static final Pattern AUTHORITY =
            Pattern.compile("^[A-Za-z][A-Za-z0-9+.-]*://(?:[^/?#@\\\\]*@)?" + "(\\[[0-9A-Fa-f:.]*]|[^/?#:@\\\\]+)");

    /** Whether a request with this {@code Referer} (may be null) and {@code Host} may have a picture. */
    public boolean allows(String referer, String ownHost) {
        if (hosts.isEmpty() || referer == null || referer.isBlank()) {
            return true;
        }
        Matcher m = AUTHORITY.matcher(referer.strip());
        if (!m.find()) {
            return false;
        }
        String host = m.group(1).toLowerCase(Locale.ROOT).replaceFirst("\\.$", ""); // example.com. is example.com
        if (ownHost != null && host.equals(ownHost.replaceFirst(":[0-9]+$", "").toLowerCase(Locale.ROOT))) {
            return true;
        }
        for (String allowed : hosts) {
            if (allowed.startsWith("*.") ? host.endsWith(allowed.substring(1)) : host.equals(allowed)) {
                return true;
            }
        }
        return false;
    }

    @Override
    public String toString() {
        return String.join(", ", hosts);
    }
}
