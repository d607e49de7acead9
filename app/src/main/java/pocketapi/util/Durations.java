package pocketapi.util;

import java.time.Duration;

/** Intervals as people write them. Stateless. */
public final class Durations {
    private Durations() {
    }

    /** {@code 6 h}, {@code 90 min}, {@code 10 s}. */
    public static String forPeople(Duration d) {
        long s = d.toSeconds();
        if (s % 3600 == 0) {
            return s / 3600 + " h";
        }
        return s % 60 == 0 ? s / 60 + " min" : s + " s";
    }
}
