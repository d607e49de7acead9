package pocketapi.regions;

import java.net.URI;
import java.util.List;
import pocketapi.holidays.HolidayDataException;

/**
 * What a region's update source fetches with, in one round: each failure noted, once per change, by the updater, in the
 * log of the role the source plays.
 */
public interface Fetching {
    /** The body at {@code url}, or null (why is noted). */
    byte[] fetch(URI url);

    /** The first of {@code urls} whose answer {@code reader} reads; null when none does (each failure noted). */
    <T> Read<T> first(List<URI> urls, Reader<T> reader);

    /** Notes what a URL's answer came to. */
    void note(URI url, String outcome);

    /** The same, with every outcome noted as a confirming source's (Taiwan's second mirror), not an update source's. */
    Fetching confirming();

    /** How a source's file reads. */
    interface Reader<T> {
        T read(String source, byte[] body) throws HolidayDataException;
    }

    /** A file as read, and where it came from. */
    record Read<T>(URI url, T value) {}
}
