package pocketapi.holiday;

import java.time.Clock;
import java.time.DayOfWeek;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

import pocketapi.util.Utc8;

/**
 * The holiday years being served: every date from 1 January of the first year to 31 December of
 * the last is classified as a day off, an ordinary day or a make-up working day (README, "The JSON
 * record"). Years whose notice is known not to be out yet are remembered, so their dates can be
 * refused with the right words.
 *
 * <p>Every day is classified once, at construction; afterwards the calendar is immutable and safe
 * to share between threads. A change (a new year fetched) makes a new calendar ({@link #withYear}),
 * which {@link LiveCalendar} swaps in whole. "Today" is the UTC+8 date of the injected clock.
 */
public final class HolidayCalendar {
    private final NavigableMap<Integer, HolidayYear> years;
    private final Set<Integer> notPublished;
    private final NavigableMap<Integer, List<LocalDate>> disputed;
    private final LocalDate first;
    private final LocalDate last;
    private final Day[] days;
    private final List<Break> breaks;
    private final Workdays workdays;
    private final Clock clock;
    /** The official calendar this one derives from (itself when it is the official one), and how. */
    private final HolidayCalendar official;
    private final Schedule schedule;
    /** The official calendar's derived calendars, one per schedule object asked for. */
    private final Map<Schedule, HolidayCalendar> derived;

    private HolidayCalendar(NavigableMap<Integer, HolidayYear> years, Set<Integer> notPublished,
                            NavigableMap<Integer, List<LocalDate>> disputed, Clock clock, Map<LocalDate, ListedDay> byDate) {
        this.years = Collections.unmodifiableNavigableMap(years);
        this.notPublished = Collections.unmodifiableSet(notPublished);
        this.disputed = Collections.unmodifiableNavigableMap(disputed);
        this.clock = clock;
        this.first = LocalDate.of(years.firstKey(), 1, 1);
        this.last = LocalDate.of(years.lastKey(), 12, 31);
        Official.Built built = Official.build(years, byDate, first, last);
        this.days = built.days();
        this.breaks = built.breaks();
        this.workdays = new Workdays(first, List.of(days));
        this.official = this;
        this.derived = new java.util.concurrent.ConcurrentHashMap<>();
        this.schedule = Schedule.OFFICIAL;
    }

    /** The official calendar as {@code schedule} has it: see {@link Personal}. */
    private HolidayCalendar(HolidayCalendar official, Schedule schedule) {
        this.years = official.years;
        this.notPublished = official.notPublished;
        this.disputed = official.disputed;
        this.clock = official.clock;
        this.first = official.first;
        this.last = official.last;
        this.days = Personal.days(official, schedule);
        this.breaks = Personal.breaks(official, schedule, days);
        this.workdays = new Workdays(first, List.of(days));
        this.official = official;
        this.schedule = schedule;
        this.derived = Map.of();  // a derived calendar's own are its official calendar's
    }

    /**
     * This calendar as {@code schedule} has it: the same years and range, each day and break the
     * schedule's. Made once per schedule object and kept while this calendar is served.
     */
    public HolidayCalendar under(Schedule schedule) {
        if (schedule.official()) {
            return official;
        }
        if (official != this) {
            return official.under(schedule);
        }
        HolidayCalendar d = derived.get(schedule);
        if (d == null) {
            if (derived.size() >= 64) {
                derived.clear();  // named calendars reloaded many times: only the current objects are asked for
            }
            d = derived.computeIfAbsent(schedule, s -> new HolidayCalendar(this, s));
        }
        return d;
    }

    /** The official calendar: the law's facts of a day (statutory, wage, trading) come from it. */
    public HolidayCalendar official() {
        return official;
    }

    /** The schedule this calendar follows ({@link Schedule#OFFICIAL} for the official one). */
    public Schedule schedule() {
        return schedule;
    }

    /**
     * A calendar of contiguous years.
     *
     * @param notPublished years whose notice is not out yet (placeholders seen); ignored for years given
     * @throws HolidayDataException naming the sources when there is no year, a gap, or a date listed twice
     */
    public static HolidayCalendar of(Collection<HolidayYear> years, Set<Integer> notPublished, Clock clock)
            throws HolidayDataException {
        return of(years, notPublished, Map.of(), clock);
    }

    /**
     * @param disputed years not served because the two sources disagree, with the dates they
     *                 disagree on; ignored for years given
     */
    private static HolidayCalendar of(Collection<HolidayYear> years, Set<Integer> notPublished,
                                      Map<Integer, List<LocalDate>> disputed, Clock clock) throws HolidayDataException {
        if (years.isEmpty()) {
            throw new HolidayDataException("holiday data", "not a single YYYY.json year was loaded");
        }
        NavigableMap<Integer, HolidayYear> byYear = new TreeMap<>();
        for (HolidayYear year : years) {
            byYear.put(year.year(), year);
        }
        Map<LocalDate, ListedDay> byDate = new HashMap<>();
        Map<LocalDate, String> seen = new HashMap<>();
        Set<LocalDate> inThisFile = new java.util.HashSet<>();
        Integer previous = null;
        for (HolidayYear year : byYear.values()) {
            if (previous != null && year.year() != previous + 1) {
                throw new HolidayDataException(year.source(), "year " + year.year() + " leaves a gap after "
                        + previous + "; the years must be contiguous (add " + (previous + 1) + ".json)");
            }
            previous = year.year();
            inThisFile.clear();
            for (ListedDay day : year.days()) {
                if (!inThisFile.add(day.date())) {
                    throw new HolidayDataException(year.source(), "date " + day.date() + " is listed twice in this file");
                }
                // holiday-cn lists 2018-12-29..31 in both 2018.json and 2019.json: the same status in two
                // notices is no conflict (the later notice's entry is kept), a different one is.
                ListedDay earlier = byDate.put(day.date(), day);
                if (earlier != null && earlier.offDay() != day.offDay()) {
                    throw new HolidayDataException(year.source(), "date " + day.date() + " is listed as "
                            + (day.offDay() ? "a day off" : "a working day") + ", but as "
                            + (earlier.offDay() ? "a day off" : "a working day") + " in " + seen.get(day.date()));
                }
                seen.put(day.date(), year.source());
            }
        }
        Set<Integer> pending = new TreeSet<>(notPublished);
        pending.removeAll(byYear.keySet());
        NavigableMap<Integer, List<LocalDate>> contested = new TreeMap<>(disputed);
        contested.keySet().removeAll(byYear.keySet());
        return new HolidayCalendar(byYear, pending, contested, clock, byDate);
    }

    /**
     * This calendar with {@code year} added next to the covered years, or replacing the year of that number.
     *
     * @throws HolidayDataException if it would leave a gap or list a date another year lists too
     */
    public HolidayCalendar withYear(HolidayYear year) throws HolidayDataException {
        Map<Integer, HolidayYear> changed = new TreeMap<>(years);
        changed.put(year.year(), year);
        return of(changed.values(), notPublished, disputed, clock);
    }

    /** This calendar, knowing that {@code year}'s notice is not out yet (a placeholder was seen). */
    public HolidayCalendar withNotPublished(int year) {
        if (notPublished.contains(year) || years.containsKey(year)) {  // the two marks never go together
            return this;
        }
        Set<Integer> pending = new TreeSet<>(notPublished);
        pending.add(year);
        Map<Integer, List<LocalDate>> contested = new TreeMap<>(disputed);
        contested.remove(year);
        return rebuilt(years.values(), pending, contested);
    }

    /**
     * This calendar, knowing that the sources disagree on {@code year} (on {@code dates}), which is
     * therefore not served; no dates: nothing is known of the year any more.
     */
    public HolidayCalendar withDisputed(int year, Collection<LocalDate> dates) {
        List<LocalDate> sorted = List.copyOf(new TreeSet<>(dates));
        if (years.containsKey(year) || sorted.equals(disputed.getOrDefault(year, List.of())) && !notPublished.contains(year)) {
            return this;
        }
        Set<Integer> pending = new TreeSet<>(notPublished);
        pending.remove(year);
        Map<Integer, List<LocalDate>> contested = new TreeMap<>(disputed);
        if (sorted.isEmpty()) {
            contested.remove(year);
        } else {
            contested.put(year, sorted);
        }
        return rebuilt(years.values(), pending, contested);
    }

    /**
     * This calendar without {@code year} and every later year (the years must stay contiguous),
     * {@code year} disputed on {@code dates}.
     *
     * @throws IllegalArgumentException if {@code year} is the first year served: nothing would be left
     */
    public HolidayCalendar withdrawn(int year, Collection<LocalDate> dates) {
        if (year <= years.firstKey()) {
            throw new IllegalArgumentException("withdrawing " + year + " would leave no year to serve");
        }
        Map<Integer, List<LocalDate>> contested = new TreeMap<>(disputed);
        contested.put(year, List.copyOf(new TreeSet<>(dates)));
        return rebuilt(years.headMap(year, false).values(), notPublished, contested);
    }

    private HolidayCalendar rebuilt(Collection<HolidayYear> kept, Set<Integer> pending,
                                    Map<Integer, List<LocalDate>> contested) {
        try {
            return of(kept, pending, contested, clock);
        } catch (HolidayDataException e) {
            throw new IllegalStateException("a valid calendar became invalid", e);
        }
    }

    /** The first covered date. */
    public LocalDate first() {
        return first;
    }

    /** The last covered date (inclusive). */
    public LocalDate last() {
        return last;
    }

    /** Whether {@code date} lies in the covered range. */
    public boolean covers(LocalDate date) {
        return !date.isBefore(first) && !date.isAfter(last);
    }

    /** Whether {@code year}'s notice is known not to be out yet (its file was a placeholder). */
    public boolean notPublished(int year) {
        return notPublished.contains(year);
    }

    /** The dates the two sources disagree on, for a year not served for that reason; else empty. */
    public List<LocalDate> disputed(int year) {
        return disputed.getOrDefault(year, List.of());
    }

    /** Every year not served because the sources disagree, with the dates they disagree on. */
    public NavigableMap<Integer, List<LocalDate>> disputedYears() {
        return disputed;
    }

    /**
     * The classification of a covered date.
     *
     * @throws IllegalArgumentException if the date is not covered
     */
    public Day classify(LocalDate date) {
        if (!covers(date)) {
            throw new IllegalArgumentException(date + " is outside " + first + " .. " + last);
        }
        return days[index(date)];
    }

    /** The position of a covered date in {@link #days()}. */
    public int index(LocalDate date) {
        return (int) (date.toEpochDay() - first.toEpochDay());
    }

    /** Every covered day, in date order. */
    public List<Day> days() {
        return List.of(days);
    }

    /** The notices being served, by year. */
    public NavigableMap<Integer, HolidayYear> years() {
        return years;
    }

    /** The breaks of one notice, in date order (empty when the data holds no such year). */
    public List<Break> arrangement(int year) {
        List<Break> of = new ArrayList<>();
        for (Break b : breaks) {
            if (b.year() == year) {
                of.add(b);
            }
        }
        return of;
    }

    /** Every break of every notice served, in date order. */
    public List<Break> breaks() {
        return breaks;
    }

    /** The break under way on {@code date}, or the first that starts after it; empty when the data holds none. */
    public Optional<Break> breakOnOrAfter(LocalDate date) {
        for (Break b : breaks) {
            if (!b.end().isBefore(date)) {
                return Optional.of(b);
            }
        }
        return Optional.empty();
    }

    /** Working-day arithmetic over the covered range. */
    public Workdays workdays() {
        return workdays;
    }

    /** Today's date in UTC+8, from the injected clock. */
    public LocalDate today() {
        return Utc8.today(clock);
    }

    /** The clock "today" is read from. */
    public Clock clock() {
        return clock;
    }
}
