package pocketapi.http;

import java.nio.charset.StandardCharsets;
import java.time.LocalDate;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;

import pocketapi.util.LogText;
import pocketapi.holiday.Break;
import pocketapi.holiday.Festival;

/**
 * An RFC 5545 calendar of breaks: one all-day event per break ({@code DTEND} is the day after the
 * last day off) and one per make-up working day, with Apple's {@code X-APPLE-SPECIAL-DAY}, so
 * iPhones mark 休 and 班; a break's description names its statutory holidays (法定节假日). A
 * {@link Variant} keeps to days off or make-up days, adds a reminder to each make-up day (a time
 * before noon: that morning; from noon: the evening before), or speaks English. UIDs come from the dates (and the variant,
 * where the event differs), so importing a feed again never duplicates an event; {@code DTSTAMP}
 * is 1 January (UTC) of the notice's year, so the same data always gives the same bytes (and ETag)
 * on every instance and after every restart. CRLF line ends, lines folded at 75 octets. Stateless.
 */
final class IcsFeed {
    static final String TYPE = "text/calendar; charset=utf-8";
    private static final DateTimeFormatter DATE = DateTimeFormatter.BASIC_ISO_DATE;

    private IcsFeed() {
    }

    /** Which events a feed has. */
    enum Only { ALL, OFF, WORK }

    /**
     * One variant of the feed.
     *
     * @param remind the time of day to remind at, in minutes after midnight: before noon that morning,
     *               from noon the evening before; -1: none
     */
    record Variant(Only only, int remind, boolean english) {
        static final Variant DEFAULT = new Variant(Only.ALL, -1, false);

        /** What sets this variant's events apart from the default feed's, in their UIDs. */
        String uid(boolean makeUpDay) {
            return (english ? "-en" : "") + (makeUpDay && remind >= 0 ? String.format("-r%02d%02d", remind / 60, remind % 60) : "");
        }

        String name(String festival) {
            return english ? Festival.english(festival) : festival;
        }
    }

    /**
     * @param tag    what sets a calendar's events apart in their UIDs ({@code ""}: the official calendar)
     * @param chosen how the calendar was chosen, for its name ({@code week=6}, {@code calendar=acme}; {@code ""}: official)
     */
    static byte[] render(List<Break> breaks, String years, Variant v, String tag, String chosen) {
        boolean en = v.english();
        String calendarName = switch (v.only()) {
            case ALL -> en ? "Chinese public holidays" : "中国法定节假日";
            case OFF -> en ? "Chinese public holidays: days off" : "中国法定节假日（休）";
            case WORK -> en ? "Chinese make-up working days" : "中国调休上班日（班）";
        } + (chosen.isEmpty() ? "" : en ? " (" + chosen + ")" : "（" + chosen + "）");
        String uid = tag.isEmpty() ? "" : "-" + tag;
        List<String> lines = new ArrayList<>(List.of(
                "BEGIN:VCALENDAR",
                "VERSION:2.0",
                "PRODID:-//pocketapi//Chinese public holidays//" + (en ? "EN" : "ZH"),
                // No METHOD: that is iTIP's (RFC 5546, scheduling), not a published feed's.
                "CALSCALE:GREGORIAN",
                "X-WR-CALNAME:" + text(calendarName),
                "X-WR-CALDESC:" + text(en ? "The State Council's holiday arrangements for " + years
                        + ": days off and make-up working days. pocketapi"
                        : "国务院办公厅公布的" + years + "年放假安排（休）与调休上班日（班）。pocketapi"),
                "REFRESH-INTERVAL;VALUE=DURATION:PT12H",
                "X-PUBLISHED-TTL:PT12H"));
        for (Break b : breaks) {
            String stamp = "DTSTAMP:" + b.year() + "0101T000000Z";
            String name = v.name(b.name());
            List<String> makeUp = b.makeUpDays().stream().map(LocalDate::toString).toList();
            if (v.only() != Only.WORK) {
                event(lines, "off-" + DATE.format(b.start()) + v.uid(false) + uid, stamp, b.start(), b.end(),
                        en ? name + " (day off)" : name + "（休）", en
                                ? name + ": " + b.days() + (b.days() == 1 ? " day" : " days") + " off, " + b.start()
                                        + " to " + b.end() + statutory(b, true) + (makeUp.isEmpty()
                                        ? "; no make-up working day." : (makeUp.size() == 1 ? "; make-up working day: "
                                        : "; make-up working days: ") + String.join(", ", makeUp) + ".")
                                : name + "放假 " + b.days() + " 天：" + b.start() + " 至 " + b.end() + statutory(b, false)
                                        + (makeUp.isEmpty() ? "，不调休。" : "；调休上班：" + String.join("、", makeUp) + "。"),
                        en ? "Day off" : "放假", "WORK-HOLIDAY");
                lines.add("END:VEVENT");
            }
            for (LocalDate day : v.only() == Only.OFF ? List.<LocalDate>of() : b.makeUpDays()) {
                event(lines, "work-" + DATE.format(day) + v.uid(true) + uid, stamp, day, day,
                        en ? name + ": make-up working day" : name + "调休（班）",
                        en ? "A working day in exchange for the " + name + " break." : name + "调休，这一天上班。",
                        en ? "Make-up working day" : "调休上班", "ALTERNATE-WORKDAY");
                if (v.remind() >= 0) {
                    lines.addAll(List.of(
                            "BEGIN:VALARM",
                            "ACTION:DISPLAY",
                            "DESCRIPTION:" + text(morning(v.remind())
                                    ? (en ? "Today is a make-up working day (" + name + ")" : "今天调休上班（" + name + "）")
                                    : (en ? "Tomorrow is a make-up working day (" + name + ")" : "明天调休上班（" + name + "）")),
                            // From the all-day event's start (midnight, floating): that morning, or the evening before.
                            "TRIGGER;RELATED=START:" + (morning(v.remind()) ? "PT" + duration(v.remind())
                                    : "-PT" + duration(24 * 60 - v.remind())),
                            "END:VALARM"));
                }
                lines.add("END:VEVENT");
            }
        }
        lines.add("END:VCALENDAR");
        StringBuilder out = new StringBuilder();
        for (String line : lines) {
            fold(line, out);
        }
        return out.toString().getBytes(StandardCharsets.UTF_8);
    }

    /** An all-day event from {@code first} to {@code last}, open: its alarm and {@code END:VEVENT} follow. */
    private static void event(List<String> lines, String uid, String stamp, LocalDate first, LocalDate last, String summary,
                              String description, String category, String appleDay) {
        lines.addAll(List.of("BEGIN:VEVENT", "UID:" + uid + "@pocketapi", stamp, "DTSTART;VALUE=DATE:" + DATE.format(first),
                "DTEND;VALUE=DATE:" + DATE.format(last.plusDays(1)), "SUMMARY:" + text(summary),
                "DESCRIPTION:" + text(description), "CATEGORIES:" + text(category), "TRANSP:TRANSPARENT",
                "X-APPLE-SPECIAL-DAY:" + appleDay));
    }

    /** A reminder before noon is a wake-up call that morning; from noon on, one the evening before. */
    static boolean morning(int minutes) {
        return minutes < 12 * 60;
    }

    /** {@code ；其中法定节假日：2026-02-16、2026-02-17} / {@code ; statutory holidays: ...}, or nothing. */
    private static String statutory(Break b, boolean english) {
        if (b.statutory().isEmpty()) {
            return "";
        }
        List<String> dates = b.statutory().stream().map(LocalDate::toString).toList();
        return english ? "; statutory " + (dates.size() == 1 ? "holiday: " : "holidays: ") + String.join(", ", dates)
                : "；其中法定节假日：" + String.join("、", dates);
    }

    /** Minutes as the time part of an RFC 5545 duration: {@code 4H}, {@code 3H30M}, {@code 45M}. */
    private static String duration(int minutes) {
        int h = minutes / 60;
        int m = minutes % 60;
        return (h > 0 ? h + "H" : "") + (m > 0 || h == 0 ? m + "M" : "");
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
