package pocketapi.stats;

import java.time.LocalDate;

/**
 * What one counted call reports on {@code /api/info}: the numbers after its own increment.
 *
 * @param date the UTC+8 day the daily counts belong to
 */
public record Report(LocalDate date, String user, long siteTotal, long siteDaily, long userTotal, long userDaily) {
}
