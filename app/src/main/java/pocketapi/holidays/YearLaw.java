package pocketapi.holidays;

import java.time.LocalDate;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What a region's law fixes of one year, for classifying its days and breaks ({@link OfficialDays},
 * {@link Arrangement}). Two shapes: the mainland's law names festivals and how many days each gives, and the year's
 * notice arranges the rest ({@code arranged}: a weekday off the law does not fix is a substitute for a statutory day
 * lost to a weekend, a day in lieu of a make-up day, or an extra day, by the break's count); a region's law fixes its
 * statutory and substitute days itself, and its list's other weekday days off are holidays of the list (or in lieu,
 * where a make-up day repays them). Immutable.
 *
 * @param festivals the statutory holidays by festival (the mainland's: what a break's count is made of); else empty
 * @param statutory the statutory days
 * @param substitutes the days the law gives in stead of one lost to a weekend or to another's date
 * @param worked working days with a status of their own (Macau's civil service's days off)
 * @param arranged whether the notice arranges substitutes and days in lieu from the festivals' count
 */
public record YearLaw(
        List<Law.Holiday> festivals,
        Set<LocalDate> statutory,
        Set<LocalDate> substitutes,
        Map<LocalDate, Status> worked,
        boolean arranged) {
    public YearLaw {
        festivals = List.copyOf(festivals);
        statutory = Set.copyOf(statutory);
        substitutes = Set.copyOf(substitutes);
        worked = Map.copyOf(worked);
    }

    /** A region's law: its statutory and substitute days, and its working days of their own. */
    public static YearLaw fixed(Set<LocalDate> statutory, Set<LocalDate> substitutes, Map<LocalDate, Status> worked) {
        return new YearLaw(List.of(), statutory, substitutes, worked, false);
    }

    /** A listed weekday off that is no statutory day, before its break says more: extra, a substitute or a holiday. */
    Status weekdayOff(LocalDate date) {
        return arranged ? Status.EXTRA : substitutes.contains(date) ? Status.SUBSTITUTE : Status.HOLIDAY;
    }

    /** A weekday not listed off: a working day, or one with a status of its own. */
    Status workday(LocalDate date) {
        return worked.getOrDefault(date, Status.WORKDAY);
    }
}
