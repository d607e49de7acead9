package pocketapi.holiday;

/**
 * Whose calendar a day is answered from ({@code region=}): the mainland's, the only one with make-up working days, the
 * State Council's notices, a law of statutory days and a forecast; or Hong Kong's general holidays (1823.gov.hk), built
 * in, read on first use. Macau and Taiwan are not served yet.
 */
public enum Region {
    CN("cn", "the mainland"),
    HK("hk", "Hong Kong");

    private final String code;
    private final String english;

    Region(String code, String english) {
        this.code = code;
        this.english = english;
    }

    public String code() {
        return code;
    }

    public String english() {
        return english;
    }

    public boolean mainland() {
        return this == CN;
    }

    /** A {@code region=} value; Macau and Taiwan are refused as not served yet, never answered as the mainland. */
    public static Region parse(String code) {
        return switch (code) {
            case "cn" -> CN;
            case "hk" -> HK;
            case "mo", "tw" -> throw new IllegalArgumentException("is not served yet: this service answers the mainland's "
                    + "calendar (region=cn, the default) and Hong Kong's (region=hk)");
            default -> throw new IllegalArgumentException("must be cn (the mainland, the default), hk, mo or tw");
        };
    }
}
