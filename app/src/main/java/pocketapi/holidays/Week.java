package pocketapi.holidays;

import java.time.DateTimeException;
import java.time.DayOfWeek;
import java.time.LocalDate;

/**
 * A week rule: which ordinary days are worked. Monday to Friday always; Saturdays never ({@link #FIVE}), always
 * ({@link #SIX}), or every other one ({@link #alt}: big/small weeks, 大小周). The exchange's rule ({@link #EXCHANGE})
 * works Monday to Friday and also closes the official make-up weekends. Sundays are never worked by a rule.
 * OfficialDays days off win over every rule. Immutable; the instances are canonical (two {@code alt} dates of the same
 * parity give the same one).
 */
public final class Week {
    public static final Week FIVE = new Week("5", false, -1, true);
    public static final Week SIX = new Week("6", true, -1, true);
    public static final Week EXCHANGE = new Week("exchange", false, -1, false);
    private static final Week ALT_EVEN = new Week("alt-even", false, 0, true);
    private static final Week ALT_ODD = new Week("alt-odd", false, 1, true);

    private final String tag;
    private final boolean saturdays;
    /** For big/small weeks, the parity of the weeks whose Saturday is worked; else -1. */
    private final int parity;

    private final boolean makeUpDaysWorked;

    private Week(String tag, boolean saturdays, int parity, boolean makeUpDaysWorked) {
        this.tag = tag;
        this.saturdays = saturdays;
        this.parity = parity;
        this.makeUpDaysWorked = makeUpDaysWorked;
    }

    /** {@code 5}, {@code 6} or {@code alt:YYYY-MM-DD}. */
    public static Week parse(String text) {
        switch (text) {
            case "5":
                return FIVE;
            case "6":
                return SIX;
            default:
                if (text.startsWith("alt:")) {
                    try {
                        return alt(LocalDate.parse(text.substring(4)));
                    } catch (DateTimeException e) {
                        // said below
                    }
                }
                throw new IllegalArgumentException("must be 5 (Monday to Friday), 6 (Monday to Saturday) or "
                        + "alt:YYYY-MM-DD (big/small weeks: the Saturday of the week holding that date is worked, then "
                        + "every other Saturday)");
        }
    }

    /**
     * Big/small weeks: the Saturday of the (Monday-first) week holding {@code date} is worked, then every other one.
     */
    public static Week alt(LocalDate date) {
        return weekParity(date) == 0 ? ALT_EVEN : ALT_ODD;
    }

    /** The parity of a date's Monday-first week, counted from the week of 1970-01-05 (a Monday). */
    private static long weekParity(LocalDate date) {
        return Math.floorMod(Math.floorDiv(date.toEpochDay() - 4, 7), 2);
    }

    /** Whether an ordinary Saturday (no official entry) is worked. */
    boolean worksSaturday(LocalDate saturday) {
        return saturdays || parity >= 0 && weekParity(saturday) == parity;
    }

    /** Whether an ordinary weekend day (no official entry) is worked. */
    public boolean works(LocalDate weekendDay) {
        return weekendDay.getDayOfWeek() == DayOfWeek.SATURDAY && worksSaturday(weekendDay);
    }

    /** Whether the official make-up working days are worked (all but the exchange's rule). */
    public boolean makeUpDaysWorked() {
        return makeUpDaysWorked;
    }

    /**
     * A short tag that tells the rules apart: {@code 5}, {@code 6}, {@code alt-even}, {@code alt-odd},
     * {@code exchange}.
     */
    public String tag() {
        return tag;
    }

    @Override
    public String toString() {
        return tag;
    }
}
