package pocketapi.holiday;

/** Whether an alarm clock should ring: the answer of {@code type=alarm}. */
public enum Alarm {
    WORK("work"),
    VACATION("vacation");

    private final String wire;

    Alarm(String wire) {
        this.wire = wire;
    }

    /** The value as the API spells it. */
    public String wire() {
        return wire;
    }
}
