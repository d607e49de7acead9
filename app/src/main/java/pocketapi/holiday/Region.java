package pocketapi.holiday;

/**
 * Whose calendar a day is answered from ({@code region=}): the mainland's, the only one with a forecast here; Hong
 * Kong's general holidays (1823.gov.hk), whose Employment Ordinance days are statutory; or Taiwan's government office
 * calendar (the DGPA's 辦公日曆表, with its make-up working days), whose 紀念日及節日 days off are ({@link Taiwan}); or
 * Macau's public holidays (Ordem Executiva n.º 60/2000), whose mandatory ones are. The other three are built in and
 * read on first use.
 */
public enum Region {
    CN("cn", "the mainland", "中国大陆", "调休"),
    HK("hk", "Hong Kong", "香港", ""),
    TW("tw", "Taiwan", "臺灣", "補行上班"),
    MO("mo", "Macau", "澳門", "");

    private final String code;
    private final String english;
    private final String chinese;
    private final String makeUp;

    Region(String code, String english, String chinese, String makeUp) {
        this.code = code;
        this.english = english;
        this.chinese = chinese;
        this.makeUp = makeUp;
    }

    public String chinese() {
        return chinese;
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

    /** A {@code region=} value. */
    public static Region parse(String code) {
        for (Region r : values()) {
            if (r.code.equals(code)) {
                return r;
            }
        }
        throw new IllegalArgumentException("must be cn (the mainland, the default), hk, mo or tw");
    }
}
