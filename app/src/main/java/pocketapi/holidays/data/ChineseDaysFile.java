package pocketapi.holidays.data;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import java.io.IOException;
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
 * ({@code "Spring Festival,春节,4"} is 春节), else {@code ""}. Untrusted input, read as strictly as {@link HolidayFile}
 * (the text kept apart for the operator's own file; at most {@value #MAX_DATES} dates a list). Stateless.
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

    /** The most dates one list may hold: a year's. */
    static final int MAX_DATES = 366;

    /**
     * Reads the file token by token: each date counted before it is read, and checked before it is kept; a nested value
     * where a description belongs is refused unread.
     *
     * @throws HolidayDataException naming {@code source} and the problem
     */
    public static HolidayYear parse(String source, int year, byte[] bytes) throws HolidayDataException {
        Map<LocalDate, ListedDay> listed = new TreeMap<>();
        List<String> outside = new ArrayList<>();
        try (JsonParser p = Json.FACTORY.createParser(HolidayFile.text(source, bytes))) {
            String expected = "expected a JSON object with \"holidays\" and \"workdays\"";
            if (p.nextToken() != JsonToken.START_OBJECT) {
                throw new HolidayDataException(source, expected);
            }
            for (JsonToken t = p.nextToken(); t == JsonToken.FIELD_NAME; t = p.nextToken()) {
                String list = p.currentName();
                JsonToken value = p.nextToken();
                boolean off = list.equals("holidays");
                if (!off && !list.equals("workdays") || value == JsonToken.VALUE_NULL) {
                    p.skipChildren();
                    continue;
                }
                if (value != JsonToken.START_OBJECT) {
                    throw new HolidayDataException(source, "\"" + list + "\" must be an object of dates");
                }
                int n = 0;
                for (JsonToken key = p.nextToken(); key == JsonToken.FIELD_NAME; key = p.nextToken()) {
                    if (++n > MAX_DATES) {
                        throw new HolidayDataException(source, "\"" + list + "\" lists more dates than a year has");
                    }
                    String written = p.currentName();
                    if (p.nextToken() != JsonToken.VALUE_STRING) {
                        throw new HolidayDataException(
                                source, "\"" + list + "\" has a date whose value is not a string", written);
                    }
                    LocalDate date = date(source, written);
                    if (date.getYear() != year) {
                        outside.add(date.toString());
                    }
                    String[] parts = p.getText().split(",", -1);
                    List<Festival> festival = parts.length > 1 ? Festival.of(parts[1]) : List.of();
                    if (listed.put(
                                    date,
                                    new ListedDay(
                                            date,
                                            festival.size() == 1
                                                    ? festival.get(0).chinese()
                                                    : "",
                                            off))
                            != null) {
                        throw new HolidayDataException(source, date + " is listed both as a holiday and a workday");
                    }
                }
            }
            if (p.nextToken() != null) {
                throw new HolidayDataException(source, expected);
            }
        } catch (JsonProcessingException e) {
            throw HolidayFile.notJson(source, e);
        } catch (IOException e) {
            throw new HolidayDataException(source, "not valid JSON");
        }
        if (!outside.isEmpty()) {
            throw new HolidayDataException(
                    source,
                    "lists " + String.join(", ", outside.subList(0, Math.min(10, outside.size()))) + ", outside " + year
                            + " (a chinese-days file holds one calendar year)");
        }
        return new HolidayYear(year, source, new ArrayList<>(listed.values()));
    }

    private static LocalDate date(String source, String key) throws HolidayDataException {
        try {
            return LocalDate.parse(key);
        } catch (DateTimeException e) {
            throw new HolidayDataException(source, "a key is not a date YYYY-MM-DD", key);
        }
    }
}
