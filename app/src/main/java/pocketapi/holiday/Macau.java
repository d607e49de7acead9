package pocketapi.holiday;

import java.time.LocalDate;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * Macau's public holidays of a year by Ordem Executiva n.º 60/2000, named by festival as the built-in data names them:
 * 元旦; 農曆正月初一 to 初三; 清明 (the solar term); Good Friday and the day before Easter (復活節); 1 May; 佛誕節 (四月初八);
 * 端午 (五月初五); the day after 中秋 (八月十六); 1 and 2 October; 重陽 (九月初九); 追思節 (2 November); 聖母無原罪瞻禮
 * (8 December); 20 December; 冬至 (the solar term); 24 and 25 December. None moves when it falls on a weekend; two on one
 * date share it. Which of them are mandatory holidays, binding every employer (Lei n.º 7/2008, art. 44). And the days
 * the civil service alone has off: its compensatory rest days and the afternoons exempted from work. Stateless.
 */
public final class Macau {
    private Macau() {
    }

    /** The public holidays of {@code year} (2001 on), by date, each named by its festival (two on a date: both, joined). */
    public static Map<LocalDate, String> publicHolidays(int year, LunarCalendar lunar) {
        LocalDate easter = HongKong.easter(year);
        Object[][] days = {{LocalDate.of(year, 1, 1), "元旦"}, {lunar.date(year, 1, 1), "農曆新年"},
                {lunar.date(year, 1, 2), "農曆新年"}, {lunar.date(year, 1, 3), "農曆新年"}, {lunar.termDate(year, "清明"), "清明節"},
                {easter.minusDays(2), "復活節"}, {easter.minusDays(1), "復活節"}, {LocalDate.of(year, 5, 1), "勞動節"},
                {lunar.date(year, 4, 8), "佛誕節"}, {lunar.date(year, 5, 5), "端午節"}, {lunar.date(year, 8, 16), "中秋節"},
                {LocalDate.of(year, 10, 1), "國慶日"}, {LocalDate.of(year, 10, 2), "國慶日"}, {lunar.date(year, 9, 9), "重陽節"},
                {LocalDate.of(year, 11, 2), "追思節"}, {LocalDate.of(year, 12, 8), "聖母無原罪瞻禮"},
                {LocalDate.of(year, 12, 20), "澳門特別行政區成立紀念日"}, {lunar.termDate(year, "冬至"), "冬至"},
                {LocalDate.of(year, 12, 24), "聖誕節"}, {LocalDate.of(year, 12, 25), "聖誕節"}};
        Map<LocalDate, String> holidays = new TreeMap<>();
        for (Object[] d : days) {
            holidays.merge((LocalDate) d[0], (String) d[1], (a, b) -> a.equals(b) ? a : a + "、" + b);
        }
        return holidays;
    }

    /**
     * The civil service's compensatory rest days of {@code year} (補假, ETAPM art. 79 no. 4; 2020 on), each named for
     * its holiday ({@code 清明節的補假}): a public holiday on a Saturday or Sunday gives the first Monday to Friday after
     * it that is neither a public holiday nor given already, the holidays taken in date order.
     */
    public static Map<LocalDate, String> compensatory(int year, LunarCalendar lunar) {
        Map<LocalDate, String> holidays = publicHolidays(year, lunar);
        Map<LocalDate, String> given = new TreeMap<>();
        if (year < 2020) {
            return given;
        }
        for (Map.Entry<LocalDate, String> h : holidays.entrySet()) {
            if (!Day.weekend(h.getKey())) {
                continue;
            }
            for (String festival : h.getValue().split("、")) {
                LocalDate d = h.getKey().plusDays(1);
                while (Day.weekend(d) || holidays.containsKey(d) || given.containsKey(d)) {
                    d = d.plusDays(1);
                }
                given.put(d, festival + "的補假");
            }
        }
        return given;
    }

    /**
     * The afternoons of {@code year} the Chief Executive has exempted the civil service from work every year since
     * 2018: 農曆除夕 and 31 December (除夕), where they fall on a Monday to Friday.
     */
    public static Set<LocalDate> afternoons(int year, LunarCalendar lunar) {
        Set<LocalDate> afternoons = new TreeSet<>();
        for (LocalDate d : java.util.List.of(lunar.date(year, 1, 1).minusDays(1), LocalDate.of(year, 12, 31))) {
            if (year >= 2018 && !Day.weekend(d)) {
                afternoons.add(d);
            }
        }
        return afternoons;
    }

    /** The mandatory holidays of {@code year}: 元旦, 初一 to 初三, 清明, 1 May, the day after 中秋, 1 October, 重陽, 20 December. */
    public static Set<LocalDate> mandatory(int year, LunarCalendar lunar) {
        return new TreeSet<>(java.util.List.of(LocalDate.of(year, 1, 1), lunar.date(year, 1, 1), lunar.date(year, 1, 2),
                lunar.date(year, 1, 3), lunar.termDate(year, "清明"), LocalDate.of(year, 5, 1), lunar.date(year, 8, 16),
                LocalDate.of(year, 10, 1), lunar.date(year, 9, 9), LocalDate.of(year, 12, 20)));
    }
}
