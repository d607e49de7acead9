package pocketapi.common;

import java.time.DateTimeException;
import java.time.LocalDate;

/** A date as a query writes it and an answer shows it: {@code YYYY-MM-DD}. */
public final class IsoDate {
    private IsoDate() {}

    /**
     * {@code LocalDate.parse(text)}: the same dates and the same refusals (a {@link DateTimeException}), with the plain
     * {@code YYYY-MM-DD} read digit by digit; the formatter's parse was a microsecond a date, on every request that
     * gives one.
     */
    public static LocalDate parse(String text) {
        if (text.length() == 10 && text.charAt(4) == '-' && text.charAt(7) == '-') {
            int year = digits(text, 0, 4);
            int month = digits(text, 5, 7);
            int day = digits(text, 8, 10);
            if (year >= 0 && month >= 0 && day >= 0) {
                return LocalDate.of(year, month, day);
            }
        }
        return LocalDate.parse(text);
    }

    /**
     * {@code date.toString()}, written directly for a year of four digits (the thirty dates of a history took 5 µs
     * through {@code toString}).
     */
    public static String format(LocalDate date) {
        int y = date.getYear();
        if (y < 1000 || y > 9999) {
            return date.toString();
        }
        int m = date.getMonthValue();
        int d = date.getDayOfMonth();
        return new String(new char[] {
            (char) ('0' + y / 1000),
            (char) ('0' + y / 100 % 10),
            (char) ('0' + y / 10 % 10),
            (char) ('0' + y % 10),
            '-',
            (char) ('0' + m / 10),
            (char) ('0' + m % 10),
            '-',
            (char) ('0' + d / 10),
            (char) ('0' + d % 10)
        });
    }

    /** The number written by the ASCII digits {@code text[from, to)}, or -1 when one is no such digit. */
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
