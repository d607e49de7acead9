package pocketapi.holidays;

import java.time.LocalDate;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * One year's official notice, as a holiday-cn {@code YYYY.json} file lists it: every day off and every make-up working
 * day, some of which may lie in the neighbouring years (2023's New Year break starts on 2022-12-31). Immutable.
 */
public record HolidayYear(int year, String source, List<ListedDay> days) {

    public HolidayYear {
        days = List.copyOf(days);
    }

    /** Whether both list the same days with the same names (where they came from does not matter). */
    public boolean sameDays(HolidayYear other) {
        return byDate().equals(other.byDate());
    }

    /** This year without its entries dated in {@code calendarYears} (years another source decides). */
    public HolidayYear without(Set<Integer> calendarYears) {
        List<ListedDay> kept = new java.util.ArrayList<>();
        for (ListedDay day : days) {
            if (!calendarYears.contains(day.date().getYear())) {
                kept.add(day);
            }
        }
        return kept.size() == days.size() ? this : new HolidayYear(year, source, kept);
    }

    /**
     * This year with every name read through the {@link Festival} table: {@code 国庆假期} and {@code 国庆节（…）} become
     * {@code 国庆节}, {@code 元旦补班} becomes {@code 元旦}, a joint name keeps its order.
     */
    public HolidayYear canonical() throws HolidayDataException {
        List<ListedDay> named = new java.util.ArrayList<>();
        for (ListedDay day : days) {
            List<Festival> festivals = Festival.of(day.festival());
            if (festivals.isEmpty()) {
                throw new HolidayDataException(source, "the name of " + day.date() + " is none of the seven festivals");
            }
            named.add(new ListedDay(day.date(), Festival.chinese(festivals), day.offDay()));
        }
        return new HolidayYear(year, source, named);
    }

    /** The entries by date. */
    public Map<LocalDate, ListedDay> byDate() {
        Map<LocalDate, ListedDay> map = new HashMap<>();
        for (ListedDay day : days) {
            map.put(day.date(), day);
        }
        return map;
    }
}
