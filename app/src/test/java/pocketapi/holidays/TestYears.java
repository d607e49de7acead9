package pocketapi.holidays;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import pocketapi.holidays.data.HolidayData;
import pocketapi.holidays.data.HolidayFile;

/** Holiday years for tests: holiday-cn's real files, the built-in years and a made-up 2027. */
public final class TestYears {
    /** holiday-cn's real placeholder, as it publishes a year before the notice is out. */
    public static final String PLACEHOLDER_2027 = """
            {
                "$schema": "https://example.invalid/schema.json",
                "year": 2027,
                "papers": [],
                "days": []
            }""";

    private TestYears() {}

    /** A resource of the test classpath as text. */
    public static String resource(String path) {
        try (InputStream in = TestYears.class.getResourceAsStream("/" + path)) {
            if (in == null) {
                throw new IllegalArgumentException("no test resource " + path);
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** A plausible 2027 made up for the tests (30 days off, 5 make-up days), as holiday-cn would publish it. */
    public static String madeUp2027() {
        return resource("made-up-2027.json");
    }

    /**
     * A year that keeps to the law and no more: each statutory holiday of {@code year} a day off, named after its
     * festival (for tests that need some lawful year other than 2020-2027).
     */
    public static String lawful(int year) {
        StringBuilder days = new StringBuilder();
        for (Law.Holiday h : Law.of(year, LunarCalendar.get())) {
            if (days.indexOf(h.date().toString()) < 0) {
                days.append(days.length() == 0 ? "" : ",\n    ")
                        .append("{\"name\": \"")
                        .append(h.festival().chinese())
                        .append("\", \"date\": \"")
                        .append(h.date())
                        .append("\", \"isOffDay\": true}");
            }
        }
        return "{\n  \"year\": " + year + ",\n  \"days\": [\n    " + days + "\n  ]\n}\n";
    }

    public static HolidayYear parse(int year, String json) {
        try {
            return HolidayFile.parse(
                    "test " + year + ".json", year, json.getBytes(java.nio.charset.StandardCharsets.UTF_8));
        } catch (HolidayDataException e) {
            throw new IllegalStateException(e);
        }
    }

    /** chinese-days' real file of a calendar year (npm chinese-days 1.5.7, dist/years/). */
    public static String chineseDays(int year) {
        return resource("chinese-days/" + year + ".json");
    }

    /**
     * The dates of {@code calendarYear} that a holiday-cn file lists, written as chinese-days writes a year:
     * {@code {"holidays":{date:"name,name,1"},"workdays":{...},"inLieuDays":{}}}.
     */
    public static String asChineseDays(String holidayCn, int fileYear, int calendarYear) {
        StringBuilder holidays = new StringBuilder();
        StringBuilder workdays = new StringBuilder();
        for (ListedDay day : parse(fileYear, holidayCn).days()) {
            if (day.date().getYear() == calendarYear) {
                StringBuilder to = day.offDay() ? holidays : workdays;
                to.append(to.length() == 0 ? "" : ",")
                        .append('"')
                        .append(day.date())
                        .append("\":\"")
                        .append(day.festival())
                        .append(',')
                        .append(day.festival())
                        .append(",1\"");
            }
        }
        return "{\"holidays\":{" + holidays + "},\"workdays\":{" + workdays + "},\"inLieuDays\":{}}";
    }

    /** A built-in year's file as shipped. */
    public static String builtIn(int year) {
        return resource("holidays/" + year + ".json");
    }

    /** The built-in calendar plus the given years. */
    public static HolidayCalendar calendarWith(Clock clock, HolidayYear... extra) {
        try {
            List<HolidayYear> years = new ArrayList<>(HolidayData.builtIn());
            HolidayCalendar calendar = HolidayCalendar.of(years, Set.of(), clock);
            for (HolidayYear year : extra) {
                calendar = calendar.withYear(year);
            }
            return calendar;
        } catch (HolidayDataException e) {
            throw new IllegalStateException(e);
        }
    }
}
