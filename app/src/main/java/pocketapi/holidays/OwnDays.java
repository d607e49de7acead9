package pocketapi.holidays;

import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Derives the days and the breaks of a {@link OwnCalendar} from the official calendar's.
 *
 * <p>Each day is the schedule's ({@link OwnCalendar#personal}). A break is the official break as the person has it: its
 * days worked under the schedule are cut from its ends (a Saturday a six-day week works is no longer part of it), the
 * days off the schedule lists next to it join it, and its make-up days are those still worked (none at the exchange). A
 * run of listed days off outside every break is a break of its own, under the listed name. Stateless.
 */
final class OwnDays {
    private OwnDays() {}

    /** The schedule's days, each with the break it belongs to. */
    static Day[] days(HolidayCalendar official, OwnCalendar schedule) {
        List<Day> base = official.days();
        Day[] days = new Day[base.size()];
        for (int i = 0; i < days.length; i++) {
            days[i] = schedule.personal(base.get(i));
        }
        return days;
    }

    /** The breaks as the schedule has them, in date order; sets each day's break in {@code days}. */
    static List<Break> breaks(HolidayCalendar official, OwnCalendar schedule, Day[] days) {
        LocalDate first = official.first();
        TreeMap<LocalDate, Break> byStart = new TreeMap<>();
        boolean[] taken = new boolean[days.length];
        for (Break b : official.breaks()) {
            int start = Math.max(0, index(first, b.start()));
            int end = Math.min(days.length - 1, index(first, b.end()));
            while (start <= end && days[start].working()) {
                start++;
            }
            while (end >= start && days[end].working()) {
                end--;
            }
            if (start > end) {
                continue; // every day of it is worked
            }
            while (start > 0 && listedOff(schedule, days[start - 1]) && !taken[start - 1]) {
                start--;
            }
            while (end < days.length - 1 && listedOff(schedule, days[end + 1]) && !taken[end + 1]) {
                end++;
            }
            LocalDate s = first.plusDays(start);
            LocalDate e = first.plusDays(end);
            List<LocalDate> makeUp = new ArrayList<>();
            for (LocalDate d : b.makeUpDays()) {
                if (official.covers(d) && days[index(first, d)].working()) {
                    makeUp.add(d);
                }
            }
            put(
                    byStart,
                    taken,
                    new Break(b.year(), b.name(), s, e, makeUp, within(b.statutory(), s, e), within(b.inLieu(), s, e)),
                    first);
        }
        for (Map.Entry<LocalDate, ListedDay> own : schedule.days().entrySet()) {
            LocalDate date = own.getKey();
            if (!own.getValue().offDay() || !official.covers(date) || taken[index(first, date)]) {
                continue;
            }
            int start = index(first, date);
            int end = start;
            while (end < days.length - 1
                    && !taken[end + 1]
                    && !days[end + 1].working()
                    && (listedOff(schedule, days[end + 1]) || Day.weekend(days[end + 1].date()))) {
                end++;
            }
            while (start > 0
                    && !taken[start - 1]
                    && !days[start - 1].working()
                    && Day.weekend(days[start - 1].date())) {
                start--;
            }
            put(
                    byStart,
                    taken,
                    new Break(
                            date.getYear(),
                            own.getValue().festival(),
                            first.plusDays(start),
                            first.plusDays(end),
                            List.of(),
                            List.of(),
                            List.of()),
                    first);
        }
        for (Break b : byStart.values()) {
            for (LocalDate d = b.start(); !d.isAfter(b.end()); d = d.plusDays(1)) {
                withBreak(days, index(first, d), b);
            }
            for (LocalDate d : b.makeUpDays()) {
                withBreak(days, index(first, d), b);
            }
        }
        return List.copyOf(byStart.values());
    }

    private static boolean listedOff(OwnCalendar schedule, Day day) {
        ListedDay own = schedule.days().get(day.date());
        return own != null && own.offDay();
    }

    private static void put(TreeMap<LocalDate, Break> byStart, boolean[] taken, Break b, LocalDate first) {
        byStart.put(b.start(), b);
        for (int i = index(first, b.start()); i <= index(first, b.end()); i++) {
            taken[i] = true;
        }
    }

    private static void withBreak(Day[] days, int i, Break b) {
        Day d = days[i];
        days[i] = days[i].in(b);
    }

    private static List<LocalDate> within(List<LocalDate> dates, LocalDate start, LocalDate end) {
        List<LocalDate> kept = new ArrayList<>();
        for (LocalDate d : dates) {
            if (!d.isBefore(start) && !d.isAfter(end)) {
                kept.add(d);
            }
        }
        return kept;
    }

    private static int index(LocalDate first, LocalDate date) {
        return (int) (date.toEpochDay() - first.toEpochDay());
    }
}
