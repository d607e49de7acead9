package pocketapi.holidays.data;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.exc.MismatchedInputException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.time.DateTimeException;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import pocketapi.files.Json;
import pocketapi.holidays.HolidayDataException;
import pocketapi.holidays.HolidayYear;
import pocketapi.holidays.ListedDay;
import pocketapi.logging.LogText;

/**
 * One year in the holiday-cn format, a record read by the one codec: {@code {"year":2027,"days":[{"name":"元旦",
 * "date":"2027-01-01","isOffDay":true}, ...]}}; other top-level keys ({@code $schema}, {@code papers}) are ignored.
 * Every problem is reported naming the source. Stateless.
 *
 * <p>Every file is untrusted input, whoever wrote it: strict UTF-8, no key twice in one object, no value of another
 * type taken for the one expected, festival names without control or format characters and at most {@value #MAX_NAME}
 * characters long, and the file's own text is quoted in a message only escaped, cut short, and for an operator's own
 * file alone ({@link HolidayDataException}).
 */
public final class HolidayFile implements YearSource {
    /** holiday-cn's files, as fetched: names read through the festival table. */
    public static final YearSource HOLIDAY_CN = new HolidayFile();

    /** The longest real name, 2015's 抗日战争暨世界反法西斯战争胜利70周年纪念日, has 22 characters. */
    public static final int MAX_NAME = 64;
    /** The most entries a year's file may list: counted before any is read. */
    static final int MAX_DAYS = 366 + 31;

    /** A year's file. */
    record YearFile(Integer year, List<Entry> days) {}

    /** A calendar of one's own: its week rule (a string, or the number 5 or 6) and its days. */
    record Own(JsonNode week, List<Entry> days) {}

    /** One entry of {@code days}. */
    record Entry(String name, String date, Boolean isOffDay) {}

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
        // Read as text, counted and then read by one parser (the byte parser's classes are not needed at start).
        String json = text(source, bytes);
        if (Json.count(json, "days") > MAX_DAYS) {
            throw new HolidayDataException(
                    source,
                    "\"days\" lists more than " + MAX_DAYS + " entries (a year and the " + "December before it have "
                            + MAX_DAYS + " days)");
        }
        YearFile f = readYear(source, json);
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
        return new HolidayYear(expectedYear, source, entries(source, f.days()));
    }

    /**
     * Parses a calendar of one's own, {@code {"week":"6","days":[...]}}: {@code week} optional, {@code days} in this
     * format's shape, of any dates, held to the same rules as a holiday year.
     */
    static Own parseOwn(String source, byte[] bytes) throws HolidayDataException {
        return read(source, bytes, Own.class, e -> wrongType(e, "\"week\" and \"days\""));
    }

    /** The days of a calendar of one's own. */
    static List<ListedDay> days(String source, Own own) throws HolidayDataException {
        return entries(source, own.days() == null ? List.of() : own.days());
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

    /** A file's text: strict UTF-8, a byte order mark (harmless in a file saved with a Windows editor) skipped. */
    private static String text(String source, byte[] bytes) throws HolidayDataException {
        String text = utf8(source, bytes);
        return text.startsWith("\uFEFF") ? text.substring(1) : text;
    }

    /**
     * Reads a file's one object strictly (a byte order mark, harmless in a file saved with a Windows editor, is
     * skipped).
     */
    static <T> T read(String source, byte[] bytes, Class<T> type, Function<MismatchedInputException, String> wrongType)
            throws HolidayDataException {
        String json = text(source, bytes);
        try {
            return Json.strictly(type).readValue(json);
        } catch (MismatchedInputException e) {
            String[] problem = wrongType.apply(e).split("\u0000", 2);
            throw new HolidayDataException(source, problem[0], problem.length > 1 ? problem[1] : null);
        } catch (JsonProcessingException e) {
            throw notJson(source, e);
        }
    }

    /**
     * A year's file, its text without a byte order mark, read token by token (as {@link #read} binds it, the same
     * checks and messages): the built-in years are read at every start, before the databind is needed by anything else.
     */
    static YearFile readYear(String source, String json) throws HolidayDataException {
        try (JsonParser p = Json.FACTORY.createParser(json)) {
            String shape = "expected a JSON object with \"year\" and \"days\"";
            if (p.nextToken() != JsonToken.START_OBJECT) {
                throw new HolidayDataException(source, shape);
            }
            Integer year = null;
            List<Entry> days = null;
            for (JsonToken t = p.nextToken(); t == JsonToken.FIELD_NAME; t = p.nextToken()) {
                String field = p.currentName();
                JsonToken value = p.nextToken();
                if (field.equals("year")) {
                    if (value != JsonToken.VALUE_NULL && value != JsonToken.VALUE_NUMBER_INT) {
                        throw new HolidayDataException(source, "\"year\" must be a whole number");
                    }
                    year = value == JsonToken.VALUE_NULL ? null : p.getIntValue();
                } else if (field.equals("days")) {
                    if (value != JsonToken.VALUE_NULL && value != JsonToken.START_ARRAY) {
                        throw new HolidayDataException(source, "\"days\" must be an array");
                    }
                    days = value == JsonToken.VALUE_NULL ? null : entries(source, p);
                } else {
                    p.skipChildren();
                }
            }
            if (p.nextToken() != null) {
                throw new HolidayDataException(source, shape);
            }
            return new YearFile(year, days);
        } catch (JsonProcessingException e) {
            throw notJson(source, e);
        } catch (IOException e) {
            throw new HolidayDataException(source, "not valid JSON");
        }
    }

    /** The entries of {@code days}, the parser at its start. */
    private static List<Entry> entries(String source, JsonParser p) throws IOException, HolidayDataException {
        List<Entry> days = new ArrayList<>();
        for (JsonToken t = p.nextToken(); t != JsonToken.END_ARRAY; t = p.nextToken()) {
            String at = "days[" + days.size() + "]";
            if (t == JsonToken.VALUE_NULL) {
                days.add(null);
                continue;
            }
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
            days.add(new Entry(name, date, off));
        }
        return days;
    }

    /**
     * What a value of the wrong type was expected to be, by where it is: {@code days[3]: "isOffDay" must be true or
     * false}.
     */
    private static String wrongType(MismatchedInputException e, String shape) {
        List<JsonMappingException.Reference> path = e.getPath();
        String field =
                path.isEmpty() ? "" : String.valueOf(path.get(path.size() - 1).getFieldName());
        String at = path.size() >= 2 && path.get(1).getIndex() >= 0
                ? "days[" + path.get(1).getIndex() + "]"
                : "";
        return switch (path.size()) {
            case 0 -> "expected a JSON object with " + shape;
            case 1 ->
                field.equals("days")
                        ? "\"days\" must be an array"
                        : field.equals("year")
                                ? "\"year\" must be a whole number"
                                : "\"" + field + "\" must be a string";
            case 2 -> at + " must be an object with name, date and isOffDay";
            default ->
                at + ": \"" + field + "\" "
                        + switch (field) {
                            case "isOffDay" -> "must be true or false";
                            case "date" -> "must be a string YYYY-MM-DD";
                            default -> "must be a non-empty string";
                        };
        };
    }

    private static List<ListedDay> entries(String source, List<Entry> days) throws HolidayDataException {
        List<ListedDay> entries = new ArrayList<>();
        for (int i = 0; i < days.size(); i++) {
            entries.add(entry(source, "days[" + i + "]", days.get(i)));
        }
        return entries;
    }

    private static ListedDay entry(String source, String at, Entry day) throws HolidayDataException {
        if (day == null) {
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
                throw new HolidayDataException(
                        source,
                        at + ": \"name\" contains a control or format character (U+" + String.format("%04X", cp) + ")",
                        name);
            }
            i += Character.charCount(cp);
        }
        if (day.isOffDay() == null) {
            throw new HolidayDataException(source, at + ": \"isOffDay\" must be true or false");
        }
        if (day.date() == null) {
            throw new HolidayDataException(source, at + ": \"date\" must be a string YYYY-MM-DD");
        }
        try {
            return new ListedDay(
                    LocalDate.parse(day.date()), name, day.isOffDay()); // which dates a year may list: HolidayGate
        } catch (DateTimeException e) {
            throw new HolidayDataException(source, at + ": \"date\" is not a date YYYY-MM-DD", day.date());
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
