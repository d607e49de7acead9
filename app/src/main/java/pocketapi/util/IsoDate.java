package pocketapi.util;

import java.time.DateTimeException;
import java.time.LocalDate;

/**
 * Reads a strict {@code YYYY-MM-DD} date by hand: {@code LocalDate.parse} would load the whole
 * java.time formatting machinery at start-up for the few thousand dates of the data files.
 */
public final class IsoDate {
    private IsoDate() {
    }

    /** @throws DateTimeException unless {@code text} is exactly a real date written YYYY-MM-DD */
    public static LocalDate parse(String text) {
        if (text.length() != 10 || text.charAt(4) != '-' || text.charAt(7) != '-') {
            throw new DateTimeException("not YYYY-MM-DD: " + text);
        }
        return LocalDate.of(digits(text, 0, 4), digits(text, 5, 7), digits(text, 8, 10));
    }

    private static int digits(String text, int from, int to) {
        int n = 0;
        for (int i = from; i < to; i++) {
            char c = text.charAt(i);
            if (c < '0' || c > '9') {
                throw new DateTimeException("not YYYY-MM-DD: " + text);
            }
            n = n * 10 + (c - '0');
        }
        return n;
    }
}
