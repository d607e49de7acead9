package pocketapi.web;

import io.javalin.http.Context;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One line per request when {@code ACCESS_LOG=true}: {@code 203.0.113.4 GET /api/holidays?type=alarm 200 0.4ms
 * user="203.0.113.4"}. Every field a client can write is escaped: a control character (CR, LF, NEL), a line or
 * paragraph separator or any other non-ASCII character becomes {@code \}{@code uXXXX}, so no log viewer can be made to
 * show a forged entry. Stateless.
 */
final class AccessLog {
    private static final Logger LOG = LoggerFactory.getLogger("access");
    private static final char[] HEX = "0123456789abcdef".toCharArray();

    private AccessLog() {}

    static void log(Context ctx, float ms, String user) {
        String query = ctx.queryString();
        LOG.info(
                "{} {} {}{} {} {}ms user=\"{}\"",
                escape(ctx.ip()),
                escape(ctx.method().name()),
                escape(ctx.path()),
                query == null ? "" : "?" + escape(query),
                ctx.statusCode(),
                Math.round(ms * 10) / 10.0,
                escape(user).replace("\"", "\\u0022"));
    }

    /**
     * Printable ASCII as it is, everything else as {@code \}{@code uXXXX} (a backslash too, so the escape is
     * unambiguous).
     */
    static String escape(String text) {
        StringBuilder out = null;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            boolean plain = c >= 0x20 && c < 0x7f && c != '\\';
            if (!plain && out == null) {
                out = new StringBuilder(text.length() + 16).append(text, 0, i);
            }
            if (out != null) {
                if (plain) {
                    out.append(c);
                } else {
                    out.append("\\u")
                            .append(HEX[c >> 12 & 0xF])
                            .append(HEX[c >> 8 & 0xF])
                            .append(HEX[c >> 4 & 0xF])
                            .append(HEX[c & 0xF]);
                }
            }
        }
        return out == null ? text : out.toString();
    }
}
