package pocketapi.holiday;

/**
 * Holiday data that cannot be used: where it came from (a file, a URL, a built-in resource) and
 * what is wrong with it, kept apart so a line that names the source itself can say the problem alone.
 */
public final class HolidayDataException extends Exception {
    private final String source;
    private final String problem;

    public HolidayDataException(String source, String problem) {
        super(source + ": " + problem);
        this.source = source;
        this.problem = problem;
    }

    /** Where the data came from. */
    public String source() {
        return source;
    }

    /** What is wrong, without the source. */
    public String problem() {
        return problem;
    }
}
