package pocketapi.common;

import java.time.Clock;
import java.time.LocalDate;
import java.time.ZoneOffset;

/** The service's one time zone: UTC+8, a fixed offset with no daylight saving, whatever the host's zone. */
public final class Utc8 {
    public static final ZoneOffset OFFSET = ZoneOffset.ofHours(8);

    private Utc8() {}

    private static final long OFFSET_MILLIS = 8 * 3_600_000L;
    private static final long DAY_MILLIS = 86_400_000L;

    /** The UTC+8 date at the clock's current instant, as an epoch day (cheap enough for every request). */
    public static long epochDay(Clock clock) {
        return Math.floorDiv(clock.millis() + OFFSET_MILLIS, DAY_MILLIS);
    }

    /** The calendar date in UTC+8 at the clock's current instant. */
    public static LocalDate today(Clock clock) {
        return LocalDate.ofInstant(clock.instant(), OFFSET);
    }
}
