package pocketapi.web;

import java.util.Locale;

/** The endpoint families the history counts apart; the site's count is their sum. */
public enum Family {
    HOLIDAYS,
    PICTURES,
    INFO,
    OTHER;

    /** As the history's JSON and CSV name it: {@code holidays}, {@code pictures}, {@code info}, {@code other}. */
    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }
}
