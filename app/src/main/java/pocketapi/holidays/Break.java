package pocketapi.holidays;

import java.time.LocalDate;
import java.time.temporal.ChronoUnit;
import java.util.List;

/**
 * One break of a notice: the whole run of days off under one festival name, with the ordinary weekend days next to it
 * (2024's 端午节 is 06-08…06-10, though its notice lists 06-10 alone), that festival's weekend make-up working days in the
 * same notice, its statutory holidays and the days off its make-up days repay.
 */
public record Break(
        int year,
        String name,
        LocalDate start,
        LocalDate end,
        List<LocalDate> makeUpDays,
        List<LocalDate> statutory,
        List<LocalDate> inLieu) {

    public Break {
        makeUpDays = List.copyOf(makeUpDays);
        statutory = List.copyOf(statutory);
        inLieu = List.copyOf(inLieu);
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
