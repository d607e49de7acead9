package pocketapi;

import java.time.Clock;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;

/** A clock a test can move. */
public final class MutableClock extends Clock {
    private volatile Instant now;

    public MutableClock(String instant) {
        this.now = Instant.parse(instant);
    }

    /**
     * The system clock, running, moved to noon (UTC+8) of the day it is now: a test that counts "today" keeps its day
     * for twelve hours, whenever it runs, and the date is still the real one (Redis expires the day's keys by its own
     * clock).
     */
    public static Clock noonOfToday() {
        Instant now = Instant.now();
        Instant noon = java.time.LocalDate.ofInstant(now, pocketapi.common.Utc8.OFFSET)
                .atTime(12, 0)
                .toInstant(pocketapi.common.Utc8.OFFSET);
        return Clock.offset(Clock.systemUTC(), java.time.Duration.between(now, noon));
    }

    public void set(String instant) {
        now = Instant.parse(instant);
    }

    public void advance(java.time.Duration by) {
        now = now.plus(by);
    }

    @Override
    public ZoneId getZone() {
        return ZoneOffset.UTC;
    }

    @Override
    public Clock withZone(ZoneId zone) {
        throw new UnsupportedOperationException();
    }

    @Override
    public Instant instant() {
        return now;
    }
}
