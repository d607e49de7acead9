package pocketapi.holiday;

import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.SortedSet;
import java.util.TreeSet;

/**
 * The comparison between the served calendar and the confirming source: per calendar date, on
 * {@link DateStatus} alone, never on names or raw lists. Stateless.
 */
public final class Confirmation {
    private Confirmation() {
    }

    /** A date on which the two sources disagree. */
    public record Dispute(LocalDate date, DateStatus primary, DateStatus confirming) {
        @Override
        public String toString() {
            return date + " (holiday-cn: " + primary + ", chinese-days: " + confirming + ")";
        }
    }

    /**
     * The dates whose answer {@code proposed} changes against {@code current}: status or name, and
     * every date {@code current} does not cover at all.
     */
    public static SortedSet<LocalDate> changedDates(HolidayCalendar current, HolidayCalendar proposed) {
        SortedSet<LocalDate> changed = new TreeSet<>();
        if (proposed == current) {
            return changed;
        }
        for (Day day : proposed.days()) {
            if (!current.covers(day.date()) || !current.classify(day.date()).equals(day)) {
                changed.add(day.date());
            }
        }
        return changed;
    }

    /** The calendar years of {@code dates}. */
    public static SortedSet<Integer> years(Iterable<LocalDate> dates) {
        SortedSet<Integer> years = new TreeSet<>();
        for (LocalDate date : dates) {
            years.add(date.getYear());
        }
        return years;
    }

    /** Every date of the confirming file's year that {@code calendar} covers and serves differently. */
    public static List<Dispute> disputes(HolidayCalendar calendar, ChineseDaysFile confirming) {
        List<Dispute> disputes = new ArrayList<>();
        LocalDate end = LocalDate.of(confirming.year(), 12, 31);
        for (LocalDate date = LocalDate.of(confirming.year(), 1, 1); !date.isAfter(end); date = date.plusDays(1)) {
            if (calendar.covers(date)) {
                DateStatus served = DateStatus.of(calendar.classify(date));
                DateStatus other = confirming.status(date);
                if (served != other) {
                    disputes.add(new Dispute(date, served, other));
                }
            }
        }
        return disputes;
    }

    /** Disputes for a log line: the first few in full, then how many more. */
    public static String describe(List<Dispute> disputes) {
        List<String> shown = new ArrayList<>();
        for (Dispute d : disputes.subList(0, Math.min(disputes.size(), 12))) {
            shown.add(d.toString());
        }
        return String.join(", ", shown) + (disputes.size() > 12 ? " and " + (disputes.size() - 12) + " more" : "");
    }
}
