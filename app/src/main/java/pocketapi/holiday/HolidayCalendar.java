package pocketapi.holiday;

import java.time.Clock;
import java.time.DayOfWeek;
import java.time.LocalDate;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import pocketapi.Utc8;

/**
 * Classifies every date of a contiguous covered range as a day off, an ordinary day or a make-up
 * working day, following the rules of the contract (§3).
 *
 * <p>Every day of the range is classified once, at construction; afterwards the calendar is
 * immutable and safe to share between threads. "Today" is the UTC+8 date of the injected clock.
 */
public final class HolidayCalendar {
    private static final String MAKE_UP_MARKER = "调休";

    private final LocalDate first;
    private final LocalDate last;
    private final Day[] days;
    private final Clock clock;

    /**
     * @param first    the first covered date
     * @param last     the last covered date (inclusive)
     * @param official the entries of the official notices; entries outside the range are ignored
     * @throws IllegalArgumentException if the range is empty or two entries share a date
     */
    public HolidayCalendar(LocalDate first, LocalDate last, Collection<OfficialDay> official, Clock clock) {
        if (last.isBefore(first)) {
            throw new IllegalArgumentException("empty range " + first + " .. " + last);
        }
        Map<LocalDate, OfficialDay> byDate = new HashMap<>();
        for (OfficialDay day : official) {
            if (byDate.put(day.date(), day) != null) {
                throw new IllegalArgumentException("two entries for " + day.date());
            }
        }
        this.first = first;
        this.last = last;
        this.clock = clock;
        this.days = new Day[(int) (last.toEpochDay() - first.toEpochDay() + 1)];
        for (int i = 0; i < days.length; i++) {
            LocalDate date = first.plusDays(i);
            days[i] = classify(date, byDate.get(date));
        }
    }

    private static Day classify(LocalDate date, OfficialDay entry) {
        boolean weekend = date.getDayOfWeek() == DayOfWeek.SATURDAY || date.getDayOfWeek() == DayOfWeek.SUNDAY;
        if (entry != null && entry.offDay()) {
            return new Day(date, DayStatus.TURE, entry.festival(), Alarm.VACATION);
        }
        // A make-up working day is only ever a weekend day; a weekday listed as working is just a working day.
        if (entry != null && weekend) {
            return new Day(date, DayStatus.WORKER, entry.festival() + MAKE_UP_MARKER, Alarm.WORK);
        }
        return new Day(date, DayStatus.FLASE, "", weekend ? Alarm.VACATION : Alarm.WORK);
    }

    /** The first covered date. */
    public LocalDate first() {
        return first;
    }

    /** The last covered date (inclusive). */
    public LocalDate last() {
        return last;
    }

    /** Whether {@code date} lies in the covered range. */
    public boolean covers(LocalDate date) {
        return !date.isBefore(first) && !date.isAfter(last);
    }

    /**
     * The classification of a covered date.
     *
     * @throws IllegalArgumentException if the date is not covered
     */
    public Day classify(LocalDate date) {
        if (!covers(date)) {
            throw new IllegalArgumentException(date + " is outside " + first + " .. " + last);
        }
        return days[(int) (date.toEpochDay() - first.toEpochDay())];
    }

    /** Every covered day, in date order. */
    public List<Day> days() {
        return List.of(days);
    }

    /** Today's date in UTC+8, from the injected clock. */
    public LocalDate today() {
        return Utc8.today(clock);
    }
}
