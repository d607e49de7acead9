package pocketapi.holidays;

import java.time.LocalDate;

/**
 * What a day is, in one value: the specification's label ({@link #wire}) and what the day is to a person
 * ({@link #kind}: why it is off or worked), from which the alarm, the wage and the exchange follow. docs, "What a day
 * is".
 *
 * <p>The wire spellings {@code ture}, {@code flase} and {@code worker} are deliberate: the specification fixes them so
 * (they are what the original service answered, and what clients in the wild compare against). They appear here and
 * nowhere else; do not "correct" them.
 */
public enum Status {
    /** A statutory holiday off (《全国年节及纪念日放假办法》): work on it is paid at least 300 % (Labour Law art. 44). */
    STATUTORY("ture", "statutory"),
    /** A statutory holiday on a weekend the notice does not list: an ordinary day off to the specification. */
    STATUTORY_WEEKEND("flase", "statutory"),
    /** A weekday off repaid by one of the break's make-up working days (调休). */
    IN_LIEU("ture", "inLieu"),
    /** A weekday off standing in for a statutory day the break lost to a weekend or another festival (补休). */
    SUBSTITUTE("ture", "substitute"),
    /** A weekday off beyond both counts (an extension, a day whose make-up was cancelled). */
    EXTRA("ture", "extra"),
    /** A Monday to Friday off by a region's list and not by its law (Hong Kong's Good Friday, Macau's 追思節). */
    HOLIDAY("ture", "holiday"),
    /** A Saturday or Sunday listed as off. */
    WEEKEND_OFF("ture", "weekend"),
    /** An ordinary Saturday or Sunday. */
    WEEKEND("flase", "weekend"),
    /** A Saturday or Sunday worked in exchange for a day off. */
    MAKE_UP("worker", "makeUp"),
    /** A Monday to Friday worked. */
    WORKDAY("flase", "workday"),
    /** A Monday to Friday worked, but a compensatory rest day of Macau's civil service (補假). */
    CIVIL_SERVICE("flase", "civilService"),
    /** A Monday to Friday worked, whose afternoon Macau's civil service has off (除夕下午). */
    CIVIL_SERVICE_AFTERNOON("flase", "civilServiceAfternoon"),
    /** Worked by a calendar of one's own on a Saturday or Sunday: a week rule's Saturday, a day it lists as worked. */
    WORKED_WEEKEND("worker", "worked"),
    /** Worked by a calendar of one's own on a weekday that is officially off. */
    WORKED("flase", "worked"),
    /** A weekday off by a calendar of one's own (a company's day off). */
    OWN_DAY_OFF("ture", "ownDayOff");

    private final String wire;
    private final String kind;

    Status(String wire, String kind) {
        this.wire = wire;
        this.kind = kind;
    }

    /**
     * The specification's label: {@code ture} (a day off), {@code flase} (an ordinary day) or {@code worker} (a make-up
     * working day).
     */
    public String wire() {
        return wire;
    }

    /** What the day is to a person, as {@code /api/holidays/detail} names it. */
    public String kind() {
        return kind;
    }

    /** Whether the day is worked: what {@code type=alarm} calls {@code work}. */
    public boolean working() {
        return this == MAKE_UP
                || this == WORKDAY
                || this == WORKED
                || this == WORKED_WEEKEND
                || this == CIVIL_SERVICE
                || this == CIVIL_SERVICE_AFTERNOON;
    }

    /** The least pay for work on such a day, as a multiple of the normal wage (Labour Law art. 44). */
    public int wage() {
        return kind.equals("statutory") ? 3 : working() ? 1 : 2;
    }

    /** What two sources are compared on: the status a person lives by, in words. */
    public String lived() {
        return this == MAKE_UP ? MAKE_UP_DAY : working() ? WORKING_DAY : DAY_OFF;
    }

    private static final String DAY_OFF = "day off";
    private static final String WORKING_DAY = "working day";
    private static final String MAKE_UP_DAY = "make-up working day";

    /**
     * What a source's list says of a date, as {@link #lived}: listed off, a day off; not listed, a weekend day is off
     * (whether a source lists the weekends inside a break makes no difference).
     */
    public static String lived(LocalDate date, Boolean listedOff) {
        if (Boolean.TRUE.equals(listedOff)) {
            return DAY_OFF;
        }
        if (Day.weekend(date)) {
            return listedOff == null ? DAY_OFF : MAKE_UP_DAY;
        }
        return WORKING_DAY;
    }
}
