package pocketapi.holiday.update;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;

import pocketapi.util.Utc8;
import pocketapi.holiday.Confirmation;
import pocketapi.holiday.HolidayCalendar;
import pocketapi.holiday.HolidayDataException;
import pocketapi.holiday.HolidayYear;
import pocketapi.holiday.OfficialDay;
import pocketapi.util.Durations;

/**
 * Decides what becomes of a year fetched from the primary source (holiday-cn) that passed the gate:
 * <ul>
 *   <li>nothing any answer would show changes: {@link Unchanged};</li>
 *   <li>confirmation is off, or the confirming source gives every date of each calendar year the
 *       change touches the same {@link pocketapi.holiday.Status#lived status a person lives by}: {@link Apply};</li>
 *   <li>the confirming source has such a year and disagrees on a date: {@link Held}, with the disputes;</li>
 *   <li>it has not published such a year (or cannot be reached): a year new to the service waits
 *       until {@code wait} after it was first seen, then is applied unconfirmed, leaving the dates of
 *       years already served that nobody confirmed as they are; a change to dates already served
 *       waits with no time limit.</li>
 * </ul>
 * Years of {@code HOLIDAY_DATA_DIR} are the operator's: another year's file never changes their dates.
 */
final class ChangeReview {
    private final ConfirmSource confirm;
    private final ConfirmLedger ledger;
    private final Duration wait;
    private final Set<Integer> pinned;
    private final Clock clock;

    ChangeReview(ConfirmSource confirm, ConfirmLedger ledger, Duration wait, Set<Integer> pinned, Clock clock) {
        this.confirm = confirm;
        this.ledger = ledger;
        this.wait = wait;
        this.pinned = Set.copyOf(pinned);
        this.clock = clock;
    }

    sealed interface Decision permits Unchanged, Apply, Held {
    }

    record Unchanged() implements Decision {
    }

    /**
     * @param confirmedBy the confirming files that agree, or {@code ""}
     * @param unconfirmed why it is applied without confirmation, or {@code ""}
     */
    record Apply(HolidayCalendar next, HolidayYear year, String confirmedBy, String unconfirmed) implements Decision {
    }

    /** @param disputes the dates the confirming source contradicts; empty when it is unavailable instead */
    record Held(String reason, List<Confirmation.Dispute> disputes) implements Decision {
        Held {
            disputes = List.copyOf(disputes);
        }

        boolean dispute() {
            return !disputes.isEmpty();
        }
    }

    /** What the confirming source says now of calendar years already served. */
    record Recheck(List<Confirmation.Dispute> disputes, String confirmedBy) {
    }

    /** @throws HolidayDataException when the year cannot be served with the others (a date listed differently) */
    Decision review(HolidayCalendar current, HolidayYear fetched) throws HolidayDataException {
        HolidayYear year = fetched.without(pinned);
        HolidayYear served = current.years().get(year.year());
        if (served != null && served.sameDays(year)) {
            return new Unchanged();
        }
        HolidayCalendar proposed = current.withYear(year);
        SortedSet<LocalDate> changed = Confirmation.changedDates(current, proposed);
        if (changed.isEmpty()) {
            return new Unchanged();  // only raw lists differ (a weekday listed as worked): no answer changes
        }
        if (!confirm.on()) {
            return new Apply(proposed, year, "", "");
        }
        Recheck check = check(proposed, Confirmation.years(changed));
        if (!check.disputes().isEmpty()) {
            return new Held("chinese-days disagrees on " + Confirmation.describe(check.disputes()), check.disputes());
        }
        TreeMap<Integer, String> missing = missing(Confirmation.years(changed));
        if (missing.isEmpty()) {
            return new Apply(proposed, year, check.confirmedBy(), "");
        }
        String why = "chinese-days has not published " + missing.keySet() + " or cannot be reached ("
                + String.join("; ", missing.values()) + ")";
        if (served != null) {
            return new Held("a change to dates already served (" + first(changed) + ") waits for confirmation "
                    + "with no time limit: " + why, List.of());
        }
        Instant until = ledger.firstSeen(year.year(), clock.instant()).plus(wait);
        if (clock.instant().isBefore(until)) {
            return new Held("waiting for confirmation until " + utc8(until) + ": " + why, List.of());
        }
        Set<Integer> keep = new TreeSet<>(missing.keySet());
        keep.remove(year.year());  // the others are already served: their dates stay as they are
        HolidayYear partial = year.without(keep);
        return new Apply(current.withYear(partial), partial, check.confirmedBy(),
                "not confirmed after waiting " + Durations.forPeople(wait) + ": " + why);
    }

    /** For a fetched year being served: does the confirming source agree (still, or now)? */
    Recheck recheck(HolidayCalendar current, HolidayYear served) {
        SortedSet<Integer> years = new TreeSet<>();
        for (OfficialDay day : served.days()) {
            years.add(day.date().getYear());
        }
        years.add(served.year());
        Recheck check = check(current, years);
        return missing(years).isEmpty() ? check : new Recheck(check.disputes(), "");
    }

    private Recheck check(HolidayCalendar calendar, SortedSet<Integer> years) {
        List<Confirmation.Dispute> disputes = new ArrayList<>();
        List<String> by = new ArrayList<>();
        for (int y : years) {
            if (confirm.lookup(y) instanceof ConfirmSource.Found found) {
                disputes.addAll(Confirmation.disputes(calendar, found.file()));
                by.add(found.url().toString());
            }
        }
        return new Recheck(disputes, String.join(" and ", by));
    }

    private TreeMap<Integer, String> missing(SortedSet<Integer> years) {
        TreeMap<Integer, String> missing = new TreeMap<>();
        for (int y : years) {
            if (confirm.lookup(y) instanceof ConfirmSource.Missing m) {
                missing.put(y, m.why());
            }
        }
        return missing;
    }

    private static String first(SortedSet<LocalDate> dates) {
        List<String> shown = new ArrayList<>();
        for (LocalDate d : dates) {
            if (shown.size() == 5) {
                return String.join(", ", shown) + " and " + (dates.size() - 5) + " more";
            }
            shown.add(d.toString());
        }
        return String.join(", ", shown);
    }

    private static String utc8(Instant instant) {
        return LocalDateTime.ofInstant(instant, Utc8.OFFSET).withNano(0).toString().replace('T', ' ') + " UTC+8";
    }

    /** The dates whose entry differs, e.g. {@code 2026-10-08 now 国庆节 day off (was not listed)}. */
    static String changes(HolidayYear before, HolidayYear after) {
        java.util.Map<LocalDate, OfficialDay> old = before.byDate();
        java.util.Map<LocalDate, OfficialDay> now = after.byDate();
        Set<LocalDate> dates = new TreeSet<>(old.keySet());
        dates.addAll(now.keySet());
        List<String> changed = new ArrayList<>();
        for (LocalDate date : dates) {
            OfficialDay was = old.get(date);
            OfficialDay is = now.get(date);
            if (was == null || !was.equals(is)) {
                changed.add(date + " now " + describe(is) + " (was " + describe(was) + ")");
            }
        }
        return String.join(", ", changed);
    }

    private static String describe(OfficialDay day) {
        if (day == null) {
            return "not listed";
        }
        return day.festival() + (day.offDay() ? " day off" : " make-up day");
    }
}
