package pocketapi.holiday.source;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.DateTimeException;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import com.fasterxml.jackson.core.*;

import pocketapi.holiday.Festival;
import pocketapi.holiday.HolidayDataException;
import pocketapi.holiday.HolidayYear;
import pocketapi.holiday.ListedDay;

/**
 * chinese-days' {@code dist/years/YYYY.json}, the confirming source: {@code {"holidays":{"2026-01-01":
 * "New Year's Day,元旦,1",...},"workdays":{"2026-01-04":"...",...},"inLieuDays":{...}}}. {@code holidays}
 * lists days off (weekend days inside a break included), {@code workdays} the days worked in
 * exchange; everything else is ignored. It files by calendar year, so every date must lie in the
 * file's year. A day is named by the one festival its name stands for ({@code "Spring Festival,春节,4"}
 * is 春节), else {@code ""}. Untrusted input, read as strictly as {@link HolidayFile}. Stateless.
 */
public final class ChineseDaysFile implements YearSource {
    public static final YearSource CHINESE_DAYS = new ChineseDaysFile();
    private static final JsonFactory JSON = JsonFactory.builder()
            .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION).build();

    private ChineseDaysFile() {
    }

    @Override
    public String name() {
        return "chinese-days";
    }

    @Override
    public HolidayYear read(String where, int year, byte[] bytes) throws HolidayDataException {
        return parse(where, year, bytes);
    }

    /** @throws HolidayDataException naming {@code source} and the problem */
    public static HolidayYear parse(String source, int year, byte[] bytes) throws HolidayDataException {
        String text = HolidayFile.utf8(source, bytes);
        Map<LocalDate, ListedDay> listed = new TreeMap<>();
        List<String> outside = new ArrayList<>();
        try (JsonParser p = JSON.createParser(text.startsWith("\uFEFF") ? text.substring(1) : text)) {
            if (p.nextToken() != JsonToken.START_OBJECT) {
                throw new HolidayDataException(source, "expected a JSON object with \"holidays\" and \"workdays\"");
            }
            while (p.nextToken() == JsonToken.FIELD_NAME) {
                String field = p.currentName();
                JsonToken value = p.nextToken();
                boolean off = field.equals("holidays");
                if (!off && !field.equals("workdays")) {
                    p.skipChildren();
                    continue;
                }
                if (value != JsonToken.START_OBJECT) {
                    throw new HolidayDataException(source, "\"" + field + "\" must be an object of dates");
                }
                while (p.nextToken() == JsonToken.FIELD_NAME) {
                    String key = p.currentName();
                    if (p.nextToken() != JsonToken.VALUE_STRING) {
                        throw new HolidayDataException(source, "\"" + field + "\" has a date whose value is not a string",
                                key);
                    }
                    LocalDate date = date(source, key);
                    if (date.getYear() != year) {
                        outside.add(date.toString());
                    }
                    String[] parts = p.getText().split(",", -1);
                    List<Festival> festival = parts.length > 1 ? Festival.of(parts[1]) : List.of();
                    String name = festival.size() == 1 ? festival.get(0).chinese() : "";
                    if (listed.put(date, new ListedDay(date, name, off)) != null) {
                        throw new HolidayDataException(source, "" + date + " is listed both as a holiday and a workday");
                    }
                }
            }
            if (p.nextToken() != null) {
                throw new HolidayDataException(source, "content after the end of the object");
            }
        } catch (JsonProcessingException e) {
            throw HolidayFile.notJson(source, e);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        if (!outside.isEmpty()) {
            throw new HolidayDataException(source, "lists " + String.join(", ", outside.subList(0, Math.min(10,
                    outside.size()))) + ", outside " + year + " (a chinese-days file holds one calendar year)");
        }
        return new HolidayYear(year, source, new ArrayList<>(listed.values()));
    }

    private static LocalDate date(String source, String key) throws HolidayDataException {
        try {
            return java.time.LocalDate.parse(key);
        } catch (DateTimeException e) {
            throw new HolidayDataException(source, "a key is not a date YYYY-MM-DD", key);
        }
    }
}
