package pocketapi.pictures;

import java.nio.charset.StandardCharsets;

/**
 * Percent-encodes a relative path segment by segment: every byte of the UTF-8 form that is not an RFC 3986 unreserved
 * character becomes {@code %XX}; {@code /} between segments is kept.
 */
final class PathEncoding {
    private static final char[] HEX = "0123456789ABCDEF".toCharArray();

    private PathEncoding() {}

    static String encode(String path) {
        StringBuilder out = new StringBuilder(path.length() + 16);
        for (byte b : path.getBytes(StandardCharsets.UTF_8)) {
            int c = b & 0xFF;
            if (isUnreserved(c) || c == '/') {
                out.append((char) c);
            } else {
                out.append('%').append(HEX[c >> 4]).append(HEX[c & 0xF]);
            }
        }
        return out.toString();
    }

    /** How long {@link #encode} makes the path whose UTF-8 bytes are given, without making it. */
    static int length(byte[] utf8) {
        int length = 0;
        for (byte b : utf8) {
            int c = b & 0xFF;
            length += isUnreserved(c) || c == '/' ? 1 : 3;
        }
        return length;
    }

    private static boolean isUnreserved(int c) {
        return (c >= 'A' && c <= 'Z')
                || (c >= 'a' && c <= 'z')
                || (c >= '0' && c <= '9')
                || c == '-'
                || c == '.'
                || c == '_'
                || c == '~';
    }
}
