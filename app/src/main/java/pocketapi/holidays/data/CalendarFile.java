package pocketapi.holidays.data;

import java.time.LocalDate;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Pattern;
import pocketapi.holidays.HolidayDataException;
import pocketapi.holidays.ListedDay;
import pocketapi.holidays.OwnCalendar;
import pocketapi.holidays.Week;

/**
 * A named calendar of one's own, {@code NAME.json} in {@code CALENDARS_DIR}:
 * {@code {"week":"6","days":[{"name":"公司假日","date":"2026-12-24","isOffDay":true}, ...]}}: {@code week} as the
 * {@code week} parameter takes it (optional: Monday to Friday), {@code days} in holiday-cn's shape, each a day off or a
 * working day that wins over everything. NAME is {@code [a-z0-9-]{1,32}}; {@code exchange} is the built-in one.
 * Stateless.
 */
public final class CalendarFile {
    private static final Pattern NAME = Pattern.compile("[a-z0-9-]{1,32}");

    private CalendarFile() {}

    /** Whether {@code name} is a valid calendar name. */
    public static boolean validName(String name) {
        return NAME.matcher(name).matches();
    }

    /**
     * @param name the calendar's name, its file name without {@code .json}
     * @throws HolidayDataException naming {@code source} and the problem
     */
    public static OwnCalendar parse(String source, String name, byte[] bytes) throws HolidayDataException {
        if (!validName(name)) {
            throw new HolidayDataException(source, "a calendar's name must be 1 to 32 of a-z, 0-9 and -");
        }
        if (name.equals(OwnCalendar.EXCHANGE.name())) {
            throw new HolidayDataException(
                    source, "exchange is the built-in calendar of the stock exchanges; " + "give yours another name");
        }
        HolidayFile.Own own = HolidayFile.parseOwn(source, bytes);
        Week week = Week.FIVE;
        if (own.week() != null) {
            String written = own.week().isTextual() || own.week().isInt()
                    ? own.week().asText()
                    : own.week().toString();
            try {
                week = Week.parse(written);
            } catch (IllegalArgumentException e) {
                throw new HolidayDataException(source, "\"week\" " + e.getMessage(), written);
            }
        }
        Map<LocalDate, ListedDay> days = new TreeMap<>();
        for (ListedDay day : HolidayFile.days(source, own)) {
            if (days.put(day.date(), day) != null) {
                throw new HolidayDataException(source, "date " + day.date() + " is listed twice");
            }
        }
        return new OwnCalendar(name, week, days);
    }
}
