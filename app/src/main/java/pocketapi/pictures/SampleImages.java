package pocketapi.pictures;

import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import pocketapi.files.Resources;

/** The bundled sample pictures, held in memory (a few KB each), looked up by pool entry. Immutable. */
public final class SampleImages {
    private final Map<String, byte[]> pictures;

    private SampleImages(Map<String, byte[]> pictures) {
        this.pictures = Map.copyOf(pictures);
    }

    /** Loads every picture that the given pools list from the jar. */
    public static SampleImages of(ImagePools pools) throws ImagePoolException {
        Map<String, byte[]> pictures = new HashMap<>();
        for (String entry : pools.both().entries()) {
            pictures.put(entry, read(entry));
        }
        return new SampleImages(pictures);
    }

    private static byte[] read(String entry) throws ImagePoolException {
        return Resources.read(entry)
                .orElseThrow(() -> new ImagePoolException("built-in " + entry + ": missing from the jar"));
    }

    /** The picture of a (decoded) entry path such as {@code samples/portrait-1.png}. */
    public Optional<byte[]> get(String entry) {
        return Optional.ofNullable(pictures.get(entry));
    }
}
