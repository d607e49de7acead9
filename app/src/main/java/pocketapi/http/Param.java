package pocketapi.http;

import java.time.DateTimeException;
import java.time.LocalDate;
import java.time.YearMonth;
import java.util.Locale;

import pocketapi.util.IsoDate;

/**
 * One query parameter an endpoint takes, declared once: its name, how its value is read, and what
 * it is when absent. A handler receives it typed from the {@link Query}. Immutable.
 *
 * @param read  the value as written (decoded), or an {@code IllegalArgumentException} saying what it
 *              must be ({@code must be 1 to 9 digits 0-9}) or what it is ({@code is not a date: …}),
 *              which the query turns into a 400 naming it
 * @param absent what the handler receives when the name is not in the query
 */
record Param<T>(String name, Read<T> read, T absent) {
    /** How a value is read. */
    interface Read<T> {
        T read(String value);
    }

    /** Any text, as given; absent: null. */
    static Param<String> text(String name) {
        return new Param<>(name, v -> v, null);
    }

    /** 1 to 9 ASCII digits, leading zeros allowed ({@code m=03}); absent: null. */
    static Param<Integer> digits(String name) {
        return new Param<>(name, v -> {
            if (!digits(v, 0)) {
                throw new IllegalArgumentException("must be 1 to 9 digits 0-9");
            }
            return Integer.parseInt(v);
        }, null);
    }

    /** A whole number from {@code min} to {@code max}: the digits {@link #digits} takes, after a minus sign for one below 0. */
    static Param<Integer> integer(String name, int min, int max, Integer absent) {
        return new Param<>(name, v -> {
            if (digits(v, v.startsWith("-") ? 1 : 0)) {
                long n = Long.parseLong(v);
                if (n >= min && n <= max) {
                    return (int) n;
                }
            }
            throw new IllegalArgumentException("must be a whole number from " + min + " to " + max);
        }, absent);
    }

    /** Whether {@code v} from {@code from} on is 1 to 9 ASCII digits. */
    private static boolean digits(String v, int from) {
        int n = v.length() - from;
        for (int i = from; i < v.length(); i++) {
            n = v.charAt(i) >= '0' && v.charAt(i) <= '9' ? n : 0;
        }
        return n >= 1 && n <= 9;
    }

    /** A date written {@code YYYY-MM-DD}; absent: null. */
    static Param<LocalDate> date(String name) {
        return new Param<>(name, v -> {
            try {
                return IsoDate.parse(v);
            } catch (DateTimeException e) {
                String why = v.matches("[0-9]{4}-[0-9]{2}-[0-9]{2}") ? impossible(Integer.parseInt(v.substring(0, 4)),
                        Integer.parseInt(v.substring(5, 7)), Integer.parseInt(v.substring(8))) : null;
                throw new IllegalArgumentException(why != null ? why : "must be a date YYYY-MM-DD");
            }
        }, null);
    }

    /**
     * Why a year, month and day are not a date ({@code is not a date: February 2026 has 28 days}), or
     * null when they are one.
     */
    static String impossible(int year, int month, int day) {
        if (month < 1 || month > 12) {
            return "is not a date: a month is 1 to 12";
        }
        YearMonth ym = YearMonth.of(year, month);
        if (day >= 1 && day <= ym.lengthOfMonth()) {
            return null;
        }
        String name = ym.getMonth().name();
        return "is not a date: " + name.charAt(0) + name.substring(1).toLowerCase(Locale.ROOT) + " " + year + " has "
                + ym.lengthOfMonth() + " days";
    }
}
