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
