package pocketapi.holiday;

/**
 * Whose calendar a day is answered from ({@code region=}): the mainland's, the only one with a law of statutory days
 * and a forecast here; Hong Kong's general holidays (1823.gov.hk); or Taiwan's government office calendar (the DGPA's
 * 辦公日曆表, with its make-up working days). The last two are built in and read on first use. Macau is not served yet.
 */
public enum Region {
    CN("cn", "the mainland", "调休"),
    HK("hk", "Hong Kong", ""),
    TW("tw", "Taiwan", "補行上班");

    private final String code;
    private final String english;
    private final String makeUp;

    Region(String code, String english, String makeUp) {
        this.code = code;
        this.english = english;
        this.makeUp = makeUp;
    }

    public String code() {
        return code;
    }

    public String english() {
        return english;
    }

    /** What follows a festival's name on a make-up working day: {@code 春节调休}, {@code 春節補行上班}. */
    public String makeUp() {
        return makeUp;
    }

    public boolean mainland() {
        return this == CN;
    }

    /** A {@code region=} value; Macau is refused as not served yet, never answered as the mainland. */
    public static Region parse(String code) {
        return switch (code) {
            case "cn" -> CN;
            case "hk" -> HK;
            case "tw" -> TW;
            case "mo" -> throw new IllegalArgumentException("is not served yet: this service answers the mainland's "
                    + "calendar (region=cn, the default), Hong Kong's (region=hk) and Taiwan's (region=tw)");
            default -> throw new IllegalArgumentException("must be cn (the mainland, the default), hk, mo or tw");
        };
    }
}
