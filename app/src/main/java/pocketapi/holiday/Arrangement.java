package pocketapi.holiday;

import java.time.DayOfWeek;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;

/**
 * Turns a notice's list of days into its breaks. A break is a run of consecutive days off under
 * one festival name; each weekend make-up working day of a festival goes to that festival's break
 * nearest to it (a festival has one break in every real notice). A weekday listed as working is
 * an ordinary working day, as in the calendar, so it is no make-up day. Stateless.
 */
final class Arrangement {
    private Arrangement() {
    }

    static List<Break> breaks(HolidayYear notice) {
        // Dates are unique within a notice (the loader checks), so a sorted map orders them. No
        // streams or lambdas: this runs at start-up, where each would cost a class spun on first use.
        TreeMap<LocalDate, OfficialDay> byDate = new TreeMap<>();
        for (OfficialDay day : notice.days()) {
            byDate.put(day.date(), day);
        }
        List<OfficialDay> off = new ArrayList<>();
        for (OfficialDay day : byDate.values()) {
            if (day.offDay()) {
                off.add(day);
            }
        }
        List<String> names = new ArrayList<>();
        List<LocalDate[]> runs = new ArrayList<>();
        for (OfficialDay day : off) {
            int last = runs.size() - 1;
            if (last >= 0 && names.get(last).equals(day.festival())
                    && runs.get(last)[1].plusDays(1).equals(day.date())) {
                runs.get(last)[1] = day.date();
            } else {
                names.add(day.festival());
                runs.add(new LocalDate[] {day.date(), day.date()});
            }
        }
        List<List<LocalDate>> makeUps = new ArrayList<>();
        for (int i = 0; i < runs.size(); i++) {
            makeUps.add(new ArrayList<>());
        }
        for (OfficialDay d : byDate.values()) {
            if (d.offDay() || !weekend(d.date())) {
                continue;
            }
            int nearest = -1;
            long distance = Long.MAX_VALUE;
            for (int i = 0; i < runs.size(); i++) {
                long gap = gap(runs.get(i), d.date());
                if (names.get(i).equals(d.festival()) && gap < distance) {
                    nearest = i;
                    distance = gap;
                }
            }
            if (nearest >= 0) {
                makeUps.get(nearest).add(d.date());
            }
        }
        List<Break> breaks = new ArrayList<>();
        for (int i = 0; i < runs.size(); i++) {
            breaks.add(new Break(notice.year(), names.get(i), runs.get(i)[0], runs.get(i)[1], makeUps.get(i)));
        }
        return breaks;
    }

    private static long gap(LocalDate[] run, LocalDate date) {
        if (date.isBefore(run[0])) {
            return run[0].toEpochDay() - date.toEpochDay();
        }
        return Math.max(0, date.toEpochDay() - run[1].toEpochDay());
    }

    static boolean weekend(LocalDate date) {
        return date.getDayOfWeek() == DayOfWeek.SATURDAY || date.getDayOfWeek() == DayOfWeek.SUNDAY;
    }
}
