package pocketapi.holiday;

import java.time.DayOfWeek;
import java.time.LocalDate;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * Taiwan's days off by law of a year (2015 on), named as the built-in data names them: the 放假之紀念日及節日 of
 * 紀念日及節日實施辦法, and from 2025 of 紀念日及節日實施條例. 開國紀念日 (1 January); 農曆除夕 and 春節 (初一 to 初三), with
 * 小年夜 (the day before 除夕) from 2026; 和平紀念日 (28 February); 兒童節 (4 April); 民族掃墓節 (清明, the solar term);
 * 勞動節 (1 May) from 2026; 端午節; 中秋節; 孔子誕辰紀念日 (28 September) from 2025; 國慶日 (10 October); 臺灣光復暨金門古寧頭大捷紀念日
 * (25 October) and 行憲紀念日 (25 December) from 2025. And the substitute days (補假) its rules give: one on a Saturday
 * moves to the workday before, one on a Sunday to the workday after; 小年夜, 除夕 and 春節 on a weekend to the workdays
 * after; 兒童節 on 清明's date to the day its table gives (the Friday before a weekend one, else the nearer weekday that
 * bridges to the weekend). A workday here is a Monday to Friday that is neither such a day nor a substitute already.
 * Stateless.
 */
public final class Taiwan {
    private static final String SPRING = "春節";
    private static final String CHILDREN = "兒童節";

    private Taiwan() {
    }

    /** The first year both the days and the substitute rules are these (內政部令 1030182404). */
    public static boolean covers(int year) {
        return year >= 2015;
    }

    /** The law's days off of {@code year}, by date, each named by its festival (two on a date: both, joined). */
    public static Map<LocalDate, String> holidays(int year, LunarCalendar lunar) {
        LocalDate newYear = lunar.date(year, 1, 1);
        Object[][] days = {{LocalDate.of(year, 1, 1), "開國紀念日", 0}, {newYear.minusDays(2), SPRING, 2026},
                {newYear.minusDays(1), SPRING, 0}, {newYear, SPRING, 0}, {newYear.plusDays(1), SPRING, 0},
                {newYear.plusDays(2), SPRING, 0}, {LocalDate.of(year, 2, 28), "和平紀念日", 0}, {LocalDate.of(year, 4, 4), CHILDREN, 0},
                {lunar.termDate(year, "清明"), "民族掃墓節", 0}, {LocalDate.of(year, 5, 1), "勞動節", 2026},
                {lunar.date(year, 5, 5), "端午節", 0}, {lunar.date(year, 8, 15), "中秋節", 0},
                {LocalDate.of(year, 9, 28), "孔子誕辰紀念日", 2025}, {LocalDate.of(year, 10, 10), "國慶日", 0},
                {LocalDate.of(year, 10, 25), "臺灣光復暨金門古寧頭大捷紀念日", 2025}, {LocalDate.of(year, 12, 25), "行憲紀念日", 2025}};
        Map<LocalDate, String> holidays = new TreeMap<>();
        for (Object[] d : days) {
            if (year >= (Integer) d[2]) {
                holidays.merge((LocalDate) d[0], (String) d[1], (a, b) -> a.equals(b) ? a : a + "、" + b);
            }
        }
        return holidays;
    }

    /**
     * The substitute days of {@code year}: for its days off on a weekend or on another's date, and for next year's
     * 開國紀念日 on a Saturday (31 December). The 春節 days are placed last, as the DGPA's calendars place them.
     */
    public static Set<LocalDate> substitutes(int year, LunarCalendar lunar) {
        Map<LocalDate, String> law = holidays(year, lunar);
        Set<LocalDate> taken = new TreeSet<>(law.keySet());
        taken.add(LocalDate.of(year + 1, 1, 1));
        Set<LocalDate> substitutes = new TreeSet<>();
        for (Map.Entry<LocalDate, String> h : law.entrySet()) {
            LocalDate d = h.getKey();
            if (h.getValue().equals(SPRING)) {
                continue;
            }
            if (h.getValue().startsWith(CHILDREN + "、")) {  // 兒童節 on 清明's date: its own day, then 清明's by the weekend rule
                int[] shift = {1, -1, -1, 1, -1, -1, -2};  // Monday .. Sunday (內政部令 1010307327)
                place(d.plusDays(shift[d.getDayOfWeek().getValue() - 1]), shift[d.getDayOfWeek().getValue() - 1] > 0 ? 1 : -1,
                        taken, substitutes);
            }
            if (d.getDayOfWeek() == DayOfWeek.SATURDAY) {
                place(d.minusDays(1), -1, taken, substitutes);
            } else if (d.getDayOfWeek() == DayOfWeek.SUNDAY) {
                place(d.plusDays(1), 1, taken, substitutes);
            }
        }
        LocalDate next = LocalDate.of(year + 1, 1, 1);
        if (next.getDayOfWeek() == DayOfWeek.SATURDAY) {
            place(next.minusDays(1), -1, taken, substitutes);
        }
        for (Map.Entry<LocalDate, String> h : law.entrySet()) {
            if (h.getValue().equals(SPRING) && Day.weekend(h.getKey())) {
                place(h.getKey().plusDays(1), 1, taken, substitutes);
            }
        }
        substitutes.removeIf(d -> d.getYear() != year);
        return substitutes;
    }

    /** The first workday from {@code from} on in {@code step}'s direction becomes a substitute day. */
    private static void place(LocalDate from, int step, Set<LocalDate> taken, Set<LocalDate> substitutes) {
        LocalDate d = from;
        while (Day.weekend(d) || taken.contains(d)) {
            d = d.plusDays(step);
        }
        taken.add(d);
        substitutes.add(d);
    }
}
