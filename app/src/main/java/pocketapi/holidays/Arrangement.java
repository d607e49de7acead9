package pocketapi.holidays;

import java.time.LocalDate;
import java.util.*;
import java.util.function.Predicate;

/**
 * Turns a notice's list of days into its breaks, and says what each of their days off is.
 *
 * <ol>
 *   <li>A break is a run of listed days off under one festival name; weekend days the list leaves out inside it
 *       (holiday-cn's 2014 清明节 lists 04-05 and 04-07) do not split it. It is then widened over the ordinary weekend
 *       days next to it: the whole break a person takes.
 *   <li>Each weekend make-up working day of a festival goes to that festival's break nearest to it.
 *   <li>The statutory holidays of the break's festivals ({@link Law}) inside it are its statutory days; each one that
 *       fell on a weekend, or on a date another statutory holiday already holds, was <em>lost</em>.
 *   <li>Its listed weekday days off that are not statutory, in date order: the first are <b>substitute</b> days, one
 *       per lost statutory day; of the rest, each make-up day before the break repays the earliest left, each one after
 *       it the latest left (<b>in lieu</b>); any left over are <b>extra</b>. With no extra day this is "the last k are
 *       in lieu"; 2020's Spring Festival, extended by a second notice that also cancelled its 02-01 make-up day, gets
 *       01-29 in lieu of 01-19, and 01-30 and 01-31 as extra days.
 * </ol>
 *
 * Stateless.
 */
final class Arrangement {
    private Arrangement() {}

    /** A break, and the kind of each of its listed weekday days off that is not statutory. */
    record Arranged(Break brk, Map<LocalDate, Status> kinds) {}

    /**
     * @param notice the year's notice
     * @param offOutside whether an unlisted date is an ordinary day off (a weekend day that is no make-up day, inside
     *     the covered range): how far a break widens
     */
    static List<Arranged> breaks(HolidayYear notice, Predicate<LocalDate> offOutside, YearLaw law, YearLaw all) {
        // Dates are unique within a notice (the loader checks), so a sorted map orders them. No
        // streams or lambdas: this runs at start-up, where each would cost a class spun on first use.
        TreeMap<LocalDate, ListedDay> byDate = new TreeMap<>();
        for (ListedDay day : notice.days()) {
            byDate.put(day.date(), day);
        }
        List<String> names = new ArrayList<>();
        List<LocalDate[]> runs = new ArrayList<>();
        for (ListedDay day : byDate.values()) {
            if (!day.offDay()) {
                continue;
            }
            int last = runs.size() - 1;
            if (last >= 0 && names.get(last).equals(day.festival()) && joins(runs.get(last)[1], day.date(), byDate)) {
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
        for (ListedDay d : byDate.values()) {
            if (d.offDay() || !Day.weekend(d.date())) {
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
        List<Arranged> breaks = new ArrayList<>();
        for (int i = 0; i < runs.size(); i++) {
            LocalDate start = runs.get(i)[0];
            LocalDate end = runs.get(i)[1];
            while (offOutside.test(start.minusDays(1)) && !byDate.containsKey(start.minusDays(1))) {
                start = start.minusDays(1);
            }
            while (offOutside.test(end.plusDays(1)) && !byDate.containsKey(end.plusDays(1))) {
                end = end.plusDays(1);
            }
            // The mainland's notice arranges its breaks from the law's festivals; a region's law fixes its own days.
            Arranged a = arrange(
                    notice.year(),
                    names.get(i),
                    start,
                    end,
                    makeUps.get(i),
                    byDate,
                    law.festivals(),
                    law.arranged() ? Set.of() : all.statutory(),
                    law.arranged() ? Set.of() : all.substitutes());
            breaks.add(law.arranged() ? a : new Arranged(a.brk(), repaid(a.kinds())));
        }
        return breaks;
    }

    /**
     * A region's law fixes its own statutory and substitute days (the classification has them), so of the break's other
     * weekday days off only those its make-up days repay (Taiwan's 調整放假) change kind: in lieu.
     */
    private static Map<LocalDate, Status> repaid(Map<LocalDate, Status> kinds) {
        Map<LocalDate, Status> inLieu = new HashMap<>();
        for (Map.Entry<LocalDate, Status> k : kinds.entrySet()) {
            if (k.getValue() == Status.IN_LIEU) {
                inLieu.put(k.getKey(), Status.IN_LIEU);
            }
        }
        return inLieu;
    }

    /** Whether a listed day off continues the run ending at {@code last}: only unlisted weekend days between. */
    private static boolean joins(LocalDate last, LocalDate next, Map<LocalDate, ListedDay> listed) {
        for (LocalDate d = last.plusDays(1); d.isBefore(next); d = d.plusDays(1)) {
            if (!Day.weekend(d) || listed.containsKey(d)) {
                return false;
            }
        }
        return true;
    }

    private static Arranged arrange(
            int year,
            String name,
            LocalDate start,
            LocalDate end,
            List<LocalDate> makeUps,
            Map<LocalDate, ListedDay> listed,
            List<Law.Holiday> law,
            Set<LocalDate> regionLaw,
            Set<LocalDate> regionSubstitutes) {
        List<Festival> festivals = Festival.of(name);
        List<LocalDate> statutory = new ArrayList<>();
        Set<LocalDate> weekdays = new HashSet<>();
        int held = 0;
        for (Law.Holiday h : law) {
            if (festivals.contains(h.festival())
                    && !h.date().isBefore(start)
                    && !h.date().isAfter(end)) {
                held++;
                if (!statutory.contains(h.date())) {
                    statutory.add(h.date());
                }
                if (!Day.weekend(h.date())) {
                    weekdays.add(h.date());
                }
            }
        }
        for (LocalDate d = start; !d.isAfter(end); d = d.plusDays(1)) {
            if (regionLaw.contains(d)) {
                statutory.add(d);
            }
        }
        statutory.sort(null);
        int lost = held - weekdays.size();
        List<LocalDate> candidates = new ArrayList<>();
        for (LocalDate d = start; !d.isAfter(end); d = d.plusDays(1)) {
            ListedDay entry = listed.get(d);
            if (entry != null
                    && entry.offDay()
                    && !Day.weekend(d)
                    && !statutory.contains(d)
                    && !regionSubstitutes.contains(d)) {
                candidates.add(d);
            }
        }
        Map<LocalDate, Status> kinds = new HashMap<>();
        int substitutes = Math.min(lost, candidates.size());
        for (int i = 0; i < substitutes; i++) {
            kinds.put(candidates.get(i), Status.SUBSTITUTE);
        }
        List<LocalDate> rest = new ArrayList<>(candidates.subList(substitutes, candidates.size()));
        int before = 0;
        for (LocalDate m : makeUps) {
            before += m.isBefore(start) ? 1 : 0;
        }
        int front = Math.min(before, rest.size());
        int back = Math.min(makeUps.size() - before, rest.size() - front);
        List<LocalDate> inLieu = new ArrayList<>();
        for (int i = 0; i < rest.size(); i++) {
            boolean repaid = i < front || i >= rest.size() - back;
            kinds.put(rest.get(i), repaid ? Status.IN_LIEU : Status.EXTRA);
            if (repaid) {
                inLieu.add(rest.get(i));
            }
        }
        return new Arranged(new Break(year, name, start, end, makeUps, statutory, inLieu), kinds);
    }

    private static long gap(LocalDate[] run, LocalDate date) {
        if (date.isBefore(run[0])) {
            return run[0].toEpochDay() - date.toEpochDay();
        }
        return Math.max(0, date.toEpochDay() - run[1].toEpochDay());
    }
}
