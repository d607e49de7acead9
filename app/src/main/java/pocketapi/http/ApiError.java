package pocketapi.http;

/** A client error to answer with the JSON error body; the message says what was wrong and what is accepted. */
final class ApiError extends RuntimeException {
    private final int status;

    ApiError(int status, String message) {
        super(message, null, false, false);
        this.status = status;
    }

    int status() {
        return status;
    }
}
