package pocketapi.web;

/** Where a counted call is counted: the counters, or (without them served) nowhere. Thread-safe. */
@FunctionalInterface
public interface CallCounter {
    /** Nothing is counted. */
    CallCounter NONE = (user, family) -> {};

    /** Counts one call by {@code user} to an endpoint of {@code family}. */
    void count(String user, Family family);
}
