package pocketapi.holidays.data;

import java.time.LocalDate;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Pattern;
import pocketapi.files.Allowance;
import pocketapi.holidays.HolidayDataException;
import pocketapi.holidays.ListedDay;
import pocketapi.holidays.OwnCalendar;
import pocketapi.holidays.Week;

/**
 * A named calendar of one's own, {@code NAME.json} in {@code CALENDARS_DIR}:
 * {@code {"week":"6","days":[{"name":"公司假日","date":"2026-12-24","isOffDay":true}, ...]}}: {@code week} as the
 * {@code week} parameter takes it (optional: Monday to Friday), {@code days} in holiday-cn's shape, each a day off or a
 * working day that wins over everything. NAME is {@code [a-z0-9-]{1,32}}; {@code exchange} is the built-in one. Read by
 * {@link HolidayFile}'s one reader of this shape, each day charged to the allowance before it is read. Stateless.
 */
public final class CalendarFile {
    private static final Pattern NAME = Pattern.compile("[a-z0-9-]{1,32}");
    /**
     * What a calendar takes of the heap, charged as it is read: {@value #BYTES} bytes, and {@value #BYTES_PER_DAY} a
     * listed day (its date, entry, name and map entry).
     */
    static final int BYTES = 1024;

    static final int BYTES_PER_DAY = 240;

    private CalendarFile() {}

    /** Whether {@code name} is a valid calendar name. */
    public static boolean validName(String name) {
        return NAME.matcher(name).matches();
    }

    /**
     * @param name the calendar's name, its file name without {@code .json}
     * @param allowance charged what the calendar takes of the heap, a day at a time
     * @throws HolidayDataException naming {@code source} and the problem
     * @throws Allowance.Exceeded past the allowance
     */
    public static OwnCalendar parse(String source, String name, byte[] bytes, Allowance allowance)
            throws HolidayDataException {
        if (!validName(name)) {
            throw new HolidayDataException(source, "a calendar's name must be 1 to 32 of a-z, 0-9 and -");
        }
        if (name.equals(OwnCalendar.EXCHANGE.name())) {
            throw new HolidayDataException(
                    source, "exchange is the built-in calendar of the stock exchanges; " + "give yours another name");
        }
        allowance.charge(BYTES);
        HolidayFile.Read read = HolidayFile.readShape(
                source, bytes, HolidayFile.Shape.CALENDAR, kept -> allowance.charge(BYTES_PER_DAY));
        Week week = Week.FIVE;
        if (read.week() != null) {
            try {
                week = Week.parse(read.week());
            } catch (IllegalArgumentException e) {
                throw new HolidayDataException(source, "\"week\" " + e.getMessage(), read.week());
            }
        }
        Map<LocalDate, ListedDay> days = new TreeMap<>();
        for (ListedDay day : read.days() == null ? List.<ListedDay>of() : read.days()) {
            if (days.put(day.date(), day) != null) {
                throw new HolidayDataException(source, "date " + day.date() + " is listed twice");
            }
        }
        return new OwnCalendar(name, week, days);
    }

    /** What a calendar takes of the heap. */
    static long bytes(OwnCalendar calendar) {
        return BYTES + (long) BYTES_PER_DAY * calendar.days().size();
    }
}
