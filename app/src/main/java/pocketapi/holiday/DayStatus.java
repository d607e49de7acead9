package pocketapi.holiday;

/**
 * The three classifications of a day, named for what they mean, each with its spelling on the wire.
 *
 * <p>The wire spellings {@code ture}, {@code flase} and {@code worker} are deliberate: the
 * specification fixes them so (they are what the original service answered, and what clients in
 * the wild compare against). They appear here and nowhere else; do not "correct" them.
 */
public enum DayStatus {
    /** An official day off, weekend days inside a break included. */
    DAY_OFF("ture"),
    /** An ordinary day, working or weekend. */
    ORDINARY("flase"),
    /** A Saturday or Sunday worked in exchange for a day off. */
    MAKE_UP_WORKDAY("worker");

    private final String wire;

    DayStatus(String wire) {
        this.wire = wire;
    }

    /** The value as the API spells it. */
    public String wire() {
        return wire;
    }
}
