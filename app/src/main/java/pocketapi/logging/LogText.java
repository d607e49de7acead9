package pocketapi.logging;

import java.net.URI;
import java.util.List;

/**
 * Makes text that came from outside (a mirror's file, header or error) safe for one log line: control, format and
 * separator characters (ESC, CR, LF, NUL, U+2028, bidi overrides ...) are written as {@code \}{@code uXXXX}, and the
 * text is cut to a length. Stateless.
 */
public final class LogText {
    /** The length a mirror-supplied value is cut to in a log line or an error message. */
    public static final int SHORT = 80;
    /** The length a whole outcome line of a mirror is cut to. */
    public static final int LINE = 600;

    private LogText() {}

    /** {@code text} with every unsafe character escaped, cut to {@code max} characters (with "…"). */
    public static String safe(String text, int max) {
        if (text == null) {
            return "null";
        }
        StringBuilder out = new StringBuilder(Math.min(text.length(), max) + 8);
        for (int i = 0; i < text.length(); ) {
            int cp = text.codePointAt(i);
            i += Character.charCount(cp);
            if (out.length() >= max) {
                return out.append('…').toString();
            }
            if (unsafe(cp)) {
                out.append(String.format("\\u%04X", cp));
            } else {
                out.appendCodePoint(cp);
            }
        }
        return out.toString();
    }

    /** The first {@code max} items, comma-separated, then how many more: {@code 2027-01-01, 2027-10-01 and 3 more}. */
    public static String first(List<?> items, int max) {
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < Math.min(items.size(), max); i++) {
            out.append(i == 0 ? "" : ", ").append(items.get(i));
        }
        return out + (items.size() > max ? " and " + (items.size() - max) + " more" : "");
    }

    /** Whether a character may not appear as itself in a log line, a calendar feed or a name. */
    public static boolean unsafe(int codePoint) {
        int type = Character.getType(codePoint);
        return type == Character.CONTROL
                || type == Character.FORMAT
                || type == Character.LINE_SEPARATOR
                || type == Character.PARAGRAPH_SEPARATOR
                || type == Character.SURROGATE
                || type == Character.UNASSIGNED;
    }

    /** The hosts of {@code urls} (with their port when one is given), for a log line: never a path or a secret. */
    public static String hosts(List<URI> urls) {
        List<String> hosts = new java.util.ArrayList<>();
        for (URI url : urls) {
            hosts.add(url.getPort() < 0 ? url.getHost() : url.getHost() + ":" + url.getPort());
        }
        return String.join(", ", hosts);
    }

    /** An interval as people write it: {@code 6 h}, {@code 90 min}, {@code 10 s}, {@code 200 ms}. */
    public static String duration(java.time.Duration d) {
        if (d.toMillis() % 1000 != 0) {
            return d.toMillis() + " ms";
        }
        long s = d.toSeconds();
        return s % 3600 == 0 ? s / 3600 + " h" : s % 60 == 0 ? s / 60 + " min" : s + " s";
    }
}
