package pocketapi.common;

import java.time.LocalDate;

/**
 * {@code LocalDate.parse}, with the common {@code YYYY-MM-DD} read without the formatter's machinery: a request's date
 * parameter and every day of a holiday file are one, and the formatter's parse allocates a dozen objects for it. Any
 * other text (a sign, five year digits) goes to {@code LocalDate.parse}; the result and the exception are the same.
 * Stateless.
 */
public final class IsoDate {
    private IsoDate() {}

    /** @throws java.time.DateTimeException when the text is no date ({@code 2027-02-30}, {@code 2027-1-1}) */
    public static LocalDate parse(String text) {
        if (text.length() == 10 && text.charAt(4) == '-' && text.charAt(7) == '-') {
            int y = digits(text, 0, 4);
            int m = digits(text, 5, 7);
            int d = digits(text, 8, 10);
            if (y >= 0 && m >= 0 && d >= 0) {
                return LocalDate.of(y, m, d);
            }
        }
        return LocalDate.parse(text);
    }

    /** The number the ASCII digits from {@code from} to {@code to} make, or -1 when one is not a digit. */
    private static int digits(String text, int from, int to) {
        int n = 0;
        for (int i = from; i < to; i++) {
            char c = text.charAt(i);
            if (c < '0' || c > '9') {
                return -1;
            }
            n = n * 10 + (c - '0');
        }
        return n;
    }
}
