package pocketapi.holidays;

import java.time.DayOfWeek;
import java.time.LocalDate;

/** One date as a calendar has it. */
public record Day(LocalDate date, Status status, String name, boolean statutory, Break brk) {

    /** A day outside every break. */
    public static Day of(LocalDate date, Status status, String name, boolean statutory) {
        return new Day(date, status, name, statutory, null);
    }

    /** This day as another status (its name, unless given one). */
    public Day as(Status other, String otherName) {
        return new Day(date, other, otherName, statutory, brk);
    }

    /** This day, of the break {@code b}. */
    public Day in(Break b) {
        return new Day(date, status, name, statutory, b);
    }

    /** Whether the day is worked: {@code type=alarm}'s {@code work}. */
    public boolean working() {
        return status.working();
    }

    /** Whether the Shanghai and Shenzhen exchanges trade: Monday to Friday and not a day off. */
    public boolean tradingDay() {
        return status == Status.WORKDAY;
    }

    /** The weekday in Chinese, {@code 周一} to {@code 周日}. */
    public static String weekday(LocalDate date) {
        return "周" + "一二三四五六日".charAt(date.getDayOfWeek().ordinal());
    }

    /** The one weekend test of the service. */
    public static boolean weekend(LocalDate date) {
        DayOfWeek d = date.getDayOfWeek();
        return d == DayOfWeek.SATURDAY || d == DayOfWeek.SUNDAY;
    }
}
