package pocketapi.holiday;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.DateTimeException;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.StreamReadFeature;

import pocketapi.util.IsoDate;

/**
 * One calendar year of the confirming source, chinese-days' {@code dist/years/YYYY.json}:
 * {@code {"holidays":{"2026-01-01":"New Year's Day,元旦,1",...},"workdays":{"2026-01-04":"...",...},
 * "inLieuDays":{...}}}. {@code holidays} lists days off (weekend days inside a break included),
 * {@code workdays} the days worked in exchange; everything else is ignored. chinese-days files by
 * calendar year, so every date must lie in the file's year. Untrusted input, read as strictly as
 * {@link HolidayFile}. Immutable.
 *
 * @param listed every date listed, {@code true} for a day off, {@code false} for a worked day
 * @param names  the festival of each date listed, as the {@link Festival} table reads its name
 *               ({@code "Spring Festival,春节,4"} is 春节); absent where the name is none of the seven
 */
public record ChineseDaysFile(int year, String source, Map<LocalDate, Boolean> listed, Map<LocalDate, Festival> names) {
    private static final JsonFactory JSON = JsonFactory.builder()
            .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION).build();

    public ChineseDaysFile {
        listed = Collections.unmodifiableMap(new TreeMap<>(listed));
        names = Collections.unmodifiableMap(new TreeMap<>(names));
    }

    /** A file of dates alone (tests). */
    public ChineseDaysFile(int year, String source, Map<LocalDate, Boolean> listed) {
        this(year, source, listed, Map.of());
    }

    /** Whether the year is out: an empty file (or one without lists) is not. */
    public boolean published() {
        return !listed.isEmpty();
    }

    /** The status this source gives {@code date}, a date of its year. */
    public String status(LocalDate date) {
        return Status.lived(date, listed.get(date));
    }

    /** @throws HolidayDataException naming {@code source} and the problem */
    public static ChineseDaysFile parse(String source, int year, byte[] bytes) throws HolidayDataException {
        String text = HolidayFile.utf8(source, bytes);
        Map<LocalDate, Boolean> listed = new TreeMap<>();
        Map<LocalDate, Festival> names = new TreeMap<>();
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
                    if (listed.put(date, off) != null) {
                        throw new HolidayDataException(source, "" + date + " is listed both as a holiday and a workday");
                    }
                    String[] parts = p.getText().split(",", -1);
                    List<Festival> festival = parts.length > 1 ? Festival.of(parts[1]) : List.of();
                    if (festival.size() == 1) {
                        names.put(date, festival.get(0));
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
        return new ChineseDaysFile(year, source, listed, names);
    }

    private static LocalDate date(String source, String key) throws HolidayDataException {
        try {
            return IsoDate.parse(key);
        } catch (DateTimeException e) {
            throw new HolidayDataException(source, "a key is not a date YYYY-MM-DD", key);
        }
    }
}
