package pocketapi.holiday;

import java.time.DayOfWeek;
import java.time.LocalDate;

/**
 * The classification of one date: the specification's label ({@link DayStatus}) and name, and what
 * the day is to a person ({@link Kind}), from which the alarm, the wage and the exchange follow.
 *
 * @param name      the festival name for {@link DayStatus#DAY_OFF}, the festival name followed by
 *                  {@code 调休} for {@link DayStatus#MAKE_UP_WORKDAY}, and {@code ""} for an ordinary day
 * @param statutory whether the date is a statutory holiday (it is then a day off, of kind {@link Kind#STATUTORY})
 * @param brk       the whole break the day off belongs to (ordinary weekends next to it included), or the
 *                  break a make-up day repays; null for other days
 */
public record Day(LocalDate date, DayStatus status, String name, Kind kind, boolean statutory, Break brk) {

    /** Whether the day is worked: {@code type=alarm}'s {@code work}. */
    public boolean working() {
        return kind.working();
    }

    /** The least pay for work on the day, as a multiple of the normal wage (Labour Law art. 44). */
    public int wage() {
        return kind.wage();
    }

    /** Whether the Shanghai and Shenzhen exchanges trade: Monday to Friday and not a day off. */
    public boolean tradingDay() {
        return kind == Kind.WORKDAY;
    }

    /** The one weekend test of the service. */
    public static boolean weekend(LocalDate date) {
        DayOfWeek d = date.getDayOfWeek();
        return d == DayOfWeek.SATURDAY || d == DayOfWeek.SUNDAY;
    }
}
