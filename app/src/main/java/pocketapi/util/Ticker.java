package pocketapi.util;

/**
 * Elapsed time, in nanoseconds from an arbitrary origin: {@link System#nanoTime} in the service, a
 * value a test moves by hand in tests, so that retry pauses, freshness and hand-off intervals are
 * decided by the test, not by how busy the machine is.
 */
@FunctionalInterface
public interface Ticker {
    Ticker SYSTEM = System::nanoTime;

    long nanos();
}
