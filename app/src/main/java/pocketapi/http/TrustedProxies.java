package pocketapi.http;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * The peers whose {@code CF-Connecting-IP} and {@code X-Forwarded-For} headers are believed
 * ({@code TRUSTED_PROXIES}): addresses and CIDR ranges, IPv4 and IPv6. An IPv4 address written as
 * IPv6 ({@code ::ffff:127.0.0.1}) is the IPv4 address. Immutable and thread-safe.
 */
public final class TrustedProxies {
    private static final Pattern IPV4 = Pattern.compile("\\d{1,3}(\\.\\d{1,3}){3}");
    private static final Pattern IPV6 = Pattern.compile("[0-9A-Fa-f:.]*:[0-9A-Fa-f:.]*");

    /** One range: the first {@code bits} bits of {@code network}. */
    private record Range(byte[] network, int bits) {
        boolean contains(byte[] address) {
            if (address.length != network.length) {
                return false;
            }
            int whole = bits / 8;
            for (int i = 0; i < whole; i++) {
                if (address[i] != network[i]) {
                    return false;
                }
            }
            int rest = bits % 8;
            int mask = (0xFF << (8 - rest)) & 0xFF;
            return rest == 0 || (address[whole] & mask) == (network[whole] & mask);
        }
    }

    private final List<Range> ranges;
    private final String text;

    private TrustedProxies(List<Range> ranges, String text) {
        this.ranges = List.copyOf(ranges);
        this.text = text;
    }

    /** No proxy is listed: every peer's headers are believed, as the specification has it. */
    public static TrustedProxies unset() {
        return new TrustedProxies(List.of(), "");
    }

    /**
     * Parses {@code 127.0.0.1/32,::1/128,10.0.0.0/8,192.0.2.7}.
     *
     * @throws IllegalArgumentException naming the entry that is not an address or range
     */
    public static TrustedProxies parse(String text) {
        List<Range> ranges = new ArrayList<>();
        for (String part : text.split(",", -1)) {
            String entry = part.strip();
            int slash = entry.indexOf('/');
            String address = slash < 0 ? entry : entry.substring(0, slash);
            byte[] bytes = literal(address);
            if (bytes == null) {
                throw new IllegalArgumentException("\"" + entry + "\" is not an IP address or CIDR range");
            }
            int bits = bytes.length * 8;
            if (slash >= 0) {
                String prefix = entry.substring(slash + 1);
                if (!prefix.matches("\\d{1,3}") || Integer.parseInt(prefix) > bytes.length * 8) {
                    throw new IllegalArgumentException("\"" + entry + "\" has a bad prefix length");
                }
                bits = Integer.parseInt(prefix);
            }
            ranges.add(new Range(bytes, bits));
        }
        return new TrustedProxies(ranges, text.strip());
    }

    /** The bytes of an IP literal (4 or 16), or null; never a DNS lookup. */
    private static byte[] literal(String address) {
        String a = address.startsWith("[") && address.endsWith("]") ? address.substring(1, address.length() - 1) : address;
        if (!IPV4.matcher(a).matches() && !IPV6.matcher(a).matches()) {
            return null;
        }
        if (IPV4.matcher(a).matches()) {
            for (String octet : a.split("\\.")) {
                if (Integer.parseInt(octet) > 255) {
                    return null;
                }
            }
        }
        try {
            return InetAddress.getByName(a).getAddress();  // a literal: parsed, not looked up
        } catch (UnknownHostException e) {
            return null;
        }
    }

    /** Whether any proxy is listed. */
    public boolean isSet() {
        return !ranges.isEmpty();
    }

    /**
     * Who a connection's peer stands for: null when it is a listed proxy (the client is then the one
     * its forwarding headers name), else the peer's own address.
     *
     * @param peer an IP literal, as the connection gives it (no lookup is made)
     */
    public String direct(String peer) {
        try {
            InetAddress address = InetAddress.getByName(peer);
            return contains(address) ? null : address.getHostAddress();
        } catch (java.net.UnknownHostException e) {
            return peer;
        }
    }

    /** Whether the connection's peer is a listed proxy. */
    public boolean contains(InetAddress peer) {
        byte[] address = peer.getAddress();
        for (Range range : ranges) {
            if (range.contains(address)) {
                return true;
            }
        }
        return false;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof TrustedProxies other && other.text.equals(text);
    }

    @Override
    public int hashCode() {
        return text.hashCode();
    }

    @Override
    public String toString() {
        return text.isEmpty() ? "(unset)" : text;
    }
}
