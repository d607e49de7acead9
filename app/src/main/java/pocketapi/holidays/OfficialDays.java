package pocketapi.holidays;

import java.time.LocalDate;
import java.util.*;
import java.util.function.Predicate;

/**
 * Classifies every covered day from the notices: each date by its own entry and the law ({@link #classify}), then by
 * the break it belongs to ({@link Arrangement}): its kind (in lieu, substitute, extra) and the whole break.
 * {@link OwnDays} does the same for a calendar of one's own, from these days. Runs at start-up: no streams, no lambdas.
 * Stateless.
 */
final class OfficialDays {
    private OfficialDays() {}

    /** Every covered day in date order, and the breaks in date order. */
    record Built(Day[] days, List<Break> breaks) {}

    /** @param byDate every notice's entries by date (a date listed by two notices: the later one's) */
    static Built build(
            NavigableMap<Integer, HolidayYear> years,
            Map<LocalDate, ListedDay> byDate,
            LocalDate first,
            LocalDate last,
            Region region) {
        Day[] days = new Day[(int) (last.toEpochDay() - first.toEpochDay() + 1)];
        Map<Integer, YearLaw> laws = new HashMap<>();
        for (int year = years.firstKey(); year <= years.lastKey(); year++) {
            laws.put(year, region.law(year));
        }
        YearLaw all = union(laws); // a year's law may reach into the next (Taiwan's 31 December for New Year's Day)
        for (int i = 0; i < days.length; i++) {
            LocalDate date = first.plusDays(i);
            days[i] = classify(date, byDate.get(date), all, region);
        }
        TreeMap<LocalDate, Break> byStart = new TreeMap<>(); // days off are unique, so starts are too
        OrdinaryWeekend widening = new OrdinaryWeekend(byDate, first, last);
        for (HolidayYear notice : years.values()) {
            for (Arrangement.Arranged a : Arrangement.breaks(notice, widening, laws.get(notice.year()), all)) {
                Break b = a.brk();
                byStart.put(b.start(), b);
                for (LocalDate d = b.start(); !d.isAfter(b.end()); d = d.plusDays(1)) {
                    if (d.isBefore(first) || d.isAfter(last)) {
                        continue; // 2008's New Year break began in 2007, before the data a calendar may start with
                    }
                    int i = index(first, d);
                    Day day = days[i];
                    days[i] = day.as(a.kinds().getOrDefault(d, day.status()), day.name())
                            .in(b);
                }
                for (LocalDate d : b.makeUpDays()) {
                    if (!d.isBefore(first) && !d.isAfter(last)) {
                        int i = index(first, d);
                        Day day = days[i];
                        days[i] = days[i].in(b);
                    }
                }
            }
        }
        return new Built(days, List.copyOf(byStart.values()));
    }

    private static int index(LocalDate first, LocalDate date) {
        return (int) (date.toEpochDay() - first.toEpochDay());
    }

    /** An unlisted weekend day inside the covered range: how far a break widens. */
    private static final class OrdinaryWeekend implements Predicate<LocalDate> {
        private final Map<LocalDate, ListedDay> listed;
        private final LocalDate first;
        private final LocalDate last;

        OrdinaryWeekend(Map<LocalDate, ListedDay> listed, LocalDate first, LocalDate last) {
            this.listed = listed;
            this.first = first;
            this.last = last;
        }

        @Override
        public boolean test(LocalDate d) {
            return !d.isBefore(first) && !d.isAfter(last) && Day.weekend(d) && !listed.containsKey(d);
        }
    }

    /** The law of every year held as one: their statutory, substitute and worked days together. */
    private static YearLaw union(Map<Integer, YearLaw> laws) {
        Set<LocalDate> statutory = new HashSet<>();
        Set<LocalDate> substitutes = new HashSet<>();
        Map<LocalDate, Status> worked = new HashMap<>();
        boolean arranged = false;
        for (YearLaw law : laws.values()) {
            statutory.addAll(law.statutory());
            substitutes.addAll(law.substitutes());
            worked.putAll(law.worked());
            arranged = law.arranged();
        }
        return new YearLaw(List.of(), statutory, substitutes, worked, arranged);
    }

    /**
     * A date by its own entry and its year's law: a listed weekday day off is what the law makes it until its break
     * says more (an extra day on the mainland, a region's holiday or substitute); an unlisted weekday is a working day,
     * or one of a status of its own (Macau's civil service's).
     */
    private static Day classify(LocalDate date, ListedDay entry, YearLaw law, Region region) {
        boolean weekend = Day.weekend(date);
        boolean statutory = law.statutory().contains(date);
        if (entry != null && entry.offDay()) {
            return Day.of(
                    date,
                    statutory ? Status.STATUTORY : weekend ? Status.WEEKEND_OFF : law.weekdayOff(date),
                    entry.festival(),
                    statutory);
        }
        // A make-up working day is only ever a weekend day; a weekday listed as working is just a working day.
        if (entry != null && weekend) {
            return Day.of(date, Status.MAKE_UP, entry.festival() + region.makeUp(), false);
        }
        if (weekend) {
            // An ordinary weekend is a day off; on a statutory date (the data did not list it) it is that holiday.
            return Day.of(date, statutory ? Status.STATUTORY_WEEKEND : Status.WEEKEND, "", statutory);
        }
        return Day.of(date, law.workday(date), "", false);
    }
}
