package pocketapi.holiday;

import java.time.DayOfWeek;
import java.time.LocalDate;
import java.util.Map;
import java.util.TreeMap;

/**
 * Hong Kong's general holidays of a year by the General Holidays Ordinance (Cap. 149) alone, named by festival as the
 * built-in data names them: 1 January; 農曆年初一 to 初三; 清明 (the solar term); Good Friday, the day after and Easter
 * Monday; 1 May; 佛誕 (四月初八); 端午 (五月初五); 1 July; the day after 中秋 (八月十六); 1 October; 重陽 (九月初九);
 * Christmas Day and the first weekday after it. Every Sunday is a general holiday too, so a holiday that falls on a
 * Sunday, or on a day another holiday already holds, moves to the next day that is neither (that is how 農曆年初四, 清明節翌日,
 * 復活節星期一翌日 and 聖誕節後第二個周日 come about). One-off days the government adds are not in it. Stateless.
 */
public final class HongKong {
    private HongKong() {
    }

    /** The general holidays of {@code year} other than the ordinary Sundays, by date, each named by its festival. */
    public static Map<LocalDate, String> generalHolidays(int year, LunarCalendar lunar) {
        LocalDate easter = easter(year);
        LocalDate christmas = LocalDate.of(year, 12, 25);
        Object[][] fixed = {{LocalDate.of(year, 1, 1), "一月一日"}, {lunar.date(year, 1, 1), "農曆新年"},
                {lunar.date(year, 1, 2), "農曆新年"}, {lunar.date(year, 1, 3), "農曆新年"}, {lunar.termDate(year, "清明"), "清明節"},
                {easter.minusDays(2), "復活節"}, {easter.minusDays(1), "復活節"}, {easter.plusDays(1), "復活節"},
                {LocalDate.of(year, 5, 1), "勞動節"}, {lunar.date(year, 4, 8), "佛誕"}, {lunar.date(year, 5, 5), "端午節"},
                {LocalDate.of(year, 7, 1), "香港特別行政區成立紀念日"}, {lunar.date(year, 8, 16), "中秋節"},
                {LocalDate.of(year, 10, 1), "國慶日"}, {lunar.date(year, 9, 9), "重陽節"}, {christmas, "聖誕節"},
                {christmas.plusDays(christmas.getDayOfWeek() == DayOfWeek.SATURDAY ? 2 : 1), "聖誕節"}};
        Map<LocalDate, String> byOrigin = new TreeMap<>();
        for (Object[] f : fixed) {
            byOrigin.merge((LocalDate) f[0], (String) f[1], (a, b) -> a + "\n" + b);  // two on one date: both move on
        }
        Map<LocalDate, String> held = new TreeMap<>();
        byOrigin.forEach((origin, names) -> {
            for (String name : names.split("\n")) {
                LocalDate d = origin;
                while (d.getDayOfWeek() == DayOfWeek.SUNDAY || held.containsKey(d)) {
                    d = d.plusDays(1);
                }
                held.put(d, name);
            }
        });
        return held;
    }

    /** Easter Sunday of the Gregorian calendar (the anonymous Gregorian algorithm). */
    public static LocalDate easter(int year) {
        int a = year % 19;
        int b = year / 100;
        int c = year % 100;
        int h = (19 * a + b - b / 4 - (b - (b + 8) / 25 + 1) / 3 + 15) % 30;
        int l = (32 + 2 * (b % 4) + 2 * (c / 4) - h - c % 4) % 7;
        int m = (a + 11 * h + 22 * l) / 451;
        return LocalDate.of(year, (h + l - 7 * m + 114) / 31, (h + l - 7 * m + 114) % 31 + 1);
    }
}
