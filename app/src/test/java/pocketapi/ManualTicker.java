package pocketapi;

import java.time.Duration;

import pocketapi.util.Ticker;

/** A {@link Ticker} a test moves by hand. */
public final class ManualTicker implements Ticker {
    private volatile long nanos = 1_000_000_000L;

    @Override
    public long nanos() {
        return nanos;
    }

    public void advance(Duration by) {
        nanos += by.toNanos();
    }
}
