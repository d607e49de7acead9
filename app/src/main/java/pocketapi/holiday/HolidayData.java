package pocketapi.holiday;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.LocalDate;
import java.time.DateTimeException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import pocketapi.IsoDate;
import pocketapi.Resources;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParseException;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;

/**
 * Loads holiday years in the holiday-cn format ({@code {"year":2027,"days":[{"name":"元旦",
 * "date":"2027-01-01","isOffDay":true}, ...]}}) into a {@link HolidayCalendar}.
 *
 * <p>The built-in years are resources listed in {@value #BUILT_IN_INDEX}; {@code YYYY.json} files
 * of an operator's folder add years or replace built-in ones. The years must form one contiguous
 * span, and no date may be listed twice. Every problem is reported naming the file.
 */
public final class HolidayData {
    static final String BUILT_IN_INDEX = "holidays/index.txt";
    private static final Pattern YEAR_FILE = Pattern.compile("\\d{4}\\.json");
    private static final JsonFactory JSON = new JsonFactory();

    private HolidayData() {
    }

    /** One year file, parsed. */
    record YearFile(int year, String source, List<OfficialDay> days) {
    }

    /** Loads the built-in years, then those of {@code dir} (if given), into a calendar. */
    public static HolidayCalendar load(Optional<Path> dir, Clock clock) throws HolidayDataException {
        TreeMap<Integer, YearFile> years = new TreeMap<>();
        for (YearFile file : builtIn()) {
            years.put(file.year(), file);
        }
        if (dir.isPresent()) {
            for (YearFile file : folder(dir.get())) {
                years.put(file.year(), file);
            }
        }
        return calendar(years, clock);
    }

    static HolidayCalendar calendar(TreeMap<Integer, YearFile> years, Clock clock) throws HolidayDataException {
        if (years.isEmpty()) {
            throw new HolidayDataException("no holiday data: not a single YYYY.json year was loaded");
        }
        Map<LocalDate, String> seen = new HashMap<>();
        List<OfficialDay> all = new ArrayList<>();
        Integer previous = null;
        for (YearFile file : years.values()) {
            if (previous != null && file.year() != previous + 1) {
                throw new HolidayDataException(file.source() + ": year " + file.year() + " leaves a gap after "
                        + previous + "; the years must be contiguous (add " + (previous + 1) + ".json)");
            }
            previous = file.year();
            for (OfficialDay day : file.days()) {
                String other = seen.putIfAbsent(day.date(), file.source());
                if (other != null) {
                    throw new HolidayDataException(file.source() + ": date " + day.date()
                            + " is listed twice (also in " + other + ")");
                }
                all.add(day);
            }
        }
        LocalDate first = LocalDate.of(years.firstKey(), 1, 1);
        LocalDate last = LocalDate.of(years.lastKey(), 12, 31);
        return new HolidayCalendar(first, last, all, clock);
    }

    private static List<YearFile> builtIn() throws HolidayDataException {
        List<YearFile> files = new ArrayList<>();
        for (String name : resource(BUILT_IN_INDEX).split("\n")) {
            if (!name.isBlank()) {
                String path = "holidays/" + name.strip();
                files.add(parse("built-in " + path, name.strip(), resource(path)));
            }
        }
        return files;
    }

    private static String resource(String path) throws HolidayDataException {
        byte[] bytes = Resources.read(path)
                .orElseThrow(() -> new HolidayDataException("built-in " + path + ": missing from the jar"));
        return new String(bytes, StandardCharsets.UTF_8);
    }

    private static List<YearFile> folder(Path dir) throws HolidayDataException {
        List<Path> paths;
        try (Stream<Path> list = Files.list(dir)) {
            paths = list.filter(p -> YEAR_FILE.matcher(p.getFileName().toString()).matches()).sorted().toList();
            // (a stream is fine here: only with HOLIDAY_DATA_DIR, and the folder is small)
        } catch (IOException e) {
            throw new HolidayDataException(dir + ": cannot list the folder (" + e.getMessage() + ")");
        }
        List<YearFile> files = new ArrayList<>();
        for (Path path : paths) {
            String text;
            try {
                text = Files.readString(path, StandardCharsets.UTF_8);
            } catch (IOException e) {
                throw new HolidayDataException(path + ": cannot be read (" + e + ")");
            }
            files.add(parse(path.toString(), path.getFileName().toString(), text));
        }
        return files;
    }

    /** One entry of "days" as written, checked once the whole file has been read. */
    private record RawDay(int index, JsonToken kind, String name, String date, Boolean offDay) {
    }

    /** Parses one year file; {@code fileName} is {@code YYYY.json} and must agree with its {@code year}. */
    static YearFile parse(String source, String fileName, String json) throws HolidayDataException {
        int expectedYear = Integer.parseInt(fileName.substring(0, 4));
        Integer year = null;
        boolean yearSeen = false;
        List<RawDay> days = null;
        try (JsonParser p = JSON.createParser(json)) {
            if (p.nextToken() != JsonToken.START_OBJECT) {
                throw new HolidayDataException(source + ": expected a JSON object with \"year\" and \"days\"");
            }
            while (p.nextToken() == JsonToken.FIELD_NAME) {
                String field = p.currentName();
                JsonToken value = p.nextToken();
                if (field.equals("year")) {
                    yearSeen = true;
                    year = value == JsonToken.VALUE_NUMBER_INT && p.getNumberType() == JsonParser.NumberType.INT
                            ? p.getIntValue() : null;
                } else if (field.equals("days") && value == JsonToken.START_ARRAY) {
                    days = rawDays(p);
                } else {
                    p.skipChildren();
                }
            }
            if (p.nextToken() != null) {
                throw new JsonParseException(p, "content after the end of the object");
            }
        } catch (JsonProcessingException e) {
            throw new HolidayDataException(source + ": not valid JSON (" + e.getOriginalMessage() + ")");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        if (!yearSeen || year == null) {
            throw new HolidayDataException(source + ": \"year\" must be a whole number");
        }
        if (year != expectedYear) {
            throw new HolidayDataException(source + ": \"year\" is " + year + " but the file name says " + expectedYear);
        }
        if (days == null) {
            throw new HolidayDataException(source + ": \"days\" must be an array");
        }
        List<OfficialDay> entries = new ArrayList<>();
        for (RawDay day : days) {
            entries.add(entry(source, expectedYear, day));
        }
        return new YearFile(expectedYear, source, List.copyOf(entries));
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

    private static OfficialDay entry(String source, int year, RawDay day) throws HolidayDataException {
        String where = source + ": days[" + day.index() + "]";
        if (day.kind() != JsonToken.START_OBJECT) {
            throw new HolidayDataException(where + " must be an object with name, date and isOffDay");
        }
        if (day.name() == null || day.name().isBlank()) {
            throw new HolidayDataException(where + ": \"name\" must be a non-empty string");
        }
        if (day.offDay() == null) {
            throw new HolidayDataException(where + ": \"isOffDay\" must be true or false");
        }
        if (day.date() == null) {
            throw new HolidayDataException(where + ": \"date\" must be a string YYYY-MM-DD");
        }
        LocalDate parsed;
        try {
            parsed = IsoDate.parse(day.date());
        } catch (DateTimeException e) {
            throw new HolidayDataException(where + ": \"date\" \"" + day.date() + "\" is not a date YYYY-MM-DD");
        }
        // A break may start in the previous calendar year (2023's New Year break starts 2022-12-31).
        if (Math.abs(parsed.getYear() - year) > 1) {
            throw new HolidayDataException(where + ": date " + parsed + " is too far from the year " + year);
        }
        return new OfficialDay(parsed, day.name().strip(), day.offDay());
    }
}
