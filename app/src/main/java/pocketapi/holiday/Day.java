package pocketapi.holiday;

import java.time.LocalDate;

/**
 * The classification of one date.
 *
 * @param name the festival name for {@link DayStatus#DAY_OFF}, the festival name followed by
 *             {@code 调休} for {@link DayStatus#WORKER}, and {@code ""} for an ordinary day
 */
public record Day(LocalDate date, DayStatus status, String name, Alarm alarm) {
}
