package pocketapi.counters;

/**
 * One counter: a total, and the count of one UTC+8 day ({@code day}, an epoch day). Both only grow (the daily count
 * within its day), so two copies of a tally merge by taking the larger: the larger total, and the later day's count, or
 * the larger count of the same day. That merge is order-free and idempotent, which is all the files and Redis rely on.
 * Immutable.
 */
public record Tally(long total, long daily, long day) {
    public static final Tally ZERO = new Tally(0, 0, 0);

    /** The merge of two copies of the same counter. */
    Tally max(Tally other) {
        long d = Math.max(day, other.day);
        long count = Math.max(day == d ? daily : 0, other.day == d ? other.daily : 0);
        return new Tally(Math.max(total, other.total), count, d);
    }

    /** The count of {@code today}: 0 when the tally's day is another. */
    long dailyOn(long today) {
        return day == today ? daily : 0;
    }
}
