package pocketapi.holidays;

import java.time.LocalDate;

/**
 * One date a list names: in an official notice, a day off or a make-up working day of a festival; in a calendar of
 * one's own, a day off or a working day under its own name.
 */
public record ListedDay(LocalDate date, String festival, boolean offDay) {}
