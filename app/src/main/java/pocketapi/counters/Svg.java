package pocketapi.counters;

import java.util.List;
import java.util.Locale;
import pocketapi.counters.Counters.DayCount;

/** The counters drawn as SVG: the badge, and the landing page's chart of calls per day. Stateless. */
final class Svg {
    /** Verdana's advance widths, in thousandths of an em, of the characters U+0020 to U+007E. */
    private static final short[] VERDANA = {
        351, 393, 458, 818, 635, 1076, 726, 268, 454, 454, 635, 818, 363, 454, 363, 454,
        635, 635, 635, 635, 635, 635, 635, 635, 635, 635, 454, 454, 818, 818, 818, 545,
        1000, 683, 685, 698, 770, 632, 574, 775, 751, 420, 454, 692, 556, 842, 748, 787,
        603, 787, 695, 683, 616, 731, 683, 988, 685, 615, 685, 454, 454, 454, 818, 635,
        635, 600, 623, 520, 623, 595, 351, 623, 632, 274, 344, 591, 274, 972, 632, 606,
        623, 623, 426, 520, 394, 632, 591, 818, 591, 591, 525, 634, 454, 634, 818
    };

    private Svg() {}

    /**
     * The width of {@code text} in Verdana 11 px: ASCII by the font's own widths, a CJK character 11 px, any other 7
     * px.
     */
    static double width(String text) {
        double px = 0;
        for (int i = 0; i < text.length(); ) {
            int c = text.codePointAt(i);
            i += Character.charCount(c);
            px += c >= 0x20 && c <= 0x7e ? VERDANA[c - 0x20] * 11 / 1000.0 : c < 0x20 ? 0 : wide(c) ? 11 : 7;
        }
        return px;
    }

    /** Whether a character takes a whole em: CJK ideographs, kana, hangul, full-width forms. */
    private static boolean wide(int c) {
        return c >= 0x2e80 && c <= 0xa4cf
                || c >= 0xac00 && c <= 0xd7a3
                || c >= 0xf900 && c <= 0xfaff
                || c >= 0xfe30 && c <= 0xfe4f
                || c >= 0xff00 && c <= 0xff60
                || c >= 0xffe0 && c <= 0xffe6
                || c >= 0x20000 && c <= 0x3fffd;
    }

    /** A flat badge in the usual 20 px layout: the label on grey, the message on blue, each 5 px from its edges. */
    static String badge(String label, String message) {
        long lt = Math.round(width(label));
        long mt = Math.round(width(message));
        long lw = lt + 10;
        long w = lw + mt + 10;
        String l = xml(label);
        String m = xml(message);
        return "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" + w + "\" height=\"20\" role=\"img\" aria-label=\""
                + l
                + ": " + m + "\"><title>" + l + ": " + m
                + "</title><linearGradient id=\"s\" x2=\"0\" y2=\"100%\"><stop offset=\"0\" "
                + "stop-color=\"#bbb\" stop-opacity=\".1\"/><stop offset=\"1\" "
                + "stop-opacity=\".1\"/></linearGradient><clipPath "
                + "id=\"r\"><rect width=\"" + w
                + "\" height=\"20\" rx=\"3\" fill=\"#fff\"/></clipPath><g clip-path=\"url(#r)\">"
                + "<rect width=\"" + lw + "\" height=\"20\" fill=\"#555\"/><rect x=\"" + lw + "\" width=\"" + (w - lw)
                + "\" height=\"20\" fill=\"#007ec6\"/><rect width=\"" + w + "\" height=\"20\" fill=\"url(#s)\"/></g><g "
                + "fill=\"#fff\" text-anchor=\"middle\" font-family=\"Verdana,Geneva,DejaVu "
                + "Sans,sans-serif\" font-size=\"11\">"
                + text(lw / 2.0, lt, l) + text(lw + (w - lw) / 2.0, mt, m) + "</g></svg>";
    }

    /** A text with its shadow, centred on {@code x}, fitted to {@code length} pixels. */
    private static String text(double x, long length, String escaped) {
        String at = " x=\"" + number(x) + "\" textLength=\"" + length + "\"";
        return "<text" + at + " y=\"15\" fill=\"#010101\" fill-opacity=\".3\">" + escaped + "</text><text" + at
                + " y=\"14\">" + escaped + "</text>";
    }

    /** {@code days} (oldest first) from the first with a call, keeping at least the last {@code least}. */
    static List<DayCount> sinceFirstCall(List<DayCount> days, int least) {
        int from = 0;
        while (from < days.size() - least && days.get(from).site() == 0) {
            from++;
        }
        return days.subList(from, days.size());
    }

    /**
     * Calls per day as stacked bars, a bar a day by endpoint family (holidays, pictures, info, other, and the calls
     * imported: the page's CSS colours them, in light and dark themes), each day's numbers in its {@code <title>} (with
     * the crawlers' part and the visitors).
     */
    static String chart(List<DayCount> days) {
        long peak = 1;
        for (DayCount d : days) {
            peak = Math.max(peak, d.site());
        }
        double slot = 600.0 / days.size();
        StringBuilder out = new StringBuilder(
                "<svg class=\"chart\" viewBox=\"0 0 600 140\" role=\"img\" aria-label=\"calls per " + "day, the last "
                        + days.size() + " days\"><line class=\"axis\" x1=\"0\" y1=\"120.5\" x2=\"600\" y2=\"120.5\"/>");
        for (int i = 0; i < days.size(); i++) {
            DayCount d = days.get(i);
            String x = number(i * slot);
            out.append("<g><title>")
                    .append(d.date())
                    .append(": ")
                    .append(d.site())
                    .append(" calls · holidays ")
                    .append(d.holidays())
                    .append(" · pictures ")
                    .append(d.pictures())
                    .append(" · info ")
                    .append(d.info())
                    .append(" · other ")
                    .append(d.other())
                    .append(d.imported() > 0 ? " · imported " + d.imported() : "")
                    .append(" · crawlers ")
                    .append(d.bots())
                    .append(" · visitors ")
                    .append(d.visitors())
                    .append("</title><rect class=\"hit\" x=\"")
                    .append(x)
                    .append("\" y=\"0\" width=\"")
                    .append(number(slot))
                    .append("\" height=\"120\"/>");
            long[] parts = {d.holidays(), d.pictures(), d.info(), d.other(), d.imported()};
            String[] names = {"holidays", "pictures", "info", "other", "imported"};
            long below = 0;
            for (int k = 0; k < parts.length; k++) {
                if (parts[k] > 0) {
                    double bottom = 120 - 110.0 * below / peak;
                    double top = 120 - 110.0 * (below + parts[k]) / peak;
                    out.append("<rect class=\"")
                            .append(names[k])
                            .append("\" x=\"")
                            .append(number(i * slot + slot * 0.15))
                            .append("\" y=\"")
                            .append(number(top))
                            .append("\" width=\"")
                            .append(number(slot * 0.7))
                            .append("\" height=\"")
                            .append(number(bottom - top))
                            .append("\"/>");
                    below += parts[k];
                }
            }
            out.append("</g>");
        }
        return out.append("<text x=\"0\" y=\"136\">")
                .append(days.get(0).date())
                .append("</text><text x=\"600\" y=\"136\" " + "text-anchor=\"end\">")
                .append(days.get(days.size() - 1).date())
                .append("</text><text x=\"0\" y=\"9\">")
                .append(peak)
                .append("</text></svg>")
                .toString();
    }

    /**
     * A coordinate to a tenth, without a trailing {@code .0}. A whole or half number (every one of the badge's) is
     * written directly, as the format would write it: the format was some 6 µs of a badge's 14.
     */
    static String number(double v) {
        double twice = v * 2;
        if (Double.doubleToRawLongBits(v) >= 0 && v < 1e15 && twice == Math.rint(twice)) {
            long t = (long) twice;
            return t % 2 == 0 ? Long.toString(t / 2) : t / 2 + ".5";
        }
        return String.format(Locale.ROOT, "%.1f", v).replace(".0", "");
    }

    private static String xml(String text) {
        return text.replace("&", "&amp;")
                .replace("<", "&lt;")
                .replace(">", "&gt;")
                .replace("\"", "&quot;");
    }
}
