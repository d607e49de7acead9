package pocketapi.files;

/**
 * What a reader may still make of the heap, charged as it reads (an entry at a time, before the entry is kept), so that
 * a file inside its size limit whose content would not fit is refused part-way, never read whole and measured after.
 * Not thread-safe: one reader at a time.
 */
public final class Allowance {
    private final long limit;
    private final String what;
    private long used;

    /** @param what what is charged, for the refusal: {@code the sentence files} */
    public Allowance(long limit, String what) {
        this.limit = limit;
        this.what = what;
    }

    /** No limit (the jar's own files, tests of parsing alone). */
    public static Allowance unlimited() {
        return new Allowance(Long.MAX_VALUE, "");
    }

    /** Charges {@code bytes}; past the limit, refuses. */
    public void charge(long bytes) {
        used += bytes;
        if (used > limit) {
            throw new Exceeded(what + " would take more than " + limit / 1024 + " KB of the heap, more than the memory "
                    + "budget leaves them (docs/deploy.md: Memory)");
        }
    }

    /** What was charged so far. */
    public long used() {
        return used;
    }

    /** Past the allowance; the message says what and how much. */
    public static final class Exceeded extends RuntimeException {
        Exceeded(String message) {
            super(message, null, false, false);
        }
    }
}
