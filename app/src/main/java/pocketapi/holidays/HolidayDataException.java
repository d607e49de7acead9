package pocketapi.holidays;

import pocketapi.logging.LogText;

/**
 * Holiday data that cannot be used: where it came from (a file, a URL, a built-in resource) and what is wrong with it,
 * kept apart so a line that names the source itself can say the problem alone.
 *
 * <p>The problem is a fixed phrase per kind of failure ({@code not valid JSON at line 1, column 1}, {@code days[3]:
 * "date" is not a date YYYY-MM-DD}): positions, numbers and dates the parser read, never text of the data itself, so
 * that it can be logged and shown on the page for a fetched file. The offending text, when there is one, is kept apart
 * ({@link #detailed}) for the operator's own files alone.
 */
public final class HolidayDataException extends Exception {
    private final String source;
    private final String problem;
    private final String quoted;

    /** @param problem words of the service's own (and numbers or dates it read), never text of the data */
    public HolidayDataException(String source, String problem) {
        this(source, problem, null);
    }

    /** @param quoted the offending text of the data, or null: shown for the operator's own files only */
    public HolidayDataException(String source, String problem, String quoted) {
        super(source + ": " + detailed(problem, quoted));
        this.source = source;
        this.problem = problem;
        this.quoted = quoted;
    }

    private static String detailed(String problem, String quoted) {
        return quoted == null ? problem : problem + " (" + LogText.safe(quoted, LogText.SHORT) + ")";
    }

    /** Where the data came from. */
    public String source() {
        return source;
    }

    /** What is wrong, without the source and without any text of the data: safe to show for a fetched file. */
    public String problem() {
        return problem;
    }

    /** What is wrong with the offending text escaped and cut short, for a file of the operator's own. */
    public String detailed() {
        return detailed(problem, quoted);
    }
}
