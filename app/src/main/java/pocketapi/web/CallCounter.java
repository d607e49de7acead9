package pocketapi.web;

/** Where a counted call is counted: the counters, or (without them served) nowhere. Thread-safe. */
@FunctionalInterface
public interface CallCounter {
    /** Nothing is counted. */
    CallCounter NONE = (user, agent, family) -> {};

    /**
     * Counts one call by {@code user}, who sent {@code agent} as its {@code User-Agent} (null: none), to
     * {@code family}.
     */
    void count(String user, String agent, Family family);
}
