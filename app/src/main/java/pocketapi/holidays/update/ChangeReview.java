package pocketapi.holidays.update;

import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.*;
import pocketapi.common.Utc8;
import pocketapi.holidays.Confirmation;
import pocketapi.holidays.HolidayCalendar;
import pocketapi.holidays.HolidayDataException;
import pocketapi.holidays.HolidayYear;
import pocketapi.holidays.ListedDay;
import pocketapi.logging.LogText;

/**
 * What becomes of a year fetched from the primary source that passed the gate: a pure function of the calendar served,
 * the year, and what the confirming source says of the calendar years the change touches ({@link #touched} says which
 * to ask for):
 *
 * <ul>
 *   <li>nothing any answer would show changes: {@link Unchanged};
 *   <li>the confirming source gives every date of each touched year the same {@link pocketapi.holidays.Status#lived
 *       status a person lives by}: {@link Apply};
 *   <li>confirmation is off: a new year is applied, without its dates in years already served, and a change to a year
 *       already served is held;
 *   <li>the confirming source has such a year and disagrees on a date: {@link Held}, with the disputes;
 *   <li>it has not published such a year (or cannot be reached): a year new to the service waits until a given time,
 *       then is applied unconfirmed, leaving the dates of years already served that nobody confirmed as they are; a
 *       change to dates already served waits with no limit.
 * </ul>
 *
 * Years of {@code HOLIDAY_DATA_DIR} are the operator's: another year's file never changes their dates. And
 * {@link #withdraw}: what becomes of a fetched year the confirming source now contradicts.
 */
final class ChangeReview {
    private ChangeReview() {}

    sealed interface Decision permits Unchanged, Apply, Held {}

    record Unchanged() implements Decision {}

    /**
     * @param confirmedBy where the confirming years came from, or {@code ""}
     * @param unconfirmed why it is applied without confirmation, or {@code ""}
     */
    record Apply(HolidayCalendar next, HolidayYear year, String confirmedBy, String unconfirmed) implements Decision {}

    /** @param disputes the dates the confirming source contradicts; empty when it is unavailable instead */
    record Held(String reason, List<Confirmation.Dispute> disputes) implements Decision {
        boolean dispute() {
            return !disputes.isEmpty();
        }
    }

    /** What the confirming source says of a calendar year: its file (and where it came from), or why there is none. */
    record Confirming(HolidayYear year, String url, String missing) {
        static Confirming found(HolidayYear year, String url) {
            return new Confirming(year, url, null);
        }

        static Confirming missing(String why) {
            return new Confirming(null, null, why);
        }
    }

    /**
     * A fetched year with the calendar it would make, and the calendar years whose answers it changes: those the
     * confirming source is asked about. Null when no answer would change.
     */
    record Proposal(HolidayYear year, HolidayCalendar next, SortedSet<Integer> years) {}

    /** @throws HolidayDataException when the year cannot be served with the others (a date listed differently) */
    static Proposal touched(HolidayCalendar current, HolidayYear fetched, Set<Integer> pinned)
            throws HolidayDataException {
        HolidayYear year = fetched.without(pinned);
        HolidayYear served = current.years().get(year.year());
        if (served != null && served.sameDays(year)) {
            return null;
        }
        HolidayCalendar next = current.withYear(year);
        SortedSet<LocalDate> changed = Confirmation.changedDates(current, next);
        return changed.isEmpty() ? null : new Proposal(year, next, Confirmation.years(changed));
    }

    /**
     * @param confirm what the confirming source says of each year of the proposal; null: confirmation is off
     * @param firstSeen when the year was first seen, if it is new to the service: it waits {@code wait} from then
     */
    static Decision review(
            HolidayCalendar current,
            Proposal p,
            Map<Integer, Confirming> confirm,
            Instant firstSeen,
            Duration wait,
            Instant now)
            throws HolidayDataException {
        if (p == null) {
            return new Unchanged(); // only raw lists differ (a weekday listed as worked): no answer changes
        }
        if (confirm == null) {
            return unconfirmable(current, p);
        }
        List<Confirmation.Dispute> disputes = disputes(p.next(), confirm);
        if (!disputes.isEmpty()) {
            return new Held("chinese-days disagrees on " + Confirmation.describe(disputes), disputes);
        }
        TreeMap<Integer, String> missing = missing(confirm);
        if (missing.isEmpty()) {
            return new Apply(p.next(), p.year(), by(confirm), "");
        }
        String why = "chinese-days has not published " + missing.keySet() + " or cannot be reached ("
                + String.join("; ", missing.values()) + ")";
        if (current.years().containsKey(p.year().year())) {
            return new Held(
                    "a change to dates already served ("
                            + LogText.first(List.copyOf(Confirmation.changedDates(current, p.next())), 5)
                            + ") waits for confirmation "
                            + "with no time limit: " + why,
                    List.of());
        }
        Instant waitUntil = firstSeen.plus(wait);
        if (now.isBefore(waitUntil)) {
            return new Held(
                    "waiting for confirmation until "
                            + LocalDateTime.ofInstant(waitUntil, Utc8.OFFSET)
                                    .withNano(0)
                                    .toString()
                                    .replace('T', ' ') + " UTC+8: " + why,
                    List.of());
        }
        Set<Integer> keep = new TreeSet<>(missing.keySet());
        keep.remove(p.year().year()); // the others are already served: their dates stay as they are
        HolidayYear partial = p.year().without(keep);
        return new Apply(
                current.withYear(partial),
                partial,
                by(confirm),
                "not confirmed after waiting " + LogText.duration(wait) + ": " + why);
    }

    /**
     * Without a confirming source (HOLIDAY_CONFIRM_URL=off) nothing can confirm a change: a year new to the service is
     * served as fetched, but its dates in a year already served stay as they are (the December before, in a notice that
     * reaches it), and a change to a year already served is held, with no limit.
     */
    private static Decision unconfirmable(HolidayCalendar current, Proposal p) throws HolidayDataException {
        if (current.years().containsKey(p.year().year())) {
            return new Held(
                    "a change to dates already served ("
                            + LogText.first(List.copyOf(Confirmation.changedDates(current, p.next())), 5)
                            + ") is not served: nothing can confirm it (HOLIDAY_CONFIRM_URL=off)",
                    List.of());
        }
        Set<Integer> served = new TreeSet<>(p.years());
        served.remove(p.year().year());
        HolidayYear partial = p.year().without(served);
        return partial == p.year()
                ? new Apply(p.next(), p.year(), "", "")
                : new Apply(
                        current.withYear(partial),
                        partial,
                        "",
                        "its dates in " + served + " are not served: nothing can "
                                + "confirm a change to a year already served (HOLIDAY_CONFIRM_URL=off)");
    }

    /** What the confirming source says now of the calendar years of a fetched year being served. */
    record Recheck(List<Confirmation.Dispute> disputes, String confirmedBy) {}

    /** The calendar years a served year's dates lie in: what {@link #recheck} asks about. */
    static SortedSet<Integer> years(HolidayYear served) {
        SortedSet<Integer> years = new TreeSet<>(List.of(served.year()));
        for (ListedDay day : served.days()) {
            years.add(day.date().getYear());
        }
        return years;
    }

    static Recheck recheck(HolidayCalendar current, Map<Integer, Confirming> confirm) {
        return new Recheck(disputes(current, confirm), missing(confirm).isEmpty() ? by(confirm) : "");
    }

    private static List<Confirmation.Dispute> disputes(HolidayCalendar calendar, Map<Integer, Confirming> confirm) {
        List<Confirmation.Dispute> disputes = new ArrayList<>();
        confirm.values().stream()
                .filter(c -> c.year() != null)
                .forEach(c -> disputes.addAll(Confirmation.disputes(calendar, c.year())));
        return disputes;
    }

    private static TreeMap<Integer, String> missing(Map<Integer, Confirming> confirm) {
        TreeMap<Integer, String> missing = new TreeMap<>();
        confirm.forEach((year, c) -> {
            if (c.year() == null) {
                missing.put(year, c.missing());
            }
        });
        return missing;
    }

    private static String by(Map<Integer, Confirming> confirm) {
        List<String> urls = new ArrayList<>();
        confirm.values().stream().filter(c -> c.url() != null).forEach(c -> urls.add(c.url()));
        return String.join(" and ", urls);
    }

    /**
     * What becomes of a fetched year the confirming source now contradicts when no mirror has a version it agrees with:
     * a correction of a built-in year goes back to the built-in version; any other year is no longer served, with every
     * later year (the years stay contiguous), its dates answering 400 as disputed.
     */
    record Withdrawal(HolidayCalendar next, List<Integer> gone, String message) {}

    static Withdrawal withdraw(
            HolidayCalendar now,
            HolidayYear served,
            List<Confirmation.Dispute> disputes,
            Set<Integer> pinned,
            List<HolidayYear> builtIn) {
        int year = served.year();
        String why = "chinese-days now disagrees on " + Confirmation.describe(disputes)
                + ", and no mirror has a version it agrees with";
        for (HolidayYear b : builtIn) {
            if (b.year() == year) {
                try {
                    return new Withdrawal(
                            now.withYear(b),
                            List.of(year),
                            "holidays " + year + " is back to the built-in version: " + why);
                } catch (HolidayDataException e) {
                    return new Withdrawal(
                            null,
                            List.of(),
                            "holidays " + year + " is still served though " + why
                                    + ": the built-in version does not fit the other years (" + e.getMessage() + ")");
                }
            }
        }
        List<Integer> gone = new ArrayList<>(now.years().tailMap(year, true).keySet());
        for (int later : gone) {
            if (pinned.contains(later)) {
                return new Withdrawal(
                        null,
                        List.of(),
                        "holidays " + year + " is still served though " + why + ": HOLIDAY_DATA_DIR's " + later
                                + " follows it, and the years must be contiguous");
            }
        }
        if (year <= now.years().firstKey()) {
            return new Withdrawal(
                    null,
                    List.of(),
                    "holidays " + year + " is still served though " + why
                            + ": it is the first year, and withdrawing it would leave none");
        }
        return new Withdrawal(
                now.withdrawn(year, Confirmation.dates(disputes)),
                gone,
                "holidays " + year
                        + (gone.size() > 1
                                ? " is withdrawn, with " + gone.subList(1, gone.size())
                                        + " (the years must be contiguous)"
                                : " is withdrawn")
                        + ": " + why + "; its dates answer 400 until the sources agree");
    }

    /** The dates whose entry differs, e.g. {@code 2026-10-08 now 国庆节 day off (was not listed)}. */
    static String changes(HolidayYear before, HolidayYear after) {
        Map<LocalDate, ListedDay> old = before.byDate();
        Map<LocalDate, ListedDay> now = after.byDate();
        Set<LocalDate> dates = new TreeSet<>(old.keySet());
        dates.addAll(now.keySet());
        List<String> changed = new ArrayList<>();
        for (LocalDate date : dates) {
            if (old.get(date) == null || !old.get(date).equals(now.get(date))) {
                changed.add(date + " now " + describe(now.get(date)) + " (was " + describe(old.get(date)) + ")");
            }
        }
        return String.join(", ", changed);
    }

    private static String describe(ListedDay day) {
        return day == null ? "not listed" : day.festival() + (day.offDay() ? " day off" : " make-up day");
    }
}
