package pocketapi.regions;

import java.time.LocalDate;

/** Easter Sunday of the Gregorian calendar, whose Friday, Saturday and Monday Hong Kong and Macau keep. Stateless. */
final class Easter {
    private Easter() {}

    /** Easter Sunday of the Gregorian calendar (the anonymous Gregorian algorithm). */
    static LocalDate sunday(int year) {
        int a = year % 19;
        int b = year / 100;
        int c = year % 100;
        int h = (19 * a + b - b / 4 - (b - (b + 8) / 25 + 1) / 3 + 15) % 30;
        int l = (32 + 2 * (b % 4) + 2 * (c / 4) - h - c % 4) % 7;
        int m = (a + 11 * h + 22 * l) / 451;
        return LocalDate.of(year, (h + l - 7 * m + 114) / 31, (h + l - 7 * m + 114) % 31 + 1);
    }
}
