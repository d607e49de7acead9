package pocketapi.holidays;

import java.time.LocalDate;
import java.util.*;
import pocketapi.logging.LogText;

/**
 * The comparison between the served calendar and the confirming source: per calendar date, on {@link Status#lived}, and
 * on the festival where both name one (chinese-days names a joint break's dates one festival at a time: its festival
 * must be one of the break's). Never on raw lists, and never on names as written: both are read through the
 * {@link Festival} table. Stateless.
 */
public final class Confirmation {
    private Confirmation() {}

    /**
     * A date on which the two sources disagree: on its status, or (the statuses agreeing) on its festival,
     * {@code primaryName} and {@code confirmingName} then being the table's names.
     */
    public record Dispute(
            LocalDate date, String primary, String confirming, String primaryName, String confirmingName) {
        public Dispute(LocalDate date, String primary, String confirming) {
            this(date, primary, confirming, null, null);
        }

        @Override
        public String toString() {
            return primaryName == null
                    ? date + " (holiday-cn: " + primary + ", chinese-days: " + confirming + ")"
                    : date + " (holiday-cn: " + primaryName + ", chinese-days: " + confirmingName + ")";
        }
    }

    /**
     * The dates whose answer {@code proposed} changes against {@code current}: status or name, and every date
     * {@code current} does not cover at all.
     */
    public static SortedSet<LocalDate> changedDates(HolidayCalendar current, HolidayCalendar proposed) {
        SortedSet<LocalDate> changed = new TreeSet<>();
        if (proposed == current) {
            return changed;
        }
        for (Day day : proposed.days()) {
            Day now = current.covers(day.date()) ? current.classify(day.date()) : null;
            if (now == null || now.status() != day.status() || !now.name().equals(day.name())) {
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

    /**
     * Every date of the confirming year (a calendar year: every date it lists lies in it) that {@code calendar} covers
     * and serves differently.
     */
    public static List<Dispute> disputes(HolidayCalendar calendar, HolidayYear confirming) {
        List<Dispute> disputes = new ArrayList<>();
        Map<LocalDate, ListedDay> listed = confirming.byDate();
        LocalDate end = LocalDate.of(confirming.year(), 12, 31);
        for (LocalDate date = LocalDate.of(confirming.year(), 1, 1); !date.isAfter(end); date = date.plusDays(1)) {
            if (calendar.covers(date)) {
                Day day = calendar.classify(date);
                ListedDay entry = listed.get(date);
                String served = day.status().lived();
                String other = Status.lived(date, entry == null ? null : entry.offDay());
                List<Festival> festival = entry == null ? List.of() : Festival.of(entry.festival());
                List<Festival> festivals = Festival.of(festivalName(day));
                if (!served.equals(other)) {
                    disputes.add(new Dispute(date, served, other));
                } else if (festival.size() == 1 && !day.name().isEmpty() && !festivals.contains(festival.get(0))) {
                    disputes.add(new Dispute(
                            date,
                            served,
                            other,
                            festivals.isEmpty() ? "a name none of the seven festivals" : Festival.chinese(festivals),
                            festival.get(0).chinese()));
                }
            }
        }
        return disputes;
    }

    /** The festival name of a day: a make-up day's name without its 调休 mark. */
    private static String festivalName(Day day) {
        String name = day.name();
        return day.status() == Status.MAKE_UP && name.endsWith("调休") ? name.substring(0, name.length() - 2) : name;
    }

    /** The dates of {@code disputes}, in order. */
    public static List<LocalDate> dates(List<Dispute> disputes) {
        SortedSet<LocalDate> dates = new TreeSet<>();
        for (Dispute d : disputes) {
            dates.add(d.date());
        }
        return List.copyOf(dates);
    }

    /** Disputes for a log line: the first few in full, then how many more. */
    public static String describe(List<Dispute> disputes) {
        return LogText.first(disputes, 12);
    }
}
