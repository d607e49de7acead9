package pocketapi.holidays.data;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.time.DateTimeException;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import pocketapi.files.Json;
import pocketapi.holidays.HolidayDataException;
import pocketapi.holidays.HolidayYear;
import pocketapi.holidays.ListedDay;
import pocketapi.logging.LogText;

/**
 * holiday-cn's format, and the one reader of its shape, token by token through the one codec: a year's file
 * {@code {"year":2027,"days":[{"name":"元旦","date":"2027-01-01","isOffDay":true}, ...]}} (built in, fetched, kept in the
 * cache, in {@code HOLIDAY_DATA_DIR}, tried by {@code --check-holidays}) and a calendar of one's own
 * {@code {"week":"6","days":[...]}} ({@link CalendarFile}); other top-level keys ({@code $schema}, {@code papers}) are
 * ignored. Every problem is reported naming the source. Stateless.
 *
 * <p>Every file is untrusted input, whoever wrote it: strict UTF-8, no key twice in one object, no value of another
 * type taken for the one expected (a nested value where a scalar belongs is refused unread), festival names without
 * control or format characters and at most {@value #MAX_NAME} characters long, each entry counted or charged before it
 * is read and checked before it is kept (so a file is refused part-way, never held whole and measured after), and the
 * file's own text is quoted in a message only escaped, cut short, and for an operator's own file alone
 * ({@link HolidayDataException}).
 */
public final class HolidayFile implements YearSource {
    /** holiday-cn's files, as fetched: names read through the festival table. */
    public static final YearSource HOLIDAY_CN = new HolidayFile();

    /** The longest real name, 2015's 抗日战争暨世界反法西斯战争胜利70周年纪念日, has 22 characters. */
    public static final int MAX_NAME = 64;
    /** The most entries a year's file may list. */
    static final int MAX_DAYS = 366 + 31;

    /** Which file of this shape: the one field it reads beside {@code days}. */
    enum Shape {
        /** A year's file: {@code year}, a whole number. */
        YEAR("year"),
        /** A calendar of one's own: {@code week}, as the {@code week} parameter takes it. */
        CALENDAR("week");

        final String field;

        Shape(String field) {
            this.field = field;
        }
    }

    /**
     * A file of this shape as read: its {@code year} or its {@code week} as written (a nested value as {@code {…}} or
     * {@code […]}, unread), null when absent; its days, each checked, null when absent.
     */
    record Read(Integer year, String week, List<ListedDay> days) {}

    /** Lets an entry of {@code days} in, before it is read: refuses past a count, or charges what it will take. */
    interface Admission {
        /** @param kept how many entries are kept already */
        void admit(int kept) throws HolidayDataException;
    }

    /** A year as the cache keeps it. */
    private record YearFile(int year, List<Entry> days) {}

    /** One entry of {@code days}, as written. */
    private record Entry(String name, String date, boolean isOffDay) {}

    private HolidayFile() {}

    @Override
    public String name() {
        return "holiday-cn";
    }

    @Override
    public HolidayYear read(String where, int year, byte[] bytes) throws HolidayDataException {
        return parse(where, year, bytes).canonical();
    }

    /**
     * Parses one year from the bytes of its file; its {@code year} must be {@code expectedYear} (the year its file or
     * URL is named after).
     */
    public static HolidayYear parse(String source, int expectedYear, byte[] bytes) throws HolidayDataException {
        Read f = readShape(source, bytes, Shape.YEAR, kept -> {
            if (kept == MAX_DAYS) {
                throw new HolidayDataException(
                        source,
                        "\"days\" lists more than " + MAX_DAYS + " entries (a year and the December before it have "
                                + MAX_DAYS + " days)");
            }
        });
        if (f.year() == null) {
            throw new HolidayDataException(source, "\"year\" must be a whole number");
        }
        if (f.year() != expectedYear) {
            throw new HolidayDataException(
                    source, "\"year\" is " + f.year() + " but the file name says " + expectedYear);
        }
        if (f.days() == null) {
            throw new HolidayDataException(source, "\"days\" must be an array");
        }
        return new HolidayYear(expectedYear, source, f.days());
    }

    /** The bytes as UTF-8, refusing any malformed sequence (a lenient decode would serve U+FFFD). */
    static String utf8(String source, byte[] bytes) throws HolidayDataException {
        try {
            return StandardCharsets.UTF_8
                    .newDecoder()
                    .decode(ByteBuffer.wrap(bytes))
                    .toString();
        } catch (CharacterCodingException e) {
            throw new HolidayDataException(source, "not valid UTF-8 text");
        }
    }

    /**
     * A file's text: strict UTF-8, a byte order mark (harmless in a file saved with a Windows editor) skipped. Files
     * are read as text, by the text parser alone: its classes are the ones the start loads.
     */
    static String text(String source, byte[] bytes) throws HolidayDataException {
        String text = utf8(source, bytes);
        return text.startsWith("\uFEFF") ? text.substring(1) : text;
    }

    /** Reads a file of this shape; each entry of {@code days} is let in by {@code admission} before it is read. */
    static Read readShape(String source, byte[] bytes, Shape shape, Admission admission) throws HolidayDataException {
        try (JsonParser p = Json.FACTORY.createParser(text(source, bytes))) {
            String expected = "expected a JSON object with \"" + shape.field + "\" and \"days\"";
            if (p.nextToken() != JsonToken.START_OBJECT) {
                throw new HolidayDataException(source, expected);
            }
            Integer year = null;
            String week = null;
            List<ListedDay> days = null;
            for (JsonToken t = p.nextToken(); t == JsonToken.FIELD_NAME; t = p.nextToken()) {
                String field = p.currentName();
                JsonToken value = p.nextToken();
                if (field.equals("days")) {
                    if (value != JsonToken.VALUE_NULL && value != JsonToken.START_ARRAY) {
                        throw new HolidayDataException(source, "\"days\" must be an array");
                    }
                    days = value == JsonToken.VALUE_NULL ? null : days(source, p, admission);
                } else if (!field.equals(shape.field)) {
                    p.skipChildren();
                } else if (shape == Shape.YEAR) {
                    if (value != JsonToken.VALUE_NULL && value != JsonToken.VALUE_NUMBER_INT) {
                        throw new HolidayDataException(source, "\"year\" must be a whole number");
                    }
                    year = value == JsonToken.VALUE_NULL ? null : p.getIntValue();
                } else if (value.isStructStart()) {
                    p.skipChildren(); // not read: what expects a word refuses these
                    week = value == JsonToken.START_OBJECT ? "{…}" : "[…]";
                } else {
                    week = p.getText();
                }
            }
            if (p.nextToken() != null) {
                throw new HolidayDataException(source, expected);
            }
            return new Read(year, week, days);
        } catch (JsonProcessingException e) {
            throw notJson(source, e);
        } catch (IOException e) {
            throw new HolidayDataException(source, "not valid JSON");
        }
    }

    /** The entries of {@code days}, the parser at its start: each let in, read, checked, and only then kept. */
    private static List<ListedDay> days(String source, JsonParser p, Admission admission)
            throws IOException, HolidayDataException {
        List<ListedDay> days = new ArrayList<>();
        for (JsonToken t = p.nextToken(); t != JsonToken.END_ARRAY; t = p.nextToken()) {
            admission.admit(days.size());
            String at = "days[" + days.size() + "]";
            if (t != JsonToken.START_OBJECT) {
                throw new HolidayDataException(source, at + " must be an object with name, date and isOffDay");
            }
            String name = null;
            String date = null;
            Boolean off = null;
            for (JsonToken f = p.nextToken(); f == JsonToken.FIELD_NAME; f = p.nextToken()) {
                String field = p.currentName();
                JsonToken value = p.nextToken();
                boolean none = value == JsonToken.VALUE_NULL;
                switch (field) {
                    case "name", "date" -> {
                        if (!none && value != JsonToken.VALUE_STRING) {
                            throw new HolidayDataException(
                                    source,
                                    at + ": \"" + field + "\" "
                                            + (field.equals("date")
                                                    ? "must be a string YYYY-MM-DD"
                                                    : "must be a non-empty string"));
                        }
                        if (field.equals("name")) {
                            name = none ? null : p.getText();
                        } else {
                            date = none ? null : p.getText();
                        }
                    }
                    case "isOffDay" -> {
                        if (!none && !value.isBoolean()) {
                            throw new HolidayDataException(source, at + ": \"isOffDay\" must be true or false");
                        }
                        off = none ? null : value == JsonToken.VALUE_TRUE;
                    }
                    default -> p.skipChildren();
                }
            }
            days.add(entry(source, at, name, date, off));
        }
        return days;
    }

    private static ListedDay entry(String source, String at, String written, String date, Boolean off)
            throws HolidayDataException {
        if (written == null || written.isBlank()) {
            throw new HolidayDataException(source, at + ": \"name\" must be a non-empty string");
        }
        String name = written.strip();
        if (name.codePointCount(0, name.length()) > MAX_NAME) {
            throw new HolidayDataException(source, at + ": \"name\" is longer than " + MAX_NAME + " characters");
        }
        for (int i = 0; i < name.length(); ) {
            int cp = name.codePointAt(i);
            if (LogText.unsafe(cp)) {
                throw new HolidayDataException(
                        source,
                        at + ": \"name\" contains a control or format character (U+" + String.format("%04X", cp) + ")",
                        name);
            }
            i += Character.charCount(cp);
        }
        if (off == null) {
            throw new HolidayDataException(source, at + ": \"isOffDay\" must be true or false");
        }
        if (date == null) {
            throw new HolidayDataException(source, at + ": \"date\" must be a string YYYY-MM-DD");
        }
        try {
            return new ListedDay(LocalDate.parse(date), name, off); // which dates a year may list: HolidayGate
        } catch (DateTimeException e) {
            throw new HolidayDataException(source, at + ": \"date\" is not a date YYYY-MM-DD", date);
        }
    }

    /**
     * A parse failure in words of the service's own: {@code not valid JSON at line 3, column 5}, or {@code a key twice
     * in one object at ...}; Jackson's message quotes the text, so it is kept apart for the operator's own files.
     */
    static HolidayDataException notJson(String source, JsonProcessingException e) {
        String message = e.getOriginalMessage() == null ? "" : e.getOriginalMessage();
        String where = e.getLocation() == null
                ? ""
                : " at line " + e.getLocation().getLineNr() + ", column "
                        + e.getLocation().getColumnNr();
        String what = message.startsWith("Duplicate field") ? "a key twice in one object" : "not valid JSON";
        // Without the "[Source: REDACTED ...]" Jackson puts inside some messages.
        return new HolidayDataException(
                source, what + where, message.replaceAll("\\s*\\(start marker at \\[Source: [^]]*]\\)", ""));
    }

    /** The year as a holiday-cn file (how the cache keeps what is served), read back equal by {@link #parse}. */
    public static byte[] write(HolidayYear year) {
        List<Entry> days = new ArrayList<>();
        year.days().forEach(d -> days.add(new Entry(d.festival(), d.date().toString(), d.offDay())));
        try {
            return Json.mapper().writerWithDefaultPrettyPrinter().writeValueAsBytes(new YearFile(year.year(), days));
        } catch (IOException e) {
            throw new IllegalStateException("a year is always written", e);
        }
    }
}
