package pocketapi.holidays;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.time.LocalDate;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import pocketapi.logging.LogText;

/**
 * An RFC 5545 calendar of breaks: one all-day event per break ({@code DTEND} is the day after the last day off) and one
 * per make-up working day, with Apple's {@code X-APPLE-SPECIAL-DAY}, so iPhones mark 休 and 班; a break's description
 * names its statutory holidays (法定节假日). A {@link Variant} keeps to days off or make-up days, adds a reminder to each
 * make-up day (a time before noon: that morning; from noon: the evening before), or speaks English. UIDs come from the
 * dates (and the variant, where the event differs), so importing a feed again never duplicates an event;
 * {@code DTSTAMP} is 1 January (UTC) of the notice's year, so the same data always gives the same bytes (and ETag) on
 * every instance and after every restart. CRLF line ends, lines folded at 75 octets. A feed's {@link Parts} are
 * rendered once per calendar, years and language; a variant only assembles them, so asking for many variants costs
 * little more than asking for one. Stateless.
 */
final class IcsFeed {
    static final String TYPE = "text/calendar; charset=utf-8";
    private static final DateTimeFormatter DATE = DateTimeFormatter.BASIC_ISO_DATE;

    private IcsFeed() {}

    /** Which events a feed has. */
    enum Only {
        ALL,
        OFF,
        WORK
    }

    /** One variant of the feed. */
    record Variant(Only only, int remind, boolean english) {
        /** What sets this variant's events apart from the default feed's, in their UIDs. */
        String uid(boolean makeUpDay) {
            String en = english ? "-en" : "";
            return makeUpDay && remind >= 0
                    ? en + "-r" + (remind / 600) + (remind / 60 % 10) + (remind % 60 / 10) + (remind % 10)
                    : en;
        }
    }

    /**
     * What a feed holds whatever its {@link Variant#only} and {@link Variant#remind}: its three headers and its events,
     * rendered and folded once per calendar, years and language, so that a variant is only put together
     * ({@link #feed}).
     */
    record Parts(List<byte[]> headers, List<Event> events, String tag) {}

    /**
     * One event: its UID without the variant's part ({@code off-20261001}), its lines after the UID, and for a make-up
     * day the reminder's text for a morning and for an evening alarm.
     */
    record Event(boolean makeUp, String uid, byte[] lines, byte[] morning, byte[] evening) {}

    /**
     * @param tag what sets a calendar's events apart in their UIDs ({@code ""}: the official calendar)
     * @param chosen how the calendar was chosen, for its name ({@code week=6}, {@code calendar=acme}; {@code ""}:
     *     official)
     */
    static Parts parts(List<Break> breaks, String years, boolean en, String tag, String chosen, Region region) {
        List<byte[]> headers = new ArrayList<>();
        String[] texts = region.feed(en, years);
        for (Only only : Only.values()) {
            String calendarName =
                    texts[only.ordinal()] + (chosen.isEmpty() ? "" : en ? " (" + chosen + ")" : "（" + chosen + "）");
            headers.add(lines(
                    "BEGIN:VCALENDAR",
                    "VERSION:2.0",
                    "PRODID:-//pocketapi//Chinese public holidays//" + (en ? "EN" : "ZH"),
                    // No METHOD: that is iTIP's (RFC 5546, scheduling), not a published feed's.
                    "CALSCALE:GREGORIAN",
                    "X-WR-CALNAME:" + text(calendarName),
                    "X-WR-CALDESC:" + text(texts[3]),
                    "REFRESH-INTERVAL;VALUE=DURATION:PT12H",
                    "X-PUBLISHED-TTL:PT12H"));
        }
        List<Event> events = new ArrayList<>();
        Region.Words words = region.words();
        for (Break b : breaks) {
            String stamp = "DTSTAMP:" + b.year() + "0101T000000Z";
            String name = en ? Festival.english(b.name()) : b.name();
            List<String> makeUp =
                    b.makeUpDays().stream().map(LocalDate::toString).toList();
            events.add(new Event(
                    false,
                    "off-" + DATE.format(b.start()),
                    event(
                            stamp,
                            b.start(),
                            b.end(),
                            en ? name + " (day off)" : name + "（休）",
                            en
                                    ? name + ": " + b.days() + (b.days() == 1 ? " day" : " days") + " off, " + b.start()
                                            + " to "
                                            + b.end() + statutory(b, true, words)
                                            + (makeUp.isEmpty()
                                                    ? "; no make-up working day."
                                                    : (makeUp.size() == 1
                                                                    ? "; make-up working day: "
                                                                    : "; make-up working days: ")
                                                            + String.join(", ", makeUp) + ".")
                                    : name + "放假 " + b.days() + " 天：" + b.start() + " 至 " + b.end()
                                            + statutory(b, false, words)
                                            + (makeUp.isEmpty()
                                                    ? words.noMakeUp()
                                                    : "；" + words.makeUpDay() + "：" + String.join("、", makeUp) + "。"),
                            en ? "Day off" : "放假",
                            "WORK-HOLIDAY"),
                    null,
                    null));
            for (LocalDate day : b.makeUpDays()) {
                events.add(new Event(
                        true,
                        "work-" + DATE.format(day),
                        event(
                                stamp,
                                day,
                                day,
                                en ? name + ": make-up working day" : name + region.makeUp() + "（班）",
                                en
                                        ? "A working day in exchange for the " + name + " break."
                                        : name + region.makeUp() + words.dayWorked(),
                                en ? "Make-up working day" : words.makeUpDay(),
                                "ALTERNATE-WORKDAY"),
                        lines("DESCRIPTION:"
                                + text(
                                        en
                                                ? "Today is a make-up working day (" + name + ")"
                                                : "今天" + words.makeUpDay() + "（" + name + "）")),
                        lines("DESCRIPTION:"
                                + text(
                                        en
                                                ? "Tomorrow is a make-up working day (" + name + ")"
                                                : "明天" + words.makeUpDay() + "（" + name + "）"))));
            }
        }
        return new Parts(List.copyOf(headers), List.copyOf(events), tag.isEmpty() ? "" : "-" + tag);
    }

    /** One variant of a feed, put together from its parts. */
    static byte[] feed(Parts parts, Variant v) {
        ByteArrayOutputStream out = new ByteArrayOutputStream(16 * 1024);
        out.writeBytes(parts.headers().get(v.only().ordinal()));
        for (Event e : parts.events()) {
            if (e.makeUp() ? v.only() == Only.OFF : v.only() == Only.WORK) {
                continue;
            }
            out.writeBytes(BEGIN_EVENT);
            out.writeBytes(lines("UID:" + e.uid() + v.uid(e.makeUp()) + parts.tag() + "@pocketapi"));
            out.writeBytes(e.lines());
            if (e.makeUp() && v.remind() >= 0) {
                out.writeBytes(BEGIN_ALARM);
                out.writeBytes(morning(v.remind()) ? e.morning() : e.evening());
                // From the all-day event's start (midnight, floating): that morning, or the evening before.
                out.writeBytes(lines(
                        "TRIGGER;RELATED=START:"
                                + (morning(v.remind())
                                        ? "PT" + duration(v.remind())
                                        : "-PT" + duration(24 * 60 - v.remind())),
                        "END:VALARM"));
            }
            out.writeBytes(END_EVENT);
        }
        out.writeBytes(END_CALENDAR);
        return out.toByteArray();
    }

    private static final byte[] BEGIN_EVENT = lines("BEGIN:VEVENT");
    private static final byte[] END_EVENT = lines("END:VEVENT");
    private static final byte[] BEGIN_ALARM = lines("BEGIN:VALARM", "ACTION:DISPLAY");
    private static final byte[] END_CALENDAR = lines("END:VCALENDAR");

    /** An all-day event's lines after its UID, from {@code first} to {@code last}. */
    private static byte[] event(
            String stamp,
            LocalDate first,
            LocalDate last,
            String summary,
            String description,
            String category,
            String appleDay) {
        return lines(
                stamp,
                "DTSTART;VALUE=DATE:" + DATE.format(first),
                "DTEND;VALUE=DATE:" + DATE.format(last.plusDays(1)),
                "SUMMARY:" + text(summary),
                "DESCRIPTION:" + text(description),
                "CATEGORIES:" + text(category),
                "TRANSP:TRANSPARENT",
                "X-APPLE-SPECIAL-DAY:" + appleDay);
    }

    /** Content lines, folded, as UTF-8. */
    private static byte[] lines(String... lines) {
        StringBuilder out = new StringBuilder();
        for (String line : lines) {
            fold(line, out);
        }
        return out.toString().getBytes(StandardCharsets.UTF_8);
    }

    /** A reminder before noon is a wake-up call that morning; from noon on, one the evening before. */
    static boolean morning(int minutes) {
        return minutes < 12 * 60;
    }

    /** {@code ；其中法定节假日：2026-02-16、2026-02-17} / {@code ; statutory holidays: ...}, or nothing. */
    private static String statutory(Break b, boolean english, Region.Words words) {
        if (b.statutory().isEmpty()) {
            return "";
        }
        List<String> dates = b.statutory().stream().map(LocalDate::toString).toList();
        return english
                ? "; statutory " + (dates.size() == 1 ? "holiday: " : "holidays: ") + String.join(", ", dates)
                : "；其中" + words.statutory() + "：" + String.join("、", dates);
    }

    /** Minutes as the time part of an RFC 5545 duration: {@code 4H}, {@code 3H30M}, {@code 45M}. */
    private static String duration(int minutes) {
        int h = minutes / 60;
        int m = minutes % 60;
        return (h > 0 ? h + "H" : "") + (m > 0 || h == 0 ? m + "M" : "");
    }

    /**
     * TEXT value escaping (RFC 5545 §3.3.11): a line feed as {@code \n}; any other control or format character (a CR
     * would split the content line) is dropped, as RFC 5545 allows none in TEXT.
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
     * Writes a content line, folded so that no physical line is longer than 75 octets of UTF-8 (a continuation starts
     * with one space); a character is never split.
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
