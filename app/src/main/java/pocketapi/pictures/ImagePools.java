package pocketapi.pictures;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import pocketapi.files.Allowance;

/**
 * The portrait and the landscape pool as one pool, each picture keeping its side. Without pool files, the bundled
 * sample pictures.
 */
public record ImagePools(ImagePool both, boolean bundled) {
    /** The bundled sample pools. */
    public static ImagePools samples() throws ImagePoolException {
        return new ImagePools(
                ImagePool.join(
                        "built-in samples",
                        ImagePool.resource("samples/portrait.txt", ImagePool.Shape.PORTRAIT),
                        ImagePool.resource("samples/landscape.txt", ImagePool.Shape.LANDSCAPE)),
                true);
    }

    /** The pools of the given files, or the samples when neither file is given, with no limit on what they take. */
    public static ImagePools load(Optional<Path> portrait, Optional<Path> landscape) throws ImagePoolException {
        return load(portrait, landscape, Allowance.unlimited());
    }

    /** The pools of the given files, their entries charged to {@code allowance}; the samples when neither is given. */
    public static ImagePools load(Optional<Path> portrait, Optional<Path> landscape, Allowance allowance)
            throws ImagePoolException {
        if (portrait.isEmpty() && landscape.isEmpty()) {
            return samples();
        }
        if (portrait.isEmpty() || landscape.isEmpty()) {
            throw new ImagePoolException("IMAGE_POOL_PORTRAIT and IMAGE_POOL_LANDSCAPE must be set together");
        }
        return new ImagePools(
                ImagePool.join(
                        portrait.get() + " + " + landscape.get(),
                        ImagePool.read(portrait.get(), "IMAGE_POOL_PORTRAIT", ImagePool.Shape.PORTRAIT, allowance),
                        ImagePool.read(landscape.get(), "IMAGE_POOL_LANDSCAPE", ImagePool.Shape.LANDSCAPE, allowance)),
                false);
    }

    /** The portrait pool's pictures. */
    public List<ImagePool.Picture> portrait() {
        return both.choice(ImagePool.Shape.PORTRAIT, ImagePool.Shape.PORTRAIT);
    }

    /** The landscape pool's pictures. */
    public List<ImagePool.Picture> landscape() {
        return both.choice(ImagePool.Shape.LANDSCAPE, ImagePool.Shape.LANDSCAPE);
    }
}
