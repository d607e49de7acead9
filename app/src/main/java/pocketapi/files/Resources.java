package pocketapi.files;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Optional;

/** Reads files shipped inside the jar (holiday years, sample pictures and pools, the landing page). */
public final class Resources {
    private Resources() {}

    /** The bytes of a resource, or empty when the jar has no such entry. */
    public static Optional<byte[]> read(String path) {
        try (InputStream in = Resources.class.getClassLoader().getResourceAsStream(path)) {
            return in == null ? Optional.empty() : Optional.of(in.readAllBytes());
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + path + " from the jar", e);
        }
    }
}
