package pocketapi.holidays;

import java.time.DayOfWeek;
import java.time.LocalDate;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Working days 2020-2026 from the official breaks alone (holiday-breaks.csv), written without the main code: a day off
 * is a day inside a break; a make-up day is listed with its break; any other Monday to Friday is a working day. Sums
 * and steps are plain day-by-day walks.
 */
public final class WorkdayFacts {
    public static final LocalDate FIRST = LocalDate.of(2020, 1, 1);
    public static final LocalDate LAST = LocalDate.of(2026, 12, 31);
    private static final Set<LocalDate> OFF = new HashSet<>();
    private static final Set<LocalDate> MAKE_UP = new HashSet<>();

    static {
        for (Break b : BreakFacts.all()) {
            for (LocalDate d = b.start(); !d.isAfter(b.end()); d = d.plusDays(1)) {
                OFF.add(d);
            }
            MAKE_UP.addAll(b.makeUpDays());
        }
    }

    private WorkdayFacts() {}

    public static boolean isWorkday(LocalDate date) {
        if (OFF.contains(date)) {
            return false;
        }
        if (MAKE_UP.contains(date)) {
            return true;
        }
        return date.getDayOfWeek() != DayOfWeek.SATURDAY && date.getDayOfWeek() != DayOfWeek.SUNDAY;
    }

    public static int count(LocalDate from, LocalDate to) {
        int n = 0;
        for (LocalDate d = from; !d.isAfter(to); d = d.plusDays(1)) {
            n += isWorkday(d) ? 1 : 0;
        }
        return n;
    }

    /** The walk: step one day at a time in n's direction, counting working days; empty past the facts. */
    public static Optional<LocalDate> add(LocalDate date, int n) {
        if (n == 0) {
            for (LocalDate d = date; !d.isAfter(LAST); d = d.plusDays(1)) {
                if (isWorkday(d)) {
                    return Optional.of(d);
                }
            }
            return Optional.empty();
        }
        int step = n > 0 ? 1 : -1;
        int left = Math.abs(n);
        LocalDate d = date;
        while (left > 0) {
            d = d.plusDays(step);
            if (d.isBefore(FIRST) || d.isAfter(LAST)) {
                return Optional.empty();
            }
            if (isWorkday(d)) {
                left--;
            }
        }
        return Optional.of(d);
    }

    public static List<Integer> steps() {
        return List.of(-10, -1, 0, 1, 10);
    }
}
