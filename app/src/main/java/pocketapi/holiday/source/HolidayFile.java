package pocketapi.holiday.source;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.time.DateTimeException;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;

import com.fasterxml.jackson.core.*;

import pocketapi.holiday.HolidayDataException;
import pocketapi.holiday.HolidayYear;
import pocketapi.holiday.ListedDay;
import pocketapi.logging.LogText;

/**
 * Reads one year in the holiday-cn format: {@code {"year":2027,"days":[{"name":"元旦",
 * "date":"2027-01-01","isOffDay":true}, ...]}}; other top-level keys ({@code $schema},
 * {@code papers}) are ignored. Every problem is reported naming the source. Stateless.
 *
 * <p>Every file is untrusted input, whoever wrote it: strict UTF-8, no key twice in one object,
 * festival names without control or format characters and at most {@value #MAX_NAME} characters
 * long, and the file's own text is quoted in a message only escaped and cut short.
 */
public final class HolidayFile implements YearSource {
    /** holiday-cn's files, as fetched: names read through the festival table. */
    public static final YearSource HOLIDAY_CN = new HolidayFile();

    /** The longest real name, 2015's 抗日战争暨世界反法西斯战争胜利70周年纪念日, has 22 characters. */
    static final int MAX_NAME = 64;
    private static final JsonFactory JSON = JsonFactory.builder()
            .enable(com.fasterxml.jackson.core.StreamReadFeature.STRICT_DUPLICATE_DETECTION).build();

    private HolidayFile() {
    }

    @Override
    public String name() {
        return "holiday-cn";
    }

    @Override
    public HolidayYear read(String where, int year, byte[] bytes) throws HolidayDataException {
        return parse(where, year, bytes).canonical();
    }

    /** One entry of "days" as written, checked once the whole file has been read. */
    private record RawDay(int index, JsonToken kind, String name, String date, Boolean offDay) {
    }

    /**
     * Parses one year from the bytes of its file; its {@code year} must be {@code expectedYear} (the
     * year its file or URL is named after).
     *
     * @throws HolidayDataException naming {@code source} and the problem
     */
    public static HolidayYear parse(String source, int expectedYear, byte[] bytes) throws HolidayDataException {
        return parse(source, expectedYear, utf8(source, bytes));
    }

    /** The bytes as UTF-8, refusing any malformed sequence (a lenient decode would serve U+FFFD). */
    static String utf8(String source, byte[] bytes) throws HolidayDataException {
        try {
            return StandardCharsets.UTF_8.newDecoder().decode(ByteBuffer.wrap(bytes)).toString();
        } catch (CharacterCodingException e) {
            throw new HolidayDataException(source, "not valid UTF-8 text");
        }
    }

    /** Parses one year already decoded (for tests and text at hand). */
    static HolidayYear parse(String source, int expectedYear, String json) throws HolidayDataException {
        Fields f = readObject(source, json, "\"year\" and \"days\"");
        if (f.year == null) {
            throw new HolidayDataException(source, "\"year\" must be a whole number");
        }
        if (f.year != expectedYear) {
            throw new HolidayDataException(source, "\"year\" is " + f.year + " but the file name says " + expectedYear);
        }
        if (f.days == null) {
            throw new HolidayDataException(source, "\"days\" must be an array");
        }
        return new HolidayYear(expectedYear, source, entries(source, f.days));
    }

    /** A calendar of one's own as written: its week rule ({@code null} when absent) and its days. */
    record Own(String week, List<ListedDay> days) {
    }

    /**
     * Parses a calendar of one's own, {@code {"week":"6","days":[...]}}: {@code week} a string (or
     * the number 5 or 6), optional; {@code days} in this format's shape, of any dates. Other keys
     * are ignored; everything else is held to the same rules as a holiday year.
     *
     * @throws HolidayDataException naming {@code source} and the problem
     */
    static Own parseOwn(String source, byte[] bytes) throws HolidayDataException {
        Fields f = readObject(source, utf8(source, bytes), "\"week\" and \"days\"");
        if (f.daysNotArray) {
            throw new HolidayDataException(source, "\"days\" must be an array");
        }
        return new Own(f.week, entries(source, f.days == null ? List.of() : f.days));
    }

    /** The fields of a file's top-level object as read: null when absent or not of their type. */
    private static final class Fields {
        Integer year;
        String week;
        List<RawDay> days;
        boolean daysNotArray;
    }

    /**
     * Reads the top-level object of a file's text strictly (no key twice, nothing after it; a byte
     * order mark, harmless in a file saved with a Windows editor, is skipped).
     *
     * @param shape what the object holds, for the message when it is not an object
     */
    private static Fields readObject(String source, String json, String shape) throws HolidayDataException {
        Fields f = new Fields();
        try (JsonParser p = JSON.createParser(json.startsWith("\uFEFF") ? json.substring(1) : json)) {
            if (p.nextToken() != JsonToken.START_OBJECT) {
                throw new HolidayDataException(source, "expected a JSON object with " + shape);
            }
            while (p.nextToken() == JsonToken.FIELD_NAME) {
                String name = p.currentName();
                JsonToken value = p.nextToken();
                if (name.equals("year")) {
                    f.year = value == JsonToken.VALUE_NUMBER_INT && p.getNumberType() == JsonParser.NumberType.INT
                            ? p.getIntValue() : null;
                } else if (name.equals("week")) {
                    f.week = value == JsonToken.VALUE_STRING || value == JsonToken.VALUE_NUMBER_INT ? p.getText() : "";
                } else if (name.equals("days") && value == JsonToken.START_ARRAY) {
                    f.days = rawDays(p);
                } else {
                    f.daysNotArray |= name.equals("days");
                    p.skipChildren();
                }
            }
            if (p.nextToken() != null) {
                throw new JsonParseException(p, "content after the end of the object");
            }
        } catch (JsonProcessingException e) {
            throw notJson(source, e);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return f;
    }

    private static List<ListedDay> entries(String source, List<RawDay> days) throws HolidayDataException {
        List<ListedDay> entries = new ArrayList<>();
        for (RawDay day : days) {
            entries.add(entry(source, day));
        }
        return entries;
    }

    private static List<RawDay> rawDays(JsonParser p) throws IOException {
        List<RawDay> days = new ArrayList<>();
        for (JsonToken t = p.nextToken(); t != JsonToken.END_ARRAY; t = p.nextToken()) {
            if (t != JsonToken.START_OBJECT) {
                p.skipChildren();
                days.add(new RawDay(days.size(), t, null, null, null));
                continue;
            }
            String name = null;
            String date = null;
            Boolean off = null;
            while (p.nextToken() == JsonToken.FIELD_NAME) {
                String field = p.currentName();
                JsonToken v = p.nextToken();
                switch (field) {
                    case "name" -> name = v == JsonToken.VALUE_STRING ? p.getText() : null;
                    case "date" -> date = v == JsonToken.VALUE_STRING ? p.getText() : null;
                    case "isOffDay" -> off = v == JsonToken.VALUE_TRUE ? Boolean.TRUE
                            : v == JsonToken.VALUE_FALSE ? Boolean.FALSE : null;
                    default -> p.skipChildren();
                }
            }
            days.add(new RawDay(days.size(), t, name, date, off));
        }
        return days;
    }

    private static ListedDay entry(String source, RawDay day) throws HolidayDataException {
        String at = "days[" + day.index() + "]";
        if (day.kind() != JsonToken.START_OBJECT) {
            throw new HolidayDataException(source, at + " must be an object with name, date and isOffDay");
        }
        if (day.name() == null || day.name().isBlank()) {
            throw new HolidayDataException(source, at + ": \"name\" must be a non-empty string");
        }
        String name = day.name().strip();
        if (name.codePointCount(0, name.length()) > MAX_NAME) {
            throw new HolidayDataException(source, at + ": \"name\" is longer than " + MAX_NAME + " characters");
        }
        for (int i = 0; i < name.length(); ) {
            int cp = name.codePointAt(i);
            if (LogText.unsafe(cp)) {
                throw new HolidayDataException(source, at + ": \"name\" contains a control or format character (U+"
                        + String.format("%04X", cp) + ")", name);
            }
            i += Character.charCount(cp);
        }
        if (day.offDay() == null) {
            throw new HolidayDataException(source, at + ": \"isOffDay\" must be true or false");
        }
        if (day.date() == null) {
            throw new HolidayDataException(source, at + ": \"date\" must be a string YYYY-MM-DD");
        }
        LocalDate parsed;
        try {
            parsed = java.time.LocalDate.parse(day.date());
        } catch (DateTimeException e) {
            throw new HolidayDataException(source, at + ": \"date\" is not a date YYYY-MM-DD", day.date());
        }
        return new ListedDay(parsed, name, day.offDay());  // which dates a year may list: HolidayGate
    }

    /**
     * A parse failure in words of the service's own: {@code not valid JSON at line 3, column 5}, or
     * {@code a key twice in one object at ...}; Jackson's message quotes the text, so it is kept
     * apart for the operator's own files.
     */
    static HolidayDataException notJson(String source, JsonProcessingException e) {
        String message = e.getOriginalMessage() == null ? "" : e.getOriginalMessage();
        String where = e.getLocation() == null ? ""
                : " at line " + e.getLocation().getLineNr() + ", column " + e.getLocation().getColumnNr();
        String what = message.startsWith("Duplicate field") ? "a key twice in one object" : "not valid JSON";
        // Without the "[Source: REDACTED ...]" Jackson puts inside some messages.
        return new HolidayDataException(source, what + where,
                message.replaceAll("\\s*\\(start marker at \\[Source: [^]]*]\\)", ""));
    }

    /** The year as a holiday-cn file (how the cache keeps what is served), read back equal by {@link #parse}. */
    public static byte[] write(HolidayYear year) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (JsonGenerator g = JSON.createGenerator(out, JsonEncoding.UTF8)) {
            g.writeStartObject();
            g.writeNumberField("year", year.year());
            g.writeArrayFieldStart("days");
            for (ListedDay day : year.days()) {
                g.writeRaw("\n  ");
                g.writeStartObject();
                g.writeStringField("name", day.festival());
                g.writeStringField("date", day.date().toString());
                g.writeBooleanField("isOffDay", day.offDay());
                g.writeEndObject();
            }
            g.writeRaw("\n");
            g.writeEndArray();
            g.writeEndObject();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        out.write('\n');
        return out.toByteArray();
    }
}
