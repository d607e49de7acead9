package pocketapi.holiday;

import java.time.DayOfWeek;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * Hong Kong's general holidays of a year by the General Holidays Ordinance (Cap. 149) alone, named by festival as the
 * built-in data names them: 1 January; 農曆年初一 to 初三; 清明 (the solar term); Good Friday, the day after and Easter
 * Monday; 1 May; 佛誕 (四月初八); 端午 (五月初五); 1 July; the day after 中秋 (八月十六); 1 October; 重陽 (九月初九);
 * Christmas Day and the first weekday after it. Every Sunday is a general holiday too, so a holiday that falls on a
 * Sunday, or on a day another holiday already holds, moves to the next day that is neither (that is how 農曆年初四, 清明節翌日,
 * 復活節星期一翌日 and 聖誕節後第二個周日 come about). One-off days the government adds are not in it. And which of them are
 * statutory holidays of the Employment Ordinance (Cap. 57, s. 39) that year: all but Good Friday, the day after it, the
 * day after Christmas and Christmas itself (its statutory holiday is Christmas or the winter solstice, the employer's
 * choice: neither is answered as statutory), with 佛誕 from 2022, Easter Monday from 2026, Good Friday from 2028, and
 * the day after it and the first weekday after Christmas from 2030. Stateless.
 */
public final class HongKong {
    private HongKong() {
    }

    /** One general holiday: where it falls, its festival, the day the ordinance gives it, and whether it is statutory. */
    public record Holiday(LocalDate date, String festival, LocalDate origin, boolean statutory) {
    }

    /** The general holidays of {@code year} other than the ordinary Sundays, by date, each named by its festival. */
    public static Map<LocalDate, String> generalHolidays(int year, LunarCalendar lunar) {
        Map<LocalDate, String> byDate = new TreeMap<>();
        holidays(year, lunar).forEach(h -> byDate.put(h.date(), h.festival()));
        return byDate;
    }

    /** The general holidays of {@code year}, in date order. */
    public static List<Holiday> holidays(int year, LunarCalendar lunar) {
        LocalDate easter = easter(year);
        LocalDate christmas = LocalDate.of(year, 12, 25);
        Object[][] given = {{LocalDate.of(year, 1, 1), "一月一日", 0}, {lunar.date(year, 1, 1), "農曆新年", 0},
                {lunar.date(year, 1, 2), "農曆新年", 0}, {lunar.date(year, 1, 3), "農曆新年", 0},
                {lunar.termDate(year, "清明"), "清明節", 0}, {easter.minusDays(2), "復活節", 2028},
                {easter.minusDays(1), "復活節", 2030}, {easter.plusDays(1), "復活節", 2026}, {LocalDate.of(year, 5, 1), "勞動節", 0},
                {lunar.date(year, 4, 8), "佛誕", 2022}, {lunar.date(year, 5, 5), "端午節", 0},
                {LocalDate.of(year, 7, 1), "香港特別行政區成立紀念日", 0}, {lunar.date(year, 8, 16), "中秋節", 0},
                {LocalDate.of(year, 10, 1), "國慶日", 0}, {lunar.date(year, 9, 9), "重陽節", 0}, {christmas, "聖誕節", Integer.MAX_VALUE},
                {christmas.plusDays(christmas.getDayOfWeek() == DayOfWeek.SATURDAY ? 2 : 1), "聖誕節", 2030}};
        java.util.Arrays.sort(given, (a, b) -> ((LocalDate) a[0]).compareTo((LocalDate) b[0]));  // stable: the table's order
        if (christmas.getDayOfWeek() == DayOfWeek.SUNDAY) {
            // The first weekday after Christmas is a holiday of its own; Christmas on a Sunday moves past it.
            Object[] first = given[given.length - 1];
            given[given.length - 1] = given[given.length - 2];
            given[given.length - 2] = first;
        }
        Set<LocalDate> held = new TreeSet<>();
        List<Holiday> holidays = new ArrayList<>();
        for (Object[] g : given) {
            LocalDate d = (LocalDate) g[0];
            while (d.getDayOfWeek() == DayOfWeek.SUNDAY || held.contains(d)) {
                d = d.plusDays(1);
            }
            held.add(d);
            holidays.add(new Holiday(d, (String) g[1], (LocalDate) g[0], year >= (Integer) g[2]));
        }
        holidays.sort((a, b) -> a.date().compareTo(b.date()));
        return holidays;
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
