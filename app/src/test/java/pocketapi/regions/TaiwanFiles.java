package pocketapi.regions;

import java.time.LocalDate;
import java.util.List;
import java.util.Map;
import pocketapi.holidays.Day;

/** Taiwan's files as its update source has them, for the tests' local mirrors. Stateless. */
public final class TaiwanFiles {
    private TaiwanFiles() {}

    /**
     * Year {@code year} of ruyut/TaiwanCalendar ({@code <base>/YYYY.json}): every day, off on weekends and the days of
     * {@code off} (by name), worked on the Saturdays of {@code worked}.
     */
    public static String everyDay(int year, Map<LocalDate, String> off, List<LocalDate> worked) {
        StringBuilder every = new StringBuilder("[");
        for (LocalDate d = LocalDate.of(year, 1, 1); d.getYear() == year; d = d.plusDays(1)) {
            boolean holiday = off.containsKey(d) || Day.weekend(d) && !worked.contains(d);
            every.append(every.length() > 1 ? "," : "")
                    .append("{\"date\":\"")
                    .append(d.toString().replace("-", ""))
                    .append("\",\"week\":\"\",\"isHoliday\":")
                    .append(holiday)
                    .append(",\"description\":\"")
                    .append(off.getOrDefault(d, worked.contains(d) ? "補行上班" : ""))
                    .append("\"}");
        }
        return every.append(']').toString();
    }
}
