package pocketapi.holidays;

import java.time.LocalDate;
import java.util.Collections;
import java.util.Map;
import java.util.TreeMap;

/**
 * A person's own calendar over the official one: a {@link Week} rule and days of its own, each a day off or a working
 * day, that win over everything. Precedence, first that applies: a listed day; an official day off or make-up working
 * day (the exchange closes make-up days); the week rule; Monday to Friday. Immutable; equal schedules share one derived
 * calendar ({@link HolidayCalendar#under}).
 */
public record OwnCalendar(String name, Week week, Map<LocalDate, ListedDay> days) {
    /** The official calendar itself: Monday to Friday, nothing listed. */
    public static final OwnCalendar OFFICIAL = of(Week.FIVE);
    /** The Shanghai and Shenzhen exchanges: Monday to Friday that is not an official day off. */
    public static final OwnCalendar EXCHANGE = new OwnCalendar("exchange", Week.EXCHANGE, Map.of());

    public OwnCalendar {
        days = Collections.unmodifiableMap(new TreeMap<>(days));
    }

    /** The schedule of a week rule alone. */
    public static OwnCalendar of(Week week) {
        return new OwnCalendar("", week, Map.of());
    }

    /** Whether it changes nothing: the official calendar. */
    public boolean official() {
        return week == Week.FIVE && days.isEmpty();
    }

    /** What tells it apart in a feed's event UIDs: the name, or the week rule's tag. */
    public String tag() {
        return name.isEmpty() ? "w" + week.tag() : name;
    }

    /** The day as this schedule has it, from its official classification. */
    Day personal(Day official) {
        LocalDate date = official.date();
        boolean weekend = Day.weekend(date);
        Status status = official.status();
        ListedDay own = days.get(date);
        if (own != null && own.offDay()) {
            return Day.of(
                    date,
                    status.wire().equals("ture") ? status : weekend ? Status.WEEKEND_OFF : Status.OWN_DAY_OFF,
                    own.festival(),
                    official.statutory());
        }
        if (own != null) {
            return weekend
                    ? Day.of(date, Status.WORKED_WEEKEND, own.festival(), official.statutory())
                    : Day.of(date, status.working() ? status : Status.WORKED, "", official.statutory());
        }
        if (status == Status.MAKE_UP && !week.makeUpDaysWorked()) {
            return Day.of(date, Status.WEEKEND, "", official.statutory());
        }
        if (status == Status.WEEKEND && week.works(date)) {
            return Day.of(date, Status.WORKED_WEEKEND, "", official.statutory());
        }
        return Day.of(date, status, official.name(), official.statutory());
    }

    @Override
    public String toString() {
        return name.isEmpty() ? "week=" + week : "calendar=" + name;
    }
}
