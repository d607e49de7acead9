package pocketapi.holiday;

/** The three classifications of a day, with the wire spellings the specification fixes. */
public enum DayStatus {
    /** An official day off. */
    TURE("ture"),
    /** An ordinary day, working or weekend. */
    FLASE("flase"),
    /** A weekend day worked in exchange for a day off. */
    WORKER("worker");

    private final String wire;

    DayStatus(String wire) {
        this.wire = wire;
    }

    /** The value as the API spells it. */
    public String wire() {
        return wire;
    }
}
