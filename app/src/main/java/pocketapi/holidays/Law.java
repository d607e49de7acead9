package pocketapi.holidays;

import java.time.LocalDate;
import java.time.MonthDay;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The statutory holidays (法定节假日) of a year, by 《全国年节及纪念日放假办法》 as in force that year: 元旦 1-1; 春节 除夕 and 正月初一–初二
 * (2008–2013), 初一–初三 (2014–2024), 除夕 and 初一–初三 (2025 on), 除夕 being the last day of the twelfth lunar month; 清明 the day
 * of the solar term; 劳动节 5-1 (2008–2024), 5-1 and 5-2 (2025 on); 端午 五月初五; 中秋 八月十五; 国庆节 10-1…10-3. Before 2008 (the 1999
 * version): 元旦, 春节 初一–初三, 劳动节 5-1…5-3, 国庆节 10-1…10-3. A date may carry two (2020-10-01 was 国庆节 and 中秋节). And the days
 * it gives part of the population ({@link #groupHoliday}). Stateless.
 */
public final class Law {
    /** The first year answered: the 1999 version took effect for 2000. */
    public static final int SINCE = 2000;

    /** One statutory holiday: its date and festival. */
    public record Holiday(LocalDate date, Festival festival) {}

    /**
     * A day the law gives part of the population off (art. 3), on its date whatever the weekday (art. 5: none is made
     * up when it falls on a weekend): 妇女节 3-8, women half a day; 青年节 5-4, youth (14 to 28) half a day; 儿童节 6-1,
     * children under 14 a day; 建军节 8-1, active servicemen half a day. The whole population's day is unchanged.
     *
     * @param who {@code women}, {@code youth}, {@code children} or {@code military}
     * @param days 0.5 or 1
     */
    public record GroupHoliday(String name, String who, Number days) {}

    private static final Map<MonthDay, GroupHoliday> GROUPS = Map.of(
            MonthDay.of(3, 8),
            new GroupHoliday("妇女节", "women", 0.5),
            MonthDay.of(5, 4),
            new GroupHoliday("青年节", "youth", 0.5),
            MonthDay.of(6, 1),
            new GroupHoliday("儿童节", "children", 1),
            MonthDay.of(8, 1),
            new GroupHoliday("建军节", "military", 0.5));

    /** The day part of the population has off on {@code date} by the law of its year; empty on every other date. */
    public static Optional<GroupHoliday> groupHoliday(LocalDate date) {
        return covers(date.getYear()) ? Optional.ofNullable(GROUPS.get(MonthDay.from(date))) : Optional.empty();
    }

    private Law() {}

    /** Whether the law of {@code year} is known here (2000 to 2100). */
    public static boolean covers(int year) {
        return year >= SINCE && year <= LunarCalendar.LAST.getYear();
    }

    /** The statutory holidays of {@code year}, in date order within each festival. */
    public static List<Holiday> of(int year, LunarCalendar lunar) {
        List<Holiday> days = new ArrayList<>();
        days.add(new Holiday(LocalDate.of(year, 1, 1), Festival.NEW_YEAR));
        LocalDate first = lunar.date(year, 1, 1);
        int from = year >= 2025 || year >= 2008 && year <= 2013 ? -1 : 0; // 除夕
        int to = year >= 2008 && year <= 2013 ? 1 : 2;
        for (int i = from; i <= to; i++) {
            days.add(new Holiday(first.plusDays(i), Festival.SPRING));
        }
        if (year >= 2008) {
            days.add(new Holiday(lunar.termDate(year, "清明"), Festival.QINGMING));
        }
        int mayDays = year >= 2025 ? 2 : year >= 2008 ? 1 : 3;
        for (int i = 1; i <= mayDays; i++) {
            days.add(new Holiday(LocalDate.of(year, 5, i), Festival.LABOUR));
        }
        if (year >= 2008) {
            days.add(new Holiday(lunar.date(year, 5, 5), Festival.DRAGON_BOAT));
            days.add(new Holiday(lunar.date(year, 8, 15), Festival.MID_AUTUMN));
        }
        for (int i = 1; i <= 3; i++) {
            days.add(new Holiday(LocalDate.of(year, 10, i), Festival.NATIONAL));
        }
        return days;
    }
}
