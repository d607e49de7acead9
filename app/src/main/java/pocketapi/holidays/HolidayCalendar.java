package pocketapi.holidays;

import java.time.Clock;
import java.time.LocalDate;
import java.util.*;
import pocketapi.common.Cache;
import pocketapi.common.Utc8;

/**
 * The holiday years being served: every date from 1 January of the first year to 31 December of the last is classified
 * as a day off, an ordinary day or a make-up working day (docs, "The JSON record"). Years not served are remembered
 * with why (not published yet, or disputed on some dates), so their dates can be refused with the right words.
 *
 * <p>Every day is classified once, at construction; afterwards the calendar is immutable and safe to share between
 * threads. A change (a new year fetched) makes a new calendar ({@link #withYear}), which {@link LiveCalendar} swaps in
 * whole. "Today" is the UTC+8 date of the injected clock.
 */
public final class HolidayCalendar {
    private final NavigableMap<Integer, HolidayYear> years;
    /** Years not served, with the dates the sources disagree on; no dates: not published yet. */
    private final NavigableMap<Integer, List<LocalDate>> unserved;

    private final LocalDate first;
    private final LocalDate last;
    private final Day[] days;
    private final List<Break> breaks;
    private final Workdays workdays;
    private final Clock clock;
    /** The official calendar this one derives from (itself when it is the official one), and how. */
    private final HolidayCalendar official;

    private final OwnCalendar schedule;
    private final Region region;
    /** The official calendar's derived calendars, by schedule, least recently used evicted. */
    private final Cache<OwnCalendar, HolidayCalendar> derived;

    private HolidayCalendar(
            NavigableMap<Integer, HolidayYear> years,
            NavigableMap<Integer, List<LocalDate>> unserved,
            Clock clock,
            Map<LocalDate, ListedDay> byDate,
            Region region) {
        this.years = Collections.unmodifiableNavigableMap(years);
        this.unserved = Collections.unmodifiableNavigableMap(unserved);
        this.clock = clock;
        this.first = LocalDate.of(years.firstKey(), 1, 1);
        this.last = LocalDate.of(years.lastKey(), 12, 31);
        this.region = region;
        OfficialDays.Built built = OfficialDays.build(years, byDate, first, last, region);
        this.days = built.days();
        this.breaks = built.breaks();
        this.workdays = new Workdays(first, days());
        this.official = this;
        this.derived = new Cache<>(16);
        this.schedule = OwnCalendar.OFFICIAL;
    }

    /** The official calendar as {@code schedule} has it: see {@link OwnDays}. */
    private HolidayCalendar(HolidayCalendar official, OwnCalendar schedule) {
        this.years = official.years;
        this.unserved = official.unserved;
        this.clock = official.clock;
        this.first = official.first;
        this.last = official.last;
        this.days = OwnDays.days(official, schedule);
        this.breaks = OwnDays.breaks(official, schedule, days);
        this.workdays = new Workdays(first, days());
        this.official = official;
        this.schedule = schedule;
        this.region = official.region;
        this.derived = null; // a derived calendar's own are its official calendar's
    }

    /** This calendar as {@code schedule} has it: the same years, each day and break the schedule's. */
    public HolidayCalendar under(OwnCalendar schedule) {
        return schedule.official() ? official : official.derived.get(schedule, s -> new HolidayCalendar(official, s));
    }

    /** The official calendar: the law's facts of a day (statutory, wage, trading) come from it. */
    public HolidayCalendar official() {
        return official;
    }

    public OwnCalendar schedule() {
        return schedule;
    }

    public Region region() {
        return region;
    }

    /** A calendar of contiguous years. */
    public static HolidayCalendar of(Collection<HolidayYear> years, Set<Integer> notPublished, Clock clock)
            throws HolidayDataException {
        TreeMap<Integer, List<LocalDate>> unserved = new TreeMap<>();
        for (int year : notPublished) {
            unserved.put(year, List.of());
        }
        return of(years, unserved, clock, Mainland.CN);
    }

    /**
     * The calendar of a region other than the mainland: its listed days, classified by its own law
     * ({@link OfficialDays}).
     */
    public static HolidayCalendar of(Region region, Collection<HolidayYear> years, Clock clock)
            throws HolidayDataException {
        return of(years, Map.of(), clock, region);
    }

    private static HolidayCalendar of(
            Collection<HolidayYear> years, Map<Integer, List<LocalDate>> unserved, Clock clock, Region region)
            throws HolidayDataException {
        if (years.isEmpty()) {
            throw new HolidayDataException("holiday data", "not a single YYYY.json year was loaded");
        }
        NavigableMap<Integer, HolidayYear> byYear = new TreeMap<>();
        for (HolidayYear year : years) {
            byYear.put(year.year(), year);
        }
        Map<LocalDate, ListedDay> byDate = new HashMap<>();
        Map<LocalDate, String> seen = new HashMap<>();
        for (HolidayYear year : byYear.values()) {
            if (year.year() != byYear.firstKey() && !byYear.containsKey(year.year() - 1)) {
                throw new HolidayDataException(
                        year.source(),
                        "year " + year.year() + " leaves a gap after "
                                + byYear.lowerKey(year.year()) + "; the years must be contiguous (add "
                                + (byYear.lowerKey(year.year()) + 1) + ".json)");
            }
            Set<LocalDate> inThisFile = new HashSet<>();
            for (ListedDay day : year.days()) {
                if (!inThisFile.add(day.date())) {
                    throw new HolidayDataException(
                            year.source(), "date " + day.date() + " is listed twice in this file");
                }
                // holiday-cn lists 2018-12-29..31 in both 2018.json and 2019.json: the same status in two
                // notices is no conflict (the later notice's entry is kept), a different one is.
                ListedDay earlier = byDate.put(day.date(), day);
                if (earlier != null && earlier.offDay() != day.offDay()) {
                    throw new HolidayDataException(
                            year.source(),
                            "date " + day.date() + " is listed as "
                                    + (day.offDay() ? "a day off" : "a working day") + ", but as "
                                    + (earlier.offDay() ? "a day off" : "a working day") + " in "
                                    + seen.get(day.date()));
                }
                seen.put(day.date(), year.source());
            }
        }
        NavigableMap<Integer, List<LocalDate>> kept = new TreeMap<>(unserved);
        kept.keySet().removeAll(byYear.keySet());
        return new HolidayCalendar(byYear, kept, clock, byDate, region);
    }

    /** This calendar with {@code year} added next to the covered years, or replacing the year of that number. */
    public HolidayCalendar withYear(HolidayYear year) throws HolidayDataException {
        Map<Integer, HolidayYear> changed = new TreeMap<>(years);
        changed.put(year.year(), year);
        return of(changed.values(), unserved, clock, region);
    }

    /** This calendar, knowing that {@code year}'s notice is not out yet (a placeholder was seen). */
    public HolidayCalendar withNotPublished(int year) {
        return marked(year, List.of(), true);
    }

    /**
     * This calendar, knowing that the sources disagree on {@code year} (on {@code dates}), which is therefore not
     * served; no dates: nothing is known of the year any more.
     */
    public HolidayCalendar withDisputed(int year, Collection<LocalDate> dates) {
        return marked(year, List.copyOf(new TreeSet<>(dates)), !dates.isEmpty());
    }

    private HolidayCalendar marked(int year, List<LocalDate> dates, boolean known) {
        if (years.containsKey(year) || (known ? dates.equals(unserved.get(year)) : !unserved.containsKey(year))) {
            return this;
        }
        TreeMap<Integer, List<LocalDate>> next = new TreeMap<>(unserved);
        if (known) {
            next.put(year, dates);
        } else {
            next.remove(year);
        }
        return rebuilt(years.values(), next);
    }

    /**
     * This calendar without {@code year} and every later year (the years must stay contiguous), {@code year} disputed
     * on {@code dates}.
     */
    public HolidayCalendar withdrawn(int year, Collection<LocalDate> dates) {
        if (year <= years.firstKey()) {
            throw new IllegalArgumentException("withdrawing " + year + " would leave no year to serve");
        }
        TreeMap<Integer, List<LocalDate>> next = new TreeMap<>(unserved);
        next.put(year, List.copyOf(new TreeSet<>(dates)));
        return rebuilt(years.headMap(year, false).values(), next);
    }

    private HolidayCalendar rebuilt(Collection<HolidayYear> kept, Map<Integer, List<LocalDate>> next) {
        try {
            return of(kept, next, clock, region);
        } catch (HolidayDataException e) {
            throw new IllegalStateException("a valid calendar became invalid", e);
        }
    }

    public LocalDate first() {
        return first;
    }

    /** The last covered date, 31 December of the last year. */
    public LocalDate last() {
        return last;
    }

    public boolean covers(LocalDate date) {
        return !date.isBefore(first) && !date.isAfter(last);
    }

    /** Whether {@code year}'s notice is known not to be out yet (its file was a placeholder). */
    public boolean notPublished(int year) {
        return unserved.containsKey(year) && unserved.get(year).isEmpty();
    }

    /** The dates the two sources disagree on, for a year not served for that reason; else empty. */
    public List<LocalDate> disputed(int year) {
        return unserved.getOrDefault(year, List.of());
    }

    /** Every year not served because the sources disagree, with the dates they disagree on. */
    public NavigableMap<Integer, List<LocalDate>> disputedYears() {
        NavigableMap<Integer, List<LocalDate>> disputed = new TreeMap<>(unserved);
        disputed.values().removeIf(List::isEmpty);
        return disputed;
    }

    /** @throws IllegalArgumentException if the date is not covered */
    public Day classify(LocalDate date) {
        if (!covers(date)) {
            throw new IllegalArgumentException(date + " is outside " + first + " .. " + last);
        }
        return days[index(date)];
    }

    /** Whether a covered date is worked, {@code type=alarm}'s {@code work}: read from the working-day counts. */
    public boolean working(LocalDate date) {
        if (!covers(date)) {
            throw new IllegalArgumentException(date + " is outside " + first + " .. " + last);
        }
        return workdays.count(date, date) == 1;
    }

    /** The position of a covered date in {@link #days()}. */
    public int index(LocalDate date) {
        return (int) (date.toEpochDay() - first.toEpochDay());
    }

    /** Every covered day, in date order. */
    public List<Day> days() {
        return Collections.unmodifiableList(Arrays.asList(days));
    }

    public NavigableMap<Integer, HolidayYear> years() {
        return years;
    }

    /** The breaks of one notice, in date order (empty when the data holds no such year). */
    public List<Break> arrangement(int year) {
        return breaks.stream().filter(b -> b.year() == year).toList();
    }

    /** Every break of every notice served, in date order. */
    public List<Break> breaks() {
        return breaks;
    }

    /** The break under way on {@code date}, or the first that starts after it; empty when the data holds none. */
    public Optional<Break> breakOnOrAfter(LocalDate date) {
        return breaks.stream().filter(b -> !b.end().isBefore(date)).findFirst();
    }

    public Workdays workdays() {
        return workdays;
    }

    /** Today's date in UTC+8, from the injected clock. */
    public LocalDate today() {
        return LocalDate.ofInstant(clock.instant(), Utc8.OFFSET);
    }

    public Clock clock() {
        return clock;
    }
}
