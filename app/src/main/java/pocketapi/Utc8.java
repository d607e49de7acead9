package pocketapi;

import java.time.Clock;
import java.time.LocalDate;
import java.time.ZoneOffset;

/** The service's one time zone: UTC+8, a fixed offset with no daylight saving, whatever the host's zone. */
public final class Utc8 {
    public static final ZoneOffset OFFSET = ZoneOffset.ofHours(8);

    private Utc8() {
    }

    /** The calendar date in UTC+8 at the clock's current instant. */
    public static LocalDate today(Clock clock) {
        return LocalDate.ofInstant(clock.instant(), OFFSET);
    }
}
