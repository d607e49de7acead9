package pocketapi.http;

import java.nio.charset.StandardCharsets;
import java.time.LocalDate;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;

import pocketapi.LogText;
import pocketapi.holiday.Break;

/**
 * An RFC 5545 calendar of breaks: one all-day event per break ({@code DTEND} is the day after the
 * last day off) and one per make-up working day, with Apple's {@code X-APPLE-SPECIAL-DAY}, so
 * iPhones mark 休 and 班. UIDs come from the dates, so importing the feed again never duplicates
 * an event; {@code DTSTAMP} is 1 January (UTC) of the notice's year, so the same data always gives
 * the same bytes (and ETag) on every instance and after every restart. CRLF line ends, lines
 * folded at 75 octets. Stateless.
 */
final class IcsFeed {
    static final String TYPE = "text/calendar; charset=utf-8";
    private static final DateTimeFormatter DATE = DateTimeFormatter.BASIC_ISO_DATE;

    private IcsFeed() {
    }

    static byte[] render(List<Break> breaks, String description) {
        List<String> lines = new ArrayList<>(List.of(
                "BEGIN:VCALENDAR",
                "VERSION:2.0",
                "PRODID:-//pocketapi//Chinese public holidays//ZH",
                // No METHOD: that is iTIP's (RFC 5546, scheduling), not a published feed's.
                "CALSCALE:GREGORIAN",
                "X-WR-CALNAME:" + text("中国法定节假日"),
                "X-WR-CALDESC:" + text(description),
                "REFRESH-INTERVAL;VALUE=DURATION:PT12H",
                "X-PUBLISHED-TTL:PT12H"));
        for (Break b : breaks) {
            String stamp = "DTSTAMP:" + b.year() + "0101T000000Z";
            List<String> makeUp = b.makeUpDays().stream().map(LocalDate::toString).toList();
            lines.addAll(List.of(
                    "BEGIN:VEVENT",
                    "UID:off-" + DATE.format(b.start()) + "@pocketapi",
                    stamp,
                    "DTSTART;VALUE=DATE:" + DATE.format(b.start()),
                    "DTEND;VALUE=DATE:" + DATE.format(b.end().plusDays(1)),
                    "SUMMARY:" + text(b.name() + "（休）"),
                    "DESCRIPTION:" + text(b.name() + "放假 " + b.days() + " 天：" + b.start() + " 至 " + b.end()
                            + (makeUp.isEmpty() ? "，不调休。" : "；调休上班：" + String.join("、", makeUp) + "。")),
                    "CATEGORIES:" + text("放假"),
                    "TRANSP:TRANSPARENT",
                    "X-APPLE-SPECIAL-DAY:WORK-HOLIDAY",
                    "END:VEVENT"));
            for (LocalDate day : b.makeUpDays()) {
                lines.addAll(List.of(
                        "BEGIN:VEVENT",
                        "UID:work-" + DATE.format(day) + "@pocketapi",
                        stamp,
                        "DTSTART;VALUE=DATE:" + DATE.format(day),
                        "DTEND;VALUE=DATE:" + DATE.format(day.plusDays(1)),
                        "SUMMARY:" + text(b.name() + "调休（班）"),
                        "DESCRIPTION:" + text(b.name() + "调休，这一天上班。"),
                        "CATEGORIES:" + text("调休上班"),
                        "TRANSP:TRANSPARENT",
                        "X-APPLE-SPECIAL-DAY:ALTERNATE-WORKDAY",
                        "END:VEVENT"));
            }
        }
        lines.add("END:VCALENDAR");
        StringBuilder out = new StringBuilder();
        for (String line : lines) {
            fold(line, out);
        }
        return out.toString().getBytes(StandardCharsets.UTF_8);
    }

    /**
     * TEXT value escaping (RFC 5545 §3.3.11): a line feed as {@code \n}; any other control or format
     * character (a CR would split the content line) is dropped, as RFC 5545 allows none in TEXT.
     */
    static String text(String value) {
        StringBuilder out = new StringBuilder(value.length() + 8);
        for (int i = 0; i < value.length(); ) {
            int cp = value.codePointAt(i);
            i += Character.charCount(cp);
            switch (cp) {
                case '\\' -> out.append("\\\\");
                case ';' -> out.append("\\;");
                case ',' -> out.append("\\,");
                case '\n' -> out.append("\\n");
                default -> {
                    if (!LogText.unsafe(cp)) {
                        out.appendCodePoint(cp);
                    }
                }
            }
        }
        return out.toString();
    }

    /**
     * Writes a content line, folded so that no physical line is longer than 75 octets of UTF-8
     * (a continuation starts with one space); a character is never split.
     */
    static void fold(String line, StringBuilder out) {
        int octets = 0;
        for (int i = 0; i < line.length(); ) {
            int cp = line.codePointAt(i);
            int size = cp < 0x80 ? 1 : cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4;
            if (octets + size > 75) {
                out.append("\r\n ");
                octets = 1;
            }
            out.appendCodePoint(cp);
            octets += size;
            i += Character.charCount(cp);
        }
        out.append("\r\n");
    }
}
