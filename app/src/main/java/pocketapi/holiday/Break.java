package pocketapi.holiday;

import java.time.LocalDate;
import java.time.temporal.ChronoUnit;
import java.util.List;

/**
 * One break of a notice: consecutive days off under one festival name, and that festival's
 * weekend make-up working days in the same notice.
 *
 * @param year       the notice the break belongs to (2023's New Year break starts on 2022-12-31)
 * @param makeUpDays in date order
 */
public record Break(int year, String name, LocalDate start, LocalDate end, List<LocalDate> makeUpDays) {

    public Break {
        makeUpDays = List.copyOf(makeUpDays);
    }

    /** How many days off in a row. */
    public int days() {
        return (int) ChronoUnit.DAYS.between(start, end) + 1;
    }

    /** Whether {@code date} is one of its days off. */
    public boolean contains(LocalDate date) {
        return !date.isBefore(start) && !date.isAfter(end);
    }
}
