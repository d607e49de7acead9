package pocketapi.holiday;

/** The holiday data cannot be used; the message names the file and the problem. */
public final class HolidayDataException extends Exception {
    public HolidayDataException(String message) {
        super(message);
    }

    /** The message without the leading {@code "<source>: "}, for a line that names the source itself. */
    public String problem(String source) {
        String prefix = source + ": ";
        return getMessage().startsWith(prefix) ? getMessage().substring(prefix.length()) : getMessage();
    }
}
