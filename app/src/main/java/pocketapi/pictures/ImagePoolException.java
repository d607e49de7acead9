package pocketapi.pictures;

/** A pool file cannot be used; the message names the file and the problem. */
public final class ImagePoolException extends Exception {
    public ImagePoolException(String message) {
        super(message);
    }
}
