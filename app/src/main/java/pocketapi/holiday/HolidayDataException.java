package pocketapi.holiday;

/** The holiday data cannot be used; the message names the file and the problem. */
public final class HolidayDataException extends Exception {
    public HolidayDataException(String message) {
        super(message);
    }
}
