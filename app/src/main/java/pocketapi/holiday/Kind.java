package pocketapi.holiday;

/**
 * What a day is to a person, beyond the specification's three-way label ({@link DayStatus}):
 * which days off the law gives (and pays 3× to work on), which are repaid by a make-up day, which
 * stand in for a statutory day lost to a weekend, and which are working days. README, "What a day
 * is". Each kind has its wire name.
 */
public enum Kind {
    /** A statutory holiday of 《全国年节及纪念日放假办法》: work on it is paid at least 300 % (Labour Law art. 44). */
    STATUTORY("statutory"),
    /** A weekday off repaid by one of the break's make-up working days (调休). */
    IN_LIEU("inLieu"),
    /** A weekday off standing in for a statutory day the break lost to a weekend or another festival (补休). */
    SUBSTITUTE("substitute"),
    /** A weekday off beyond both counts (an extension, a day whose make-up was cancelled). */
    EXTRA("extra"),
    /** A Saturday or Sunday off, inside a break or not. */
    WEEKEND("weekend"),
    /** A Saturday or Sunday worked in exchange for a day off (status {@code worker}). */
    MAKE_UP("makeUp"),
    /** A Monday to Friday worked. */
    WORKDAY("workday"),
    /** Worked by a calendar of one's own: a week rule's Saturday, or a day it lists as worked (an official day off or a weekend). */
    WORKED("worked"),
    /** A weekday off by a calendar of one's own (a company's day off). */
    OWN_DAY_OFF("ownDayOff");

    private final String wire;

    Kind(String wire) {
        this.wire = wire;
    }

    public String wire() {
        return wire;
    }

    /** Whether the day is worked: what {@code type=alarm} calls {@code work}. */
    public boolean working() {
        return this == MAKE_UP || this == WORKDAY || this == WORKED;
    }

    /** The least pay for work on such a day, as a multiple of the normal wage (Labour Law art. 44). */
    public int wage() {
        return this == STATUTORY ? 3 : working() ? 1 : 2;
    }
}
