package pocketapi.holiday.update;

import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.SortedSet;
import java.util.TreeSet;

import pocketapi.holiday.Confirmation;
import pocketapi.holiday.HolidayCalendar;
import pocketapi.holiday.HolidayDataException;
import pocketapi.holiday.HolidayYear;

/**
 * What becomes of a fetched year the confirming source now contradicts when no mirror has a
 * version it agrees with: a correction of a built-in year goes back to the built-in version; any
 * other year is no longer served, with every later year (the years stay contiguous), its dates
 * answering 400 as disputed. Never an operator's year, nor a year an operator's year follows: that
 * one stays, with the warning. Decided here, carried out by the updater. Stateless.
 */
final class Withdrawal {
    private Withdrawal() {
    }

    /**
     * @param next    the calendar to serve, or null when nothing may change
     * @param gone    the years whose fetched version is no longer served (for the cache and the ledger)
     * @param message the WARN, without the remedy
     */
    record Plan(HolidayCalendar next, List<Integer> gone, String message) {
    }

    static Plan plan(HolidayCalendar now, HolidayYear served, List<Confirmation.Dispute> disputes, Set<Integer> pinned,
                     List<HolidayYear> builtIn) {
        int year = served.year();
        String why = "chinese-days now disagrees on " + Confirmation.describe(disputes)
                + ", and no mirror has a version it agrees with";
        for (HolidayYear b : builtIn) {
            if (b.year() == year) {
                try {
                    return new Plan(now.withYear(b), List.of(year),
                            "holidays " + year + " is back to the built-in version: " + why);
                } catch (HolidayDataException e) {
                    return new Plan(null, List.of(), "holidays " + year + " is still served though " + why
                            + ": the built-in version does not fit the other years (" + e.getMessage() + ")");
                }
            }
        }
        List<Integer> gone = new ArrayList<>(now.years().tailMap(year, true).keySet());
        for (int later : gone) {
            if (pinned.contains(later)) {
                return new Plan(null, List.of(), "holidays " + year + " is still served though " + why
                        + ": HOLIDAY_DATA_DIR's " + later + " follows it, and the years must be contiguous");
            }
        }
        if (year <= now.years().firstKey()) {
            return new Plan(null, List.of(), "holidays " + year + " is still served though " + why
                    + ": it is the first year, and withdrawing it would leave none");
        }
        SortedSet<LocalDate> dates = new TreeSet<>(Confirmation.dates(disputes));
        return new Plan(now.withdrawn(year, dates), gone, "holidays " + year
                + (gone.size() > 1 ? " is withdrawn, with " + gone.subList(1, gone.size()) + " (the years must be contiguous)"
                        : " is withdrawn") + ": " + why + "; its dates answer 400 until the sources agree");
    }
}
