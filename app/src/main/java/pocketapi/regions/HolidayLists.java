package pocketapi.regions;

import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.StandardCharsets;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import pocketapi.holidays.HolidayDataException;

/**
 * The lists of holidays a government publishes for several years at once, read into each year's dates, each with its
 * name as the list writes it: an iCalendar ({@link #iCalendar}, Macau's government's), or its JSON form or a plain JSON
 * list ({@link #json}, 1823.gov.hk's). Bounded as {@link RegionFiles} says. Stateless.
 */
final class HolidayLists {
    /** The longest unfolded iCalendar line read: a summary of a name's length, and its parameters. */
    private static final int MAX_LINE = 1_000;

    private HolidayLists() {}

    /**
     * A JSON list of holidays by year, each date with its name: 1823's calendar ({@code vcalendar[0].vevent[]}, each
     * with {@code dtstart[0]} and {@code summary}), or a list of {@code date} and {@code name} (a mirror's); a date
     * listed twice keeps the last name.
     */
    static Map<Integer, Map<LocalDate, String>> json(String source, byte[] bytes) throws HolidayDataException {
        Map<Integer, Map<LocalDate, String>> years = new TreeMap<>();
        RegionFiles.Entry holiday = e -> {
            boolean own = e.has("date");
            String date =
                    own ? e.path("date").asText() : e.path("dtstart").path(0).asText();
            String name = RegionFiles.name(
                    source, own ? e.path("name").asText() : e.path("summary").asText());
            LocalDate d = RegionFiles.date(source, date.replace("-", ""));
            years.computeIfAbsent(d.getYear(), y -> new TreeMap<>()).put(d, name);
        };
        if (!RegionFiles.each(source, bytes, List.of(), holiday)
                && !RegionFiles.each(source, bytes, List.of("vcalendar", 0, "vevent"), holiday)) {
            throw new HolidayDataException(source, "neither 1823's calendar nor a list of holidays");
        }
        return years;
    }

    /**
     * The days of an iCalendar's all-day events (RFC 5545: folded lines, {@code DTSTART}, an exclusive {@code DTEND},
     * {@code SUMMARY}) by year, each with its summary; a date two events cover keeps the first one's (an event may
     * repeat another's day, never grow it). Read a line at a time; an event of more than 31 days (no holiday is that
     * long), more than {@value RegionFiles#MAX_EVENTS} events or a summary that is no name refuse the file.
     */
    static Map<Integer, Map<LocalDate, String>> iCalendar(String source, byte[] bytes) throws HolidayDataException {
        List<String> lines = unfolded(source, bytes);
        if (lines.isEmpty() || !lines.get(0).equals("BEGIN:VCALENDAR")) {
            throw new HolidayDataException(source, "not an iCalendar");
        }
        Map<Integer, Map<LocalDate, String>> years = new TreeMap<>();
        LocalDate start = null;
        LocalDate end = null;
        String summary = "";
        int events = 0;
        for (String line : lines) {
            int colon = line.indexOf(':');
            String property =
                    colon < 0 ? line : line.substring(0, colon).split(";", 2)[0].toUpperCase(Locale.ROOT);
            String value = colon < 0 ? "" : line.substring(colon + 1);
            if (line.equals("BEGIN:VEVENT")) {
                if (++events > RegionFiles.MAX_EVENTS) {
                    throw new HolidayDataException(source, "more than " + RegionFiles.MAX_EVENTS + " events");
                }
                start = null;
                end = null;
                summary = "";
            } else if (property.equals("DTSTART") || property.equals("DTEND")) {
                LocalDate d = RegionFiles.date(source, value.substring(0, Math.min(8, value.length())));
                start = property.equals("DTSTART") ? d : start;
                end = property.equals("DTEND") ? d : end;
            } else if (property.equals("SUMMARY")) {
                summary = RegionFiles.name(
                        source,
                        value.replace("\\,", ",")
                                .replace("\\;", ";")
                                .replace("\\n", " ")
                                .replace("\\\\", "\\")
                                .strip());
            } else if (line.equals("END:VEVENT")) {
                if (start == null) {
                    throw new HolidayDataException(source, "an event without DTSTART");
                }
                LocalDate last = end == null || !end.isAfter(start) ? start : end.minusDays(1);
                if (last.toEpochDay() - start.toEpochDay() > 31) {
                    throw new HolidayDataException(source, "an event of more than 31 days from " + start);
                }
                for (LocalDate d = start; !d.isAfter(last); d = d.plusDays(1)) {
                    years.computeIfAbsent(d.getYear(), y -> new TreeMap<>()).putIfAbsent(d, summary);
                }
            }
        }
        return years;
    }

    /**
     * An iCalendar's lines, unfolded (a line that starts with a space or tab continues the one before), decoded one at
     * a time: no copy of the whole text is made.
     */
    private static List<String> unfolded(String source, byte[] bytes) throws HolidayDataException {
        List<String> lines = new ArrayList<>();
        CharsetDecoder utf8 = StandardCharsets.UTF_8.newDecoder();
        int from = bytes.length >= 3 && bytes[0] == (byte) 0xEF && bytes[1] == (byte) 0xBB && bytes[2] == (byte) 0xBF
                ? 3
                : 0;
        StringBuilder line = null;
        for (int end; from < bytes.length; from = end + 1) {
            end = from;
            while (end < bytes.length && bytes[end] != '\n') {
                end++;
            }
            int to = end > from && bytes[end - 1] == '\r' ? end - 1 : end;
            if (to - from > 4 * MAX_LINE) {
                throw new HolidayDataException(source, "a line of more than " + MAX_LINE + " characters");
            }
            String text;
            try {
                text = utf8.decode(ByteBuffer.wrap(bytes, from, to - from)).toString();
            } catch (CharacterCodingException e) {
                throw new HolidayDataException(source, "not valid UTF-8 text");
            }
            if (line != null && (text.startsWith(" ") || text.startsWith("\t"))) {
                if (line.length() + text.length() > MAX_LINE) {
                    throw new HolidayDataException(source, "a line of more than " + MAX_LINE + " characters");
                }
                line.append(text, 1, text.length());
                continue;
            }
            if (line != null) {
                lines.add(line.toString());
            }
            line = new StringBuilder(text);
        }
        if (line != null) {
            lines.add(line.toString());
        }
        return lines;
    }
}
