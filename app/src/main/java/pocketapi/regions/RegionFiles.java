package pocketapi.regions;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.exc.StreamConstraintsException;
import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.time.DayOfWeek;
import java.time.LocalDate;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import pocketapi.files.Json;
import pocketapi.holidays.HolidayDataException;
import pocketapi.holidays.HolidayYear;
import pocketapi.holidays.ListedDay;
import pocketapi.holidays.data.HolidayFile;
import pocketapi.logging.LogText;

/**
 * What every region's published files are read with: lists read one entry at a time, names, dates, and days off turned
 * into a year in holiday-cn's layout, each day named by its festival as the built-in files are (days off that run into
 * each other over a weekend are one break, named by their festivals joined, {@code 復活節、清明節}). Each region reads its own
 * files' shapes with these ({@link HolidayLists} for a list of several years, {@link Taiwan} for its mirrors').
 *
 * <p>Every file is untrusted and read within bounds before anything is kept: a list of at most {@value #MAX_EVENTS}
 * entries, read one entry at a time; a name of at most {@value HolidayFile#MAX_NAME} characters without control or
 * format characters; a Taiwan file for year Y lists dates of Y alone; an iCalendar date that two events cover keeps the
 * first event's name. Stateless.
 */
public final class RegionFiles {
    /** The most entries a region's list may hold (1823's list holds three years of some 17 days). */
    static final int MAX_EVENTS = 2_000;

    private RegionFiles() {}

    /** A Hong Kong or Macau year from its days off, each named by its festival. */
    public static HolidayYear holidays(String source, int year, Map<LocalDate, String> off) {
        return new HolidayYear(year, source, named(off, ""));
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
            for (LocalDate between = last == null ? d : last.plusDays(1);
                    joins && between.isBefore(d);
                    between = between.plusDays(1)) {
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
    interface Entry {
        void accept(JsonNode entry) throws HolidayDataException;
    }

    /** Each entry of the file's top-level array, read one at a time. */
    static void array(String source, byte[] bytes, Entry each) throws HolidayDataException {
        if (!each(source, bytes, List.of(), each)) {
            throw new HolidayDataException(source, "not a JSON list");
        }
    }

    /**
     * Each entry of the array at {@code path} (field names and indexes from the top), read one at a time, at most
     * {@value #MAX_EVENTS}; false when the file holds no array there.
     */
    static boolean each(String source, byte[] bytes, List<Object> path, Entry each) throws HolidayDataException {
        try (JsonParser p = Json.FACTORY.createParser(bytes)) {
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
                each.accept(Json.mapper().readTree(p));
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
    static String name(String source, String text) throws HolidayDataException {
        if (text.codePointCount(0, text.length()) > HolidayFile.MAX_NAME) {
            throw new HolidayDataException(source, "a name of more than " + HolidayFile.MAX_NAME + " characters");
        }
        for (int i = 0; i < text.length(); ) {
            int cp = text.codePointAt(i);
            if (LogText.unsafe(cp)) {
                throw new HolidayDataException(
                        source, "a name with a control or format character (U+" + String.format("%04X", cp) + ")");
            }
            i += Character.charCount(cp);
        }
        return text;
    }

    /** A date of a file for {@code year}, which lists that year alone. */
    static LocalDate inYear(String source, int year, LocalDate date) throws HolidayDataException {
        if (date.getYear() != year) {
            throw new HolidayDataException(
                    source, "lists " + date + ", outside " + year + " (a year's file lists its own " + "year alone)");
        }
        return date;
    }

    static LocalDate date(String source, String yyyymmdd) throws HolidayDataException {
        try {
            return LocalDate.parse(yyyymmdd, DateTimeFormatter.BASIC_ISO_DATE);
        } catch (RuntimeException e) {
            throw new HolidayDataException(
                    source, "a date that is not YYYYMMDD: " + yyyymmdd.substring(0, Math.min(12, yyyymmdd.length())));
        }
    }
}
