package pocketapi.holiday;

import java.time.LocalDate;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * One year's official notice, as a holiday-cn {@code YYYY.json} file lists it: every day off and
 * every make-up working day, some of which may lie in the neighbouring years (2023's New Year break
 * starts on 2022-12-31). Immutable.
 *
 * @param source where it was read from, for messages: a file, a URL or a built-in resource
 */
public record HolidayYear(int year, String source, List<OfficialDay> days) {

    public HolidayYear {
        days = List.copyOf(days);
    }

    /** Whether both list the same days with the same names (where they came from does not matter). */
    public boolean sameDays(HolidayYear other) {
        return byDate().equals(other.byDate());
    }

    /** This year without its entries dated in {@code calendarYears} (years another source decides). */
    public HolidayYear without(java.util.Set<Integer> calendarYears) {
        List<OfficialDay> kept = new java.util.ArrayList<>();
        for (OfficialDay day : days) {
            if (!calendarYears.contains(day.date().getYear())) {
                kept.add(day);
            }
        }
        return kept.size() == days.size() ? this : new HolidayYear(year, source, kept);
    }

    /** The entries by date. */
    public Map<LocalDate, OfficialDay> byDate() {
        Map<LocalDate, OfficialDay> map = new HashMap<>();
        for (OfficialDay day : days) {
            map.put(day.date(), day);
        }
        return map;
    }
}
