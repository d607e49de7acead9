package pocketapi.holiday.source;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.StandardCharsets;
import java.time.DayOfWeek;
import java.time.LocalDate;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.exc.StreamConstraintsException;
import com.fasterxml.jackson.databind.JsonNode;

import pocketapi.files.Json;
import pocketapi.logging.LogText;
import pocketapi.holiday.Day;
import pocketapi.holiday.HolidayDataException;
import pocketapi.holiday.HolidayYear;
import pocketapi.holiday.ListedDay;

/**
 * The regions' published files, read into years in holiday-cn's layout, each day named by its festival as the built-in
 * files are: Hong Kong's list of general holidays (1823.gov.hk's iCalendar-as-JSON, or its mirror's {@code
 * [{"name","date"}]}), Taiwan's office calendar as {@code ruyut/TaiwanCalendar} gives it (every day of a year) and as
 * {@code imsyuan/taiwan-holidays} does (its days off and its Saturdays worked, two files), and any iCalendar's all-day
 * events (Macau's government publishes its holidays so). Days off that run into each other over a weekend are one
 * break, named by their festivals joined ({@code 復活節、清明節}).
 *
 * <p>Every file is untrusted and read within bounds before anything is kept: a list of at most {@value #MAX_EVENTS}
 * entries, read one entry at a time; a name of at most {@value HolidayFile#MAX_NAME} characters without control or
 * format characters; a Taiwan file for year Y lists dates of Y alone; an iCalendar date that two events cover keeps the
 * first event's name. Stateless.
 */
public final class RegionFiles {
    /** The most entries a region's list may hold (1823's list holds three years of some 17 days). */
    static final int MAX_EVENTS = 2_000;
    private static final String[][] HONG_KONG = {{"一月一日", "一月一日"}, {"農曆年", "農曆新年"}, {"清明節", "清明節"},
        {"耶穌受難節", "復活節"}, {"復活節", "復活節"}, {"勞動節", "勞動節"}, {"佛誕", "佛誕"}, {"端午節", "端午節"},
        {"香港特別行政區成立紀念日", "香港特別行政區成立紀念日"}, {"中秋節", "中秋節"}, {"國慶日", "國慶日"}, {"重陽節", "重陽節"},
        {"聖誕節", "聖誕節"}};

    private RegionFiles() {
    }

    /** Hong Kong's general holidays by year, each date with its festival (a name of no festival as it is written). */
    public static Map<Integer, Map<LocalDate, String>> hongKong(String source, byte[] bytes) throws HolidayDataException {
        Map<Integer, Map<LocalDate, String>> years = new TreeMap<>();
        Entry holiday = e -> {
            boolean own = e.has("date");
            String date = own ? e.path("date").asText() : e.path("dtstart").path(0).asText();
            String name = name(source, own ? e.path("name").asText() : e.path("summary").asText());
            LocalDate d = date(source, date.replace("-", ""));
            String festival = name;
            for (String[] f : HONG_KONG) {
                festival = name.startsWith(f[0]) ? f[1] : festival;
            }
            years.computeIfAbsent(d.getYear(), y -> new TreeMap<>()).put(d, festival);
        };
        if (!each(source, bytes, List.of(), holiday) && !each(source, bytes, List.of("vcalendar", 0, "vevent"), holiday)) {
            throw new HolidayDataException(source, "neither 1823's calendar nor a list of holidays");
        }
        return years;
    }

    /**
     * Taiwan's days off (named) and Saturdays worked (named {@code ""}) of {@code year}, from ruyut's file of every day;
     * a date of another year refuses the file.
     */
    public static Map<LocalDate, String> taiwanEveryDay(String source, int year, byte[] bytes) throws HolidayDataException {
        Map<LocalDate, String> listed = new TreeMap<>();
        array(source, bytes, e -> {
            LocalDate d = inYear(source, year, date(source, e.path("date").asText()));
            boolean off = e.path("isHoliday").asBoolean();
            String name = name(source, e.path("description").asText());
            if (off && (!name.isEmpty() || !Day.weekend(d))) {
                listed.put(d, name.isEmpty() ? "放假" : name);
            } else if (!off && Day.weekend(d)) {
                listed.put(d, "");
            }
        });
        return listed;
    }

    /** The same from imsyuan's two files: its days off, and its Saturdays worked. */
    public static Map<LocalDate, String> taiwanLists(String source, int year, byte[] holidays, byte[] workdays)
            throws HolidayDataException {
        Map<LocalDate, String> listed = new TreeMap<>();
        array(source, holidays, e -> listed.put(inYear(source, year, date(source, e.path("date").asText())),
                name(source, e.path("description").asText("放假"))));
        array(source, workdays, e -> listed.put(inYear(source, year, date(source, e.path("date").asText())), ""));
        return listed;
    }

    /** A Taiwan year: 小年夜, 除夕 and 春節 are 春節; 補假 and 調整放假 take their break's name; a Saturday worked, its nearest break's. */
    public static HolidayYear taiwan(String source, int year, Map<LocalDate, String> listed) {
        Map<LocalDate, String> off = new TreeMap<>();
        listed.forEach((d, name) -> {
            if (!name.isEmpty()) {
                off.put(d, List.of("小年夜", "農曆除夕", "春節").contains(name) ? "春節"
                        : List.of("補假", "調整放假", "放假").contains(name) ? null : name);
            }
        });
        List<ListedDay> days = named(off, "開國紀念日");
        listed.forEach((d, name) -> {
            if (name.isEmpty()) {
                ListedDay nearest = null;
                for (ListedDay o : days) {
                    nearest = nearest == null || Math.abs(o.date().toEpochDay() - d.toEpochDay())
                            < Math.abs(nearest.date().toEpochDay() - d.toEpochDay()) ? o : nearest;
                }
                days.add(new ListedDay(d, nearest == null ? "補行上班" : nearest.festival(), false));
            }
        });
        return new HolidayYear(year, source, days);
    }

    /** A Hong Kong or Macau year from its days off, each named by its festival. */
    public static HolidayYear holidays(String source, int year, Map<LocalDate, String> off) {
        return new HolidayYear(year, source, named(off, ""));
    }

    /**
     * The days of an iCalendar's all-day events (RFC 5545: folded lines, {@code DTSTART}, an exclusive {@code DTEND},
     * {@code SUMMARY}) by year, each with its summary; a date two events cover keeps the first one's (an event may repeat
     * another's day, never grow it). Macau's government publishes its holidays so. Read a line at a time; an event of
     * more than 31 days (no holiday is that long), more than {@value #MAX_EVENTS} events or a summary that is no name
     * refuse the file.
     */
    public static Map<Integer, Map<LocalDate, String>> iCalendar(String source, byte[] bytes) throws HolidayDataException {
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
            String property = colon < 0 ? line : line.substring(0, colon).split(";", 2)[0].toUpperCase(java.util.Locale.ROOT);
            String value = colon < 0 ? "" : line.substring(colon + 1);
            if (line.equals("BEGIN:VEVENT")) {
                if (++events > MAX_EVENTS) {
                    throw new HolidayDataException(source, "more than " + MAX_EVENTS + " events");
                }
                start = null;
                end = null;
                summary = "";
            } else if (property.equals("DTSTART") || property.equals("DTEND")) {
                LocalDate d = date(source, value.substring(0, Math.min(8, value.length())));
                start = property.equals("DTSTART") ? d : start;
                end = property.equals("DTEND") ? d : end;
            } else if (property.equals("SUMMARY")) {
                summary = name(source, value.replace("\\,", ",").replace("\\;", ";").replace("\\n", " ")
                        .replace("\\\\", "\\").strip());
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
     * An iCalendar's lines, unfolded (a line that starts with a space or tab continues the one before), decoded one at a
     * time: no copy of the whole text is made.
     */
    private static List<String> unfolded(String source, byte[] bytes) throws HolidayDataException {
        List<String> lines = new ArrayList<>();
        CharsetDecoder utf8 = StandardCharsets.UTF_8.newDecoder();
        int from = bytes.length >= 3 && bytes[0] == (byte) 0xEF && bytes[1] == (byte) 0xBB && bytes[2] == (byte) 0xBF ? 3 : 0;
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

    /** The longest unfolded iCalendar line read: a summary of a name's length, and its parameters. */
    private static final int MAX_LINE = 1_000;

    /**
     * Days off as breaks: runs with only weekend days between, each named by the festivals of its days joined (a day of
     * no festival, null, takes its run's; a run of none, {@code lone}: a 補假 on 31 December for the next 1 January).
     */
    static List<ListedDay> named(Map<LocalDate, String> off, String lone) {
        List<List<LocalDate>> runs = new ArrayList<>();
        LocalDate last = null;
        for (LocalDate d : off.keySet()) {
            boolean joins = last != null;
            for (LocalDate between = last == null ? d : last.plusDays(1); joins && between.isBefore(d); between = between.plusDays(1)) {
                joins = between.getDayOfWeek() == DayOfWeek.SATURDAY || between.getDayOfWeek() == DayOfWeek.SUNDAY;
            }
            if (!joins) {
                runs.add(new ArrayList<>());
            }
            runs.get(runs.size() - 1).add(d);
            last = d;
        }
        List<ListedDay> days = new ArrayList<>();
        for (List<LocalDate> run : runs) {
            List<String> names = new ArrayList<>();
            for (LocalDate d : run) {
                String festival = off.get(d);
                for (String part : festival == null ? new String[0] : festival.split("、")) {
                    if (!names.contains(part)) {
                        names.add(part);
                    }
                }
            }
            String name = names.isEmpty() ? lone : String.join("、", names);
            run.forEach(d -> days.add(new ListedDay(d, name, true)));
        }
        return days;
    }

    /** What is done with one entry of a list. */
    private interface Entry {
        void accept(JsonNode entry) throws HolidayDataException;
    }

    /** Each entry of the file's top-level array, read one at a time. */
    private static void array(String source, byte[] bytes, Entry each) throws HolidayDataException {
        if (!each(source, bytes, List.of(), each)) {
            throw new HolidayDataException(source, "not a JSON list");
        }
    }

    /**
     * Each entry of the array at {@code path} (field names and indexes from the top), read one at a time, at most
     * {@value #MAX_EVENTS}; false when the file holds no array there.
     */
    private static boolean each(String source, byte[] bytes, List<Object> path, Entry each) throws HolidayDataException {
        try (JsonParser p = Json.MAPPER.createParser(bytes)) {
            if (!at(p, p.nextToken(), path)) {
                return false;
            }
            int n = 0;
            for (JsonToken t = p.nextToken(); t != JsonToken.END_ARRAY; t = p.nextToken()) {
                if (t == null) {
                    throw new HolidayDataException(source, "not JSON (it ends inside a list)");
                }
                if (++n > MAX_EVENTS) {
                    throw new HolidayDataException(source, "a list of more than " + MAX_EVENTS + " entries");
                }
                each.accept(Json.MAPPER.readTree(p));
            }
            return true;
        } catch (StreamConstraintsException e) {
            throw new HolidayDataException(source, "a text of more than " + Json.MAX_STRING + " characters");
        } catch (IOException e) {
            throw new HolidayDataException(source, "not JSON");
        }
    }

    /** Moves the parser, at {@code token}, to the start of the array at {@code path}; false when there is none. */
    private static boolean at(JsonParser p, JsonToken token, List<Object> path) throws IOException {
        if (path.isEmpty()) {
            return token == JsonToken.START_ARRAY;
        }
        Object step = path.get(0);
        if (step instanceof String field && token == JsonToken.START_OBJECT) {
            for (JsonToken t = p.nextToken(); t == JsonToken.FIELD_NAME; t = p.nextToken()) {
                JsonToken value = p.nextToken();
                if (p.currentName().equals(field)) {
                    return at(p, value, path.subList(1, path.size()));
                }
                p.skipChildren();
            }
        } else if (step instanceof Integer index && token == JsonToken.START_ARRAY) {
            for (int i = 0; i <= index; i++) {
                JsonToken value = p.nextToken();
                if (value == null || value == JsonToken.END_ARRAY) {
                    return false;
                }
                if (i == index) {
                    return at(p, value, path.subList(1, path.size()));
                }
                p.skipChildren();
            }
        }
        return false;
    }

    /** A name as a file writes it: at most {@value HolidayFile#MAX_NAME} characters, none a control or format one. */
    private static String name(String source, String text) throws HolidayDataException {
        if (text.codePointCount(0, text.length()) > HolidayFile.MAX_NAME) {
            throw new HolidayDataException(source, "a name of more than " + HolidayFile.MAX_NAME + " characters");
        }
        for (int i = 0; i < text.length(); ) {
            int cp = text.codePointAt(i);
            if (LogText.unsafe(cp)) {
                throw new HolidayDataException(source, "a name with a control or format character (U+"
                        + String.format("%04X", cp) + ")");
            }
            i += Character.charCount(cp);
        }
        return text;
    }

    /** A date of a file for {@code year}, which lists that year alone. */
    private static LocalDate inYear(String source, int year, LocalDate date) throws HolidayDataException {
        if (date.getYear() != year) {
            throw new HolidayDataException(source, "lists " + date + ", outside " + year + " (a year's file lists its own "
                    + "year alone)");
        }
        return date;
    }

    private static LocalDate date(String source, String yyyymmdd) throws HolidayDataException {
        try {
            return LocalDate.parse(yyyymmdd, DateTimeFormatter.BASIC_ISO_DATE);
        } catch (RuntimeException e) {
            throw new HolidayDataException(source, "a date that is not YYYYMMDD: " + yyyymmdd.substring(0, Math.min(12, yyyymmdd.length())));
        }
    }
}
