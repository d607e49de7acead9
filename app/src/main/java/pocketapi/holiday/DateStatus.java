package pocketapi.holiday;

import java.time.LocalDate;

/**
 * What two sources are compared on, per calendar date: the status a person lives by, with
 * weekends counting as usual. A weekend day is a day off unless it is listed as worked, so whether
 * a source lists the weekend days inside a break (holiday-cn does for some years, chinese-days for
 * others) makes no difference; neither do names.
 */
public enum DateStatus {
    DAY_OFF("day off"),
    WORKING_DAY("working day"),
    MAKE_UP_DAY("make-up working day");

    private final String words;

    DateStatus(String words) {
        this.words = words;
    }

    /** The status of a date from what one source lists for it: a day off, a worked day, or nothing. */
    public static DateStatus of(LocalDate date, Boolean listedOff) {
        if (Boolean.TRUE.equals(listedOff)) {
            return DAY_OFF;
        }
        if (Day.weekend(date)) {
            return listedOff == null ? DAY_OFF : MAKE_UP_DAY;
        }
        return WORKING_DAY;
    }

    /** The status of a date as the calendar serves it: its {@link Kind}, in three. */
    public static DateStatus of(Day day) {
        return day.kind() == Kind.MAKE_UP ? MAKE_UP_DAY : day.working() ? WORKING_DAY : DAY_OFF;
    }

    @Override
    public String toString() {
        return words;
    }
}
