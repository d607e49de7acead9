package pocketapi.holiday;

import java.time.LocalDate;

/** One entry of an official notice: a day off, or a make-up working day, of the named festival. */
public record OfficialDay(LocalDate date, String festival, boolean offDay) {
}
