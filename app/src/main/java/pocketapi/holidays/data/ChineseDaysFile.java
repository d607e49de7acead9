package pocketapi.holidays.data;

import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.exc.MismatchedInputException;
import java.time.DateTimeException;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import pocketapi.files.Json;
import pocketapi.holidays.Festival;
import pocketapi.holidays.HolidayDataException;
import pocketapi.holidays.HolidayYear;
import pocketapi.holidays.ListedDay;

/**
 * chinese-days' {@code dist/years/YYYY.json}, the confirming source: {@code {"holidays":{"2026-01-01": "New Year's
 * Day,元旦,1",...},"workdays":{"2026-01-04":"...",...},"inLieuDays":{...}}}. {@code holidays} lists days off (weekend
 * days inside a break included), {@code workdays} the days worked in exchange; everything else is ignored. It files by
 * calendar year, so every date must lie in the file's year. A day is named by the one festival its name stands for
 * ({@code "Spring Festival,春节,4"} is 春节), else {@code ""}. Untrusted input, read as strictly as {@link HolidayFile}.
 * Stateless.
 */
public final class ChineseDaysFile implements YearSource {
    public static final YearSource CHINESE_DAYS = new ChineseDaysFile();

    private ChineseDaysFile() {}

    @Override
    public String name() {
        return "chinese-days";
    }

    @Override
    public HolidayYear read(String where, int year, byte[] bytes) throws HolidayDataException {
        return parse(where, year, bytes);
    }

    /** The file: dates to their descriptions ({@code "Spring Festival,春节,4"}); everything else is ignored. */
    record File(Map<String, String> holidays, Map<String, String> workdays) {}

    /** @throws HolidayDataException naming {@code source} and the problem */
    public static HolidayYear parse(String source, int year, byte[] bytes) throws HolidayDataException {
        for (String list : new String[] {"holidays", "workdays"}) {
            if (Json.count(bytes, list) > 366) {
                throw new HolidayDataException(source, "\"" + list + "\" lists more dates than a year has");
            }
        }
        File f = HolidayFile.read(source, bytes, File.class, ChineseDaysFile::wrongType);
        Map<LocalDate, ListedDay> listed = new TreeMap<>();
        List<String> outside = new ArrayList<>();
        for (boolean off : new boolean[] {true, false}) {
            Map<String, String> dates = off ? f.holidays() : f.workdays();
            for (Map.Entry<String, String> e :
                    dates == null ? Map.<String, String>of().entrySet() : dates.entrySet()) {
                LocalDate date = date(source, e.getKey());
                if (date.getYear() != year) {
                    outside.add(date.toString());
                }
                String[] parts = e.getValue().split(",", -1);
                List<Festival> festival = parts.length > 1 ? Festival.of(parts[1]) : List.of();
                if (listed.put(
                                date,
                                new ListedDay(
                                        date,
                                        festival.size() == 1 ? festival.get(0).chinese() : "",
                                        off))
                        != null) {
                    throw new HolidayDataException(source, date + " is listed both as a holiday and a workday");
                }
            }
        }
        if (!outside.isEmpty()) {
            throw new HolidayDataException(
                    source,
                    "lists " + String.join(", ", outside.subList(0, Math.min(10, outside.size()))) + ", outside " + year
                            + " (a chinese-days file holds one calendar year)");
        }
        return new HolidayYear(year, source, new ArrayList<>(listed.values()));
    }

    /** A value of the wrong type, in words (and, after a NUL, the key for the operator's eyes). */
    private static String wrongType(MismatchedInputException e) {
        List<JsonMappingException.Reference> path = e.getPath();
        String field = path.isEmpty() ? "" : path.get(0).getFieldName();
        return switch (path.size()) {
            case 0 -> "expected a JSON object with \"holidays\" and \"workdays\"";
            case 1 -> "\"" + field + "\" must be an object of dates";
            default ->
                "\"" + field + "\" has a date whose value is not a string\u0000"
                        + path.get(1).getFieldName();
        };
    }

    private static LocalDate date(String source, String key) throws HolidayDataException {
        try {
            return java.time.LocalDate.parse(key);
        } catch (DateTimeException e) {
            throw new HolidayDataException(source, "a key is not a date YYYY-MM-DD", key);
        }
    }
}
