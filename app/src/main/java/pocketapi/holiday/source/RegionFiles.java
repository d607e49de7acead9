package pocketapi.holiday.source;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.DayOfWeek;
import java.time.LocalDate;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import com.fasterxml.jackson.databind.JsonNode;

import pocketapi.files.Json;
import pocketapi.holiday.Day;
import pocketapi.holiday.HolidayDataException;
import pocketapi.holiday.HolidayYear;
import pocketapi.holiday.ListedDay;

/**
 * The regions' published files, read into years in holiday-cn's layout, each day named by its festival as the built-in
 * files are: Hong Kong's list of general holidays (1823.gov.hk's iCalendar-as-JSON, or its mirror's {@code
 * [{"name","date"}]}), Taiwan's office calendar as {@code ruyut/TaiwanCalendar} gives it (every day of a year) and as
 * {@code imsyuan/taiwan-holidays} does (its days off and its Saturdays worked, two files), and any iCalendar's all-day
 * events (Macau's government publishes its holidays so). Days off that run into each
 * other over a weekend are one break, named by their festivals joined ({@code 復活節、清明節}). Stateless.
 */
public final class RegionFiles {
    private static final String[][] HONG_KONG = {{"一月一日", "一月一日"}, {"農曆年", "農曆新年"}, {"清明節", "清明節"},
        {"耶穌受難節", "復活節"}, {"復活節", "復活節"}, {"勞動節", "勞動節"}, {"佛誕", "佛誕"}, {"端午節", "端午節"},
        {"香港特別行政區成立紀念日", "香港特別行政區成立紀念日"}, {"中秋節", "中秋節"}, {"國慶日", "國慶日"}, {"重陽節", "重陽節"},
        {"聖誕節", "聖誕節"}};

    private RegionFiles() {
    }

    /** Hong Kong's general holidays by year, each date with its festival (a name of no festival as it is written). */
    public static Map<Integer, Map<LocalDate, String>> hongKong(String source, byte[] bytes) throws HolidayDataException {
        JsonNode root = tree(source, bytes);
        JsonNode events = root.isArray() ? root : root.path("vcalendar").path(0).path("vevent");
        if (!events.isArray()) {
            throw new HolidayDataException(source, "neither 1823's calendar nor a list of holidays");
        }
        Map<Integer, Map<LocalDate, String>> years = new TreeMap<>();
        for (JsonNode e : events) {
            String date = e.has("date") ? e.path("date").asText() : e.path("dtstart").path(0).asText();
            String name = e.has("name") ? e.path("name").asText() : e.path("summary").asText();
            LocalDate d = date(source, date.replace("-", ""));
            String festival = name;
            for (String[] f : HONG_KONG) {
                festival = name.startsWith(f[0]) ? f[1] : festival;
            }
            years.computeIfAbsent(d.getYear(), y -> new TreeMap<>()).put(d, festival);
        }
        return years;
    }

    /** Taiwan's days off (named) and Saturdays worked (named {@code ""}) of one year, from ruyut's file of every day. */
    public static Map<LocalDate, String> taiwanEveryDay(String source, byte[] bytes) throws HolidayDataException {
        Map<LocalDate, String> listed = new TreeMap<>();
        for (JsonNode e : tree(source, bytes)) {
            LocalDate d = date(source, e.path("date").asText());
            boolean off = e.path("isHoliday").asBoolean();
            String name = e.path("description").asText();
            if (off && (!name.isEmpty() || !Day.weekend(d))) {
                listed.put(d, name.isEmpty() ? "放假" : name);
            } else if (!off && Day.weekend(d)) {
                listed.put(d, "");
            }
        }
        return listed;
    }

    /** The same from imsyuan's two files: its days off, and its Saturdays worked. */
    public static Map<LocalDate, String> taiwanLists(String source, byte[] holidays, byte[] workdays) throws HolidayDataException {
        Map<LocalDate, String> listed = new TreeMap<>();
        for (JsonNode e : tree(source, holidays)) {
            listed.put(date(source, e.path("date").asText()), e.path("description").asText("放假"));
        }
        for (JsonNode e : tree(source, workdays)) {
            listed.put(date(source, e.path("date").asText()), "");
        }
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
     * {@code SUMMARY}) by year, each with its summary (two on a date: joined). Macau's government publishes its holidays
     * so. An event of more than 31 days is refused: no holiday is that long.
     */
    public static Map<Integer, Map<LocalDate, String>> iCalendar(String source, byte[] bytes) throws HolidayDataException {
        String text = new String(bytes, StandardCharsets.UTF_8);
        text = (text.startsWith("\uFEFF") ? text.substring(1) : text).replaceAll("\r?\n[ \t]", "");
        if (!text.startsWith("BEGIN:VCALENDAR")) {
            throw new HolidayDataException(source, "not an iCalendar");
        }
        Map<Integer, Map<LocalDate, String>> years = new TreeMap<>();
        LocalDate start = null;
        LocalDate end = null;
        String summary = "";
        for (String line : text.split("\r?\n")) {
            int colon = line.indexOf(':');
            String property = colon < 0 ? line : line.substring(0, colon).split(";", 2)[0].toUpperCase(java.util.Locale.ROOT);
            String value = colon < 0 ? "" : line.substring(colon + 1);
            if (line.equals("BEGIN:VEVENT")) {
                start = null;
                end = null;
                summary = "";
            } else if (property.equals("DTSTART") || property.equals("DTEND")) {
                LocalDate d = date(source, value.substring(0, Math.min(8, value.length())));
                start = property.equals("DTSTART") ? d : start;
                end = property.equals("DTEND") ? d : end;
            } else if (property.equals("SUMMARY")) {
                summary = value.replace("\\,", ",").replace("\\;", ";").replace("\\n", " ").replace("\\\\", "\\").strip();
            } else if (line.equals("END:VEVENT")) {
                if (start == null) {
                    throw new HolidayDataException(source, "an event without DTSTART");
                }
                LocalDate last = end == null || !end.isAfter(start) ? start : end.minusDays(1);
                if (last.toEpochDay() - start.toEpochDay() > 31) {
                    throw new HolidayDataException(source, "an event of more than 31 days from " + start);
                }
                for (LocalDate d = start; !d.isAfter(last); d = d.plusDays(1)) {
                    years.computeIfAbsent(d.getYear(), y -> new TreeMap<>()).merge(d, summary,
                            (a, b) -> a.equals(b) ? a : a + "、" + b);
                }
            }
        }
        return years;
    }

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

    private static JsonNode tree(String source, byte[] bytes) throws HolidayDataException {
        String text = new String(bytes, StandardCharsets.UTF_8);
        try {
            return Json.MAPPER.readTree(text.startsWith("\uFEFF") ? text.substring(1) : text);
        } catch (IOException e) {
            throw new HolidayDataException(source, "not JSON");
        }
    }

    private static LocalDate date(String source, String yyyymmdd) throws HolidayDataException {
        try {
            return LocalDate.parse(yyyymmdd, DateTimeFormatter.BASIC_ISO_DATE);
        } catch (RuntimeException e) {
            throw new HolidayDataException(source, "a date that is not YYYYMMDD: " + yyyymmdd.substring(0, Math.min(12, yyyymmdd.length())));
        }
    }
}
